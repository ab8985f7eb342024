import { expect, test, type Page } from '@playwright/test';
import { feedbackLinkPath } from '@pmw/contract/feedback';
import { applicationPath } from '@pmw/contract/hiring';
import { loginPartner, outboxOtpAfter, openLive } from './helpers';

/**
 * Every area under the page policy: each loads and works a step, and the
 * browser reports no policy violation (the event, or a console error).
 */
/** A 1x1 PNG, as a phone camera would hand over a photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const violations = new WeakMap<Page, string[]>();

test.beforeEach(async ({ page }) => {
  const seen: string[] = [];
  violations.set(page, seen);
  page.on('console', (msg) => {
    if (/Content Security Policy|Refused to (load|execute|connect|apply|evaluate|frame)/i.test(msg.text())) seen.push(msg.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
});

test.afterEach(async ({ page }) => {
  expect(violations.get(page)).toEqual([]);
});

async function policyOf(page: Page, path: string): Promise<string> {
  const res = await page.goto(path);
  return res?.headers()['content-security-policy'] ?? '';
}

test('the policy is in force on the pages', async ({ page }) => {
  const csp = await policyOf(page, '/partner/');
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  // An inline script a page might carry would not run.
  const ran = await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inline = true';
    document.body.append(s);
    return (window as unknown as { __inline?: boolean }).__inline === true;
  });
  expect(ran).toBe(false);
  // The refusal is reported, so the other tests' empty reports mean something.
  const seen = violations.get(page)!;
  await expect.poll(() => seen.some((v) => v.startsWith('script-src'))).toBe(true);
  seen.length = 0;
});

test('partner portal: log in, see the dashboard, log out', async ({ page }) => {
  await loginPartner(page, '9876500001');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Partner menu' }).getByRole('button', { name: 'Logout', exact: true }).click();
  await page.getByRole('dialog', { name: 'Are you sure to logout?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
  // Logged out for real: a reload shows the login again.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
});

test('campaign page: products load and Show All opens the rest', async ({ page }) => {
  await openLive(page, '/utm/asha01');
  await expect(page.getByRole('heading', { name: 'Products recommended by Asha Verma' })).toBeVisible();
  const cards = page.getByRole('region', { name: 'Credit Cards' });
  await cards.getByRole('button', { name: 'Show All' }).click();
  expect(await cards.getByRole('link', { name: /^Get Now:/ }).count()).toBeGreaterThanOrEqual(12);
});

test('candidate: the job page loads and Apply Now opens the details', async ({ page }) => {
  await openLive(page, applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 }));
  await expect(page.getByRole('heading', { name: 'Delivery Partner', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(/\/detailsPage\?/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
});

test('team: a member logs in, starts a lead with a photo and the map, and logs out', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 12.8925, longitude: 77.5983 });
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await page.getByLabel('Name').fill('Meena Devi');
  await page.getByLabel('Mobile Number').fill('9876500011');
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500011', before));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Hi Meena')).toBeVisible();
  // The photo's preview (a blob: image), its upload and the map picker, under the policy.
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  await page.getByLabel('Shop Photo').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded: shop.png')).toBeVisible();
  await expect(page.getByText(/Selected: .*near Bengaluru 560076/)).toBeVisible();
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Hi Meena')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Are you sure to logout?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
});

test('support: a worker opens a query and its live channel connects', async ({ page }) => {
  await page.goto('/support');
  await page.getByLabel('Mobile Number').fill('9876500001');
  const before = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500001', before));
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  // Logged in once the login has gone (its heading is the list's too).
  await expect(page.getByRole('button', { name: 'Submit OTP' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await page.goto('/support/ticket?user_id=101&ticket_id=402');
  const ws = await socket;
  await ws.waitForEvent('framereceived');
  await expect(page.getByText('बैंक हर शुक्रवार')).toBeVisible();
});

test('feedback: the merchant link shows the partner', async ({ page }) => {
  await openLive(page, feedbackLinkPath({ job_task_id: 5001, ref_value: '9876512345', user_id: 101, otp: '4321' }));
  await expect(page.getByRole('heading', { name: 'Asha' })).toBeVisible();
});

test('data download: the form checks its fields', async ({ page }) => {
  await page.goto('/bueno/output');
  await expect(page.getByRole('heading', { name: 'Data download' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Data' }).click();
  await expect(page.getByText('Passcode is required')).toBeVisible();
});

test('ops console: an agent logs in, opens the support inbox and logs out', async ({ page }) => {
  await page.goto('/ops/');
  await page.getByLabel('Mobile Number').fill('9876500100');
  const since = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500100', since));
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
  await page.getByRole('link', { name: 'Support inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  await page.goto('/ops/');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Mobile Number')).toBeVisible();
});
