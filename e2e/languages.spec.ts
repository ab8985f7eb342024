import { expect, test, type Page } from '@playwright/test';
import { applicationPath } from '@pmw/contract/hiring';
import shared from '../apps/web/src/shared/messages.en';
import leadForm from '../apps/web/src/shared/lead-form/messages.en';
import campaign from '../apps/web/src/features/campaign/messages.en';
import feedback from '../apps/web/src/features/feedback/messages.en';
import candidate from '../apps/web/src/features/candidate/messages.en';
import team from '../apps/web/src/features/team/messages.en';
import support from '../apps/web/src/features/support/messages.en';
import partner from '../apps/web/src/features/partner/messages.en';
import projects from '../apps/web/src/features/partner/projects/messages.en';
import campaignLink from '../apps/web/src/features/partner/campaign/messages.en';
import dashboard from '../apps/web/src/features/partner/dashboard/messages.en';
import dataDownload from '../apps/web/src/features/data-download/messages.en';
import { outboxOtpAfter, openLive } from './helpers';

// Each area on a phone (390px): switch to हिन्दी, reload, and read the page.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words of an English catalogue that must not be on a Hindi screen: each
 * text's fixed parts (placeholders are data), leaving out acronyms people say
 * in Hindi too (OTP, PAN, ID) and bits too short to mean anything.
 */
function englishFragments(...catalogues: Record<string, string>[]): string[] {
  const out = new Set<string>();
  for (const c of catalogues)
    for (const text of Object.values(c))
      for (const part of text.split(/\{\w+\}/)) {
        const f = part.trim().replace(/^[\s:·,.()+*-]+|[\s:·,.()*-]+$/g, '');
        if (f.length >= 4 && /[a-z]{3,}/.test(f)) out.add(f);
      }
  return [...out];
}

/**
 * None of the English catalogues' texts is left on the screen. `data` lists
 * what ops or an employer wrote (form labels, a job's type), which is shown as written.
 */
async function expectNoEnglish(page: Page, catalogues: Record<string, string>[], data: (string | RegExp)[] = []) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  let screen = await page.locator('body').innerText();
  for (const d of data) screen = typeof d === 'string' ? screen.replaceAll(d, '') : screen.replace(new RegExp(d.source, 'g'), '');
  const left = englishFragments(...catalogues).filter((f) => new RegExp(`(^|[^A-Za-z])${escape(f)}([^A-Za-z]|$)`).test(screen));
  expect(left, `English left on ${page.url()}`).toEqual([]);
}

/** Presses हिन्दी; the page reloads in Hindi and remembers it in the cookie and on the device. */
async function switchToHindi(page: Page) {
  await page.getByRole('button', { name: 'हिन्दी' }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('button', { name: 'हिन्दी' }).first()).toHaveAttribute('aria-pressed', 'true');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'pmw_lang')?.value).toBe('hi');
  expect(await page.evaluate(() => localStorage.getItem('pmw_lang'))).toBe('hi');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
}

/** Nothing is cut off at the right edge of a phone. */
async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

test('campaign page in Hindi', async ({ page }) => {
  await openLive(page, '/utm/asha01');
  await expect(page.getByRole('heading', { name: 'Products recommended by Asha Verma' })).toBeVisible();
  await switchToHindi(page);
  await expect(page.getByRole('heading', { name: 'Asha Verma के सुझाए प्रोडक्ट' })).toBeVisible();
  await page
    .getByRole('link', { name: /^अभी लें/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'जमा करें' })).toBeVisible();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'जमा करें' }).click();
  await expect(page.getByText('मोबाइल नंबर डालना ज़रूरी है').first()).toBeVisible();
  await expectNoEnglish(page, [shared, leadForm, campaign]);
  await expectNoSideScroll(page);
});

test('merchant feedback page in Hindi', async ({ page }) => {
  // The feedback spec may have rated this visit already: then the thank-you page is what the merchant reads.
  await openLive(page, '/fb/5001/OTg3NjUxMjM0NQ%3D%3D/MTAx/NDMyMQ%3D%3D');
  await expect(page.getByText('Rate our Partner').or(page.getByText('Thank you for your valuable feedback'))).toBeVisible();
  const rated = await page.getByText('Thank you for your valuable feedback').isVisible();
  await switchToHindi(page);
  if (rated) {
    await expect(page.getByText('आपके कीमती फ़ीडबैक के लिए धन्यवाद')).toBeVisible();
  } else {
    await expect(page.getByText('हमारे पार्टनर को रेटिंग दें')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'अच्छे सेल्स पर्सन' })).toBeVisible();
  }
  await expectNoEnglish(page, [shared, feedback]);
  await expectNoSideScroll(page);
  await page.goto('/fb/5001/%25%25%25/MTAx/NDMyMQ==');
  await expect(page.getByRole('heading', { name: 'यह फ़ीडबैक लिंक सही नहीं है' })).toBeVisible();
  await expectNoEnglish(page, [shared, feedback]);
});

test('job page and details page in Hindi', async ({ page }) => {
  await openLive(page, applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 }));
  await expect(page.getByRole('link', { name: 'Apply Now' })).toBeVisible();
  await switchToHindi(page);
  await expect(page.getByRole('link', { name: 'अभी आवेदन करें' })).toBeVisible();
  await expectNoEnglish(page, [shared, candidate], ['Full Time']);
  await expectNoSideScroll(page);
  await page.getByRole('link', { name: 'अभी आवेदन करें' }).click();
  await expect(page.getByRole('heading', { name: 'आपकी जानकारी' })).toBeVisible();
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await expect(page.getByText('नाम डालना ज़रूरी है')).toBeVisible();
  await expectNoEnglish(page, [shared, candidate]);
  await expectNoSideScroll(page);
});

