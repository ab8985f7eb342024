import { expect, test, type Page } from '@playwright/test';
import { feedbackLinkPath } from '@pmw/contract/feedback';
import { applicationPath } from '@pmw/contract/hiring';
import { outboxOtpAfter } from './helpers';

/**
 * The server-rendered pages on a slow phone: the page is on the screen before
 * its script. Every control either works without script (a link, a form the
 * server answers) or is shown disabled until the page is live and then works
 * on the first tap; nothing typed or chosen before then is lost.
 */

const jobLink = applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 });
const kioskFeedback = feedbackLinkPath({ job_task_id: 5005, ref_value: '9876512349', user_id: 102, otp: '2468' });

/** Holds the page's scripts until released, so the page stays as the server sent it for as long as the test looks. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  // Released, the held scripts and any later ones pass at once.
  return async () => release();
}

/** A phone six times slower than this machine, so hydration comes late. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** Console lines React prints when the browser's first render differs from the server's HTML. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (
      (msg.type() === 'error' || msg.type() === 'warning') &&
      /hydrat|did not match|server rendered|Minified React error #(418|419|422|423|425)/i.test(msg.text())
    )
      problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

/** Signs a customer in on this device (the campaign page then greets them and offers Not you?). */
async function rememberCustomer(page: Page, mobile: string, name: string) {
  const since = Date.now();
  expect((await page.request.post('/api/v2/utm/customer/otp/send', { data: { mobile, utm_code: 'asha01', purpose: 'LOGIN' } })).ok()).toBe(
    true,
  );
  const otp = await outboxOtpAfter(page.request, mobile, since);
  const res = await page.request.post('/api/v2/utm/customer/login', { data: { mobile, otp, utm_code: 'asha01', name } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** A control shown but not yet working: disabled, and a screen reader hears it is not ready. */
async function expectWaiting(page: Page, name: string | RegExp, within = page.locator('body')) {
  const control = within.getByRole('button', { name });
  await expect(control).toBeDisabled();
  await expect(control).toHaveAttribute('aria-disabled', 'true');
  await expect(control).toHaveAccessibleName(/not ready yet|अभी तैयार नहीं/);
}

test('a product page tapped before it is live: each control waits, then works on the first tap; what was typed stays', async ({ page }) => {
  const problems = hydrationProblems(page);
  await rememberCustomer(page, '9833300071', 'Kiran Shah');
  const release = await holdScripts(page);
  await page.goto('/utm/asha01/400', { waitUntil: 'commit' });
  await expect(page.getByText('Hello Kiran Shah')).toBeVisible();

  // Before the script: the buttons that need it wait, shown so; Get Now is a link and works.
  await expectWaiting(page, /^Not you\?/);
  await expectWaiting(page, /^Details/);
  await expectWaiting(page, /^Submit/);
  await expectWaiting(page, /^हिन्दी/);
  const cards = page.getByRole('region', { name: 'Credit Cards' });
  await expectWaiting(page, /^Show All/, cards);
  await expect(cards.getByRole('link', { name: 'Get Now: Sahyog Travel Credit Card' })).toHaveAttribute('href', '/utm/asha01/401');
  // A tap now is not taken: the button stays as it was, and the customer is still greeted.
  await page.getByRole('button', { name: /^Not you\?/ }).click({ force: true });
  await expect(page.getByText('Hello Kiran Shah')).toBeVisible();

  // The customer types while waiting.
  await page.getByLabel(/PAN Number/).fill('ABCPK1234L');
  await page.getByLabel('Country code').selectOption('+971');

  await slowCpu(page);
  await release();
  // Tapped as soon as it works: Details opens at once.
  await page.getByRole('button', { name: 'Details', exact: true }).click();
  const details = page.getByRole('dialog', { name: 'Sahyog Millennia Credit Card: details' });
  await expect(details.getByText('Who can apply')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // What was typed before stayed; the remembered customer's mobile and name are filled in.
  await expect(page.getByLabel(/PAN Number/)).toHaveValue('ABCPK1234L');
  await expect(page.getByLabel('Country code')).toHaveValue('+971');
  await expect(page.getByLabel(/Customer Mobile/)).toHaveValue('9833300071');
  await expect(page.getByLabel(/Customer Name/)).toHaveValue('Kiran Shah');

  // Not you? on its first live tap forgets the customer and empties their mobile and name.
  await page.getByRole('button', { name: 'Not you?', exact: true }).click();
  await expect(page.getByText('Hello Kiran Shah')).toBeHidden();
  await expect(page.getByLabel(/Customer Mobile/)).toHaveValue('');
  await expect(page.getByLabel(/Customer Name/)).toHaveValue('');

  await cards.getByRole('button', { name: 'Show All', exact: true }).click();
  expect(await cards.getByRole('link', { name: /^Get Now:/ }).count()).toBeGreaterThanOrEqual(12);
  expect(problems).toEqual([]);

  await page.getByRole('button', { name: 'हिन्दी', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: 'Asha Verma के सुझाए प्रोडक्ट' })).toBeVisible();
});

test('Not you? tapped as soon as it shows, on a slow phone, empties the mobile and name', async ({ page }) => {
  await rememberCustomer(page, '9833300072', 'Lata Menon');
  await slowCpu(page);
  await page.goto('/utm/asha01/400', { waitUntil: 'commit' });
  // Clicked the moment it is on the screen: the click is taken once the button works, not before.
  await page.getByRole('button', { name: /^Not you\?/ }).click();
  await expect(page.getByText('Hello Lata Menon')).toBeHidden();
  await expect(page.getByLabel(/Customer Mobile/)).toHaveValue('');
  await expect(page.getByLabel(/Customer Name/)).toHaveValue('');
  // And it stays so: the device forgot the customer.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();
  await expect(page.getByText('Hello Lata Menon')).toHaveCount(0);
});

test('Get Now and Show All tapped as soon as they show, on a slow phone', async ({ page }) => {
  await slowCpu(page);
  await page.goto('/utm/asha01', { waitUntil: 'commit' });
  const cards = page.getByRole('region', { name: 'Credit Cards' });
  await cards.getByRole('button', { name: /^Show All/ }).click();
  expect(await cards.getByRole('link', { name: /^Get Now:/ }).count()).toBeGreaterThanOrEqual(12);

  // Before the script, Get Now is a link: it opens the product's page with its card selected.
  const release = await holdScripts(page);
  await page.goto('/utm/asha01', { waitUntil: 'commit' });
  await page.getByRole('region', { name: 'Credit Cards' }).getByRole('link', { name: 'Get Now: Sahyog Millennia Credit Card' }).click();
  await expect(page).toHaveURL(/\/utm\/asha01\/400$/);
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Now: Sahyog Millennia Credit Card' })).toHaveAttribute('aria-current', 'true');
  await release();
});

test('the job page before it is live: Apply Now is a link that works, the language switch waits and then works', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto(jobLink, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Delivery Partner', level: 1 })).toBeVisible();
  await expectWaiting(page, /^हिन्दी/);
  await expect(page.getByRole('link', { name: 'Apply Now' })).toBeEnabled();
  await release();

  await slowCpu(page);
  await page.goto(jobLink, { waitUntil: 'commit' });
  await page.getByRole('button', { name: /^हिन्दी/ }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto(jobLink, { waitUntil: 'commit' });
  await page.getByRole('link', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(/\/detailsPage\?job_id=261&job_location_id=2611&recruiter_id=101/);
});

test('the feedback page before it is live: a star tapped then stays chosen, the submit works as a form, the language switch waits', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(kioskFeedback, { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Ravi' })).toBeVisible();
  await expectWaiting(page, /^हिन्दी/);
  // The form posts to the server without script: its button works now.
  await expect(page.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled();
  // A tap on the second star (its label) chooses it, and its reasons show.
  await page.locator('.fb-star').nth(1).click();
  await expect(page.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Was in hurry' })).toBeVisible();

  await slowCpu(page);
  await release();
  await expect(page.getByRole('button', { name: 'हिन्दी', exact: true })).toBeEnabled();
  await expect(page.getByRole('radio', { name: '2 stars' })).toBeChecked();
  // Live, the next tap on a star selects that rating at once.
  await page.locator('.fb-star').nth(4).click();
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Explained the product clearly' })).toBeVisible();
});

test('a star tapped as soon as it shows, on a slow phone, selects that rating', async ({ page }) => {
  await slowCpu(page);
  await page.goto(kioskFeedback, { waitUntil: 'commit' });
  await page.locator('.fb-star').nth(2).click();
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Speaking rudely' })).toBeVisible();
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the buttons that need script are faded and disabled, a note says why, and links work', async ({ page }) => {
    await rememberCustomer(page, '9833300073', 'Farah Khan');
    await page.goto('/utm/asha01/400');
    // The note is the template's <noscript>, which text selectors do not look into.
    await expect(page.locator('.noscript-note[lang="en"]')).toBeVisible();
    await expect(page.locator('.noscript-note[lang="en"]')).toHaveText(
      'Faded buttons need JavaScript, which is off in this browser. Links work without it.',
    );
    await expect(page.locator('.noscript-note[lang="hi"]')).toBeHidden();
    await expectWaiting(page, /^Not you\?/);
    await expectWaiting(page, /^Submit/);
    await expectWaiting(page, /^Details/);
    await page.getByRole('region', { name: 'Credit Cards' }).getByRole('link', { name: 'Get Now: Sahyog Travel Credit Card' }).click();
    await expect(page).toHaveURL(/\/utm\/asha01\/401$/);
    await expect(page.getByRole('heading', { name: 'Apply for Sahyog Travel Credit Card' })).toBeVisible();

    await page.goto(jobLink);
    await expectWaiting(page, /^हिन्दी/);
    await page.getByRole('link', { name: 'Apply Now' }).click();
    await expect(page).toHaveURL(/\/detailsPage\?job_id=261/);
  });

  test('the note is in Hindi for a Hindi reader', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'pmw_lang', value: 'hi', url: baseURL! }]);
    await page.goto(kioskFeedback);
    await expect(page.locator('.noscript-note[lang="hi"]')).toBeVisible();
    await expect(page.locator('.noscript-note[lang="hi"]')).toContainText('धुंधले बटन JavaScript के बिना नहीं चलते');
    await expect(page.locator('.noscript-note[lang="en"]')).toBeHidden();
    await expectWaiting(page, /^English/);
  });
});