test('team area in Hindi, from login to the lead report', async ({ page }) => {
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await switchToHindi(page);
  await expect(page.getByText('Asha की टीम')).toBeVisible();
  await expectNoEnglish(page, [shared, team]);
  await page.getByLabel('नाम').fill('Meena Devi');
  await page.getByLabel('मोबाइल नंबर').fill('9876500011');
  const before = Date.now();
  await page.getByRole('button', { name: 'OTP भेजें' }).click();
  await expect(page.getByText('मोबाइल पर OTP भेज दिया गया है').first()).toBeVisible();
  const otp = await outboxOtpAfter(page.request, '9876500011', before);
  const sms = (await (await page.request.get('/api/v2/dev/outbox?mobile=9876500011')).json()).data[0].text as string;
  expect(sms).toContain('आपका PickMyWork OTP है');
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await expect(
    page
      .getByRole('tab', { name: 'प्रोजेक्ट' })
      .or(page.getByRole('button', { name: 'प्रोजेक्ट' }))
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^(जोड़ें|शेयर करें)/ }).first()).toBeVisible();
  await expectNoEnglish(page, [shared, leadForm, team]);
  await expectNoSideScroll(page);
  await page.getByText('मेरी लीड की रिपोर्ट').click();
  await expect(page.getByText('सारांश')).toBeVisible();
  await expect(page.locator('option', { hasText: 'इस हफ़्ते' })).toHaveCount(1);
  await expectNoEnglish(page, [shared, team]);
  await expectNoSideScroll(page);
});

test('support area in Hindi', async ({ page }) => {
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();
  await switchToHindi(page);
  await expect(page.getByRole('heading', { name: 'मदद और सवाल' })).toBeVisible();
  await page.getByLabel('मोबाइल नंबर').fill('9876500001');
  const before = Date.now();
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500001', before));
  await page.getByRole('button', { name: 'OTP जमा करें' }).click();
  await expect(page.getByRole('tab', { name: 'खुले सवाल' }).or(page.getByText('खुले सवाल')).first()).toBeVisible();
  await expectNoEnglish(page, [shared, support]);
  await expectNoSideScroll(page);
  await page
    .getByRole('button', { name: /सवाल पूछें/ })
    .first()
    .click();
  await expect(page.getByText('आपको किस बारे में मदद चाहिए?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'पेमेंट से जुड़ा सवाल' })).toBeVisible();
  await expectNoEnglish(page, [shared, support]);
  await expectNoSideScroll(page);
});

test('partner portal in Hindi: dashboard, report, payouts, profile, projects and customers', async ({ page }) => {
  await page.goto('/partner/');
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
  await switchToHindi(page);
  await expect(page.getByRole('heading', { name: 'PickMyWork में आपका स्वागत है' })).toBeVisible();
  await expectNoEnglish(page, [shared, partner]);
  await page.getByLabel('मोबाइल नंबर').fill('9876500001');
  const before = Date.now();
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500001', before));
  await page.getByRole('button', { name: 'OTP जमा करें' }).click();
  // Logged in once the login has gone (a navigation before that would cut the answer off).
  await expect(page.getByRole('button', { name: 'OTP जमा करें' })).toHaveCount(0);
  for (const [path, heading] of [
    ['/partner/dashboard', 'डैशबोर्ड'],
    ['/partner/report', 'लीड रिपोर्ट'],
    ['/partner/earnings', 'पेआउट की जानकारी'],
    ['/partner/profile', 'प्रोफ़ाइल की जानकारी'],
    ['/partner/profile/doc', 'प्रोफ़ाइल की जानकारी'],
    ['/partner/profile/bank', 'प्रोफ़ाइल की जानकारी'],
    ['/partner/projects', 'उपलब्ध प्रोजेक्ट'],
    ['/partner/customers', 'ग्राहक लीड'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
    await expect(page.getByText('लोड हो रहा है...')).toHaveCount(0);
    // The report's columns after Payout are the lead forms' labels, its comments ops', the wallet's remarks the ledger's: shown as written.
    await expectNoEnglish(
      page,
      [shared, partner, projects, campaignLink, dashboard],
      [
        'Customer Name',
        'Customer Mobile',
        'Shop Name',
        'Email',
        'City',
        'PAN Number',
        'Customer already has a card with us',
        'State Bank of India',
        'Sahyog Rewards Credit Card',
        'QuickKart Rewards Card',
        /Lead #\d+/,
        'Paid to HDFC Bank',
      ],
    );
    await expectNoSideScroll(page);
  }
});

test('data download page in Hindi', async ({ page }) => {
  await page.goto('/bueno/output');
  await expect(page.getByRole('heading', { name: 'Data download' })).toBeVisible();
  await switchToHindi(page);
  await expect(page.getByRole('heading', { name: 'डेटा डाउनलोड' })).toBeVisible();
  await page.getByRole('button', { name: 'डेटा बनाएँ' }).click();
  await expect(page.getByText('पासकोड डालना ज़रूरी है')).toBeVisible();
  await expectNoEnglish(page, [shared, dataDownload]);
  await expectNoSideScroll(page);
});

test('a first visit follows a Hindi-first browser, and English stays a press away', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'hi-IN', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/bueno/output');
  await expect(page.getByRole('heading', { name: 'डेटा डाउनलोड' })).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Data download' })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Data download' })).toBeVisible();
  await context.close();
});

test('the ops console stays English for a Hindi reader', async ({ page }) => {
  await page.context().addCookies([{ name: 'pmw_lang', value: 'hi', url: process.env.E2E_BASE_URL! }]);
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'PickMyWork Operations' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('button', { name: 'हिन्दी' })).toHaveCount(0);
});
