import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { applicationPath } from '@pmw/contract/hiring';
import { outboxOtpAfter, openLive } from './helpers';
import { startServer, type RunningServer } from './server';

/**
 * Every OTP step asked again inside the server's resend window (Login pressed
 * twice, a second tab, a reload, Cancel then Submit, Change Number? and the
 * same number) reopens the OTP field with the seconds left and "OTP already
 * sent", and the code already on the phone still works. The suite's own
 * server keeps the resend wait on, as the product runs: each flow waits its
 * own countdown, the one its page shows (30 s, or 60 s on the campaign page
 * and the team login).
 */
const test = base.extend<object, { resendServer: RunningServer }>({
  resendServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer({ OTP_RESEND_SECONDS: '30' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ resendServer }, use) => use(resendServer.baseUrl),
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const fresh = (prefix: string) => `${prefix}${String(Date.now()).slice(-9)}`;

/** The OTP field is open again with a countdown that started before, and the bar says so. */
async function expectAlreadySent(page: Page, scope: Page | Locator = page, window: number = RESEND_COUNTDOWN.partnerLogin) {
  await expect(page.getByText('OTP already sent')).toBeVisible();
  await expect(scope.getByLabel('OTP', { exact: true })).toBeVisible();
  const countdown = scope.getByText(/Resend OTP in \d+s/);
  await expect(countdown).toBeVisible();
  const left = Number(/(\d+)s/.exec((await countdown.textContent()) ?? '')?.[1]);
  // The page counts the server's seconds left of the same window, not a window of its own.
  expect(left).toBeGreaterThan(window / 2);
  expect(left).toBeLessThanOrEqual(window);
}

test('partner login: Login again after a reload and in a second tab, the first code logs in', async ({ page, context }) => {
  const mobile = fresh('9');
  await page.goto('/partner/');
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('OTP sent to Mobile')).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);

  await page.reload();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Login' }).click();
  await expectAlreadySent(page);

  const tab = await context.newPage();
  await tab.goto('/partner/');
  await tab.getByLabel('Mobile Number').fill(mobile);
  await tab.getByRole('button', { name: 'Login' }).click();
  await expectAlreadySent(tab);
  await tab.screenshot({ path: test.info().outputPath('partner-otp-already-sent-390.png'), fullPage: true });

  await tab.getByLabel('OTP', { exact: true }).fill(otp);
  await tab.getByRole('button', { name: 'Submit OTP' }).click();
  // A new partner lands on their profile.
  await expect(tab).toHaveURL(/\/partner\/profile$/);
});

test('team login: Change Number? and Send OTP with the same number, the first code logs in', async ({ page }) => {
  const mobile = fresh('8');
  await page.goto('/mt/TEAM01');
  await page.getByLabel('Name').fill('Lata Singh');
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await page.getByRole('button', { name: 'Change Number?' }).click();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expectAlreadySent(page, page, RESEND_COUNTDOWN.teamLogin);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Projects' })).toBeVisible();
});

test('support login: Login again after a reload, the first code logs in', async ({ page }) => {
  const mobile = fresh('7');
  await page.goto('/support');
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await page.reload();
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByRole('button', { name: 'Login' }).click();
  await expectAlreadySent(page);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();
});

test('applicant /detailsPage: Change Number? then Next with the same number, the first code applies', async ({ page }) => {
  await openLive(page, applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 }));
  await page.getByRole('link', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(/\/detailsPage\?/);
  const mobile = fresh('6');
  await page.getByLabel('Name').fill('Ravi Kumar');
  await page.getByLabel('Phone').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await page.getByRole('button', { name: 'Change Number?' }).click();
  await expect(page.getByLabel('Phone')).toHaveValue(mobile);
  await page.getByRole('button', { name: 'Next' }).click();
  await expectAlreadySent(page);
  await page.screenshot({ path: test.info().outputPath('details-otp-already-sent-390.png'), fullPage: true });
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/slotselect$/);
});

test('campaign lead: Cancel then Submit reopens the dialog, the first code adds the lead', async ({ page }) => {
  const mobile = fresh('9');
  await openLive(page, '/utm/asha01/400');
  await page.getByLabel(/Customer Mobile/).fill(mobile);
  await page.getByLabel(/Customer Name/).fill('Kavya Rao');
  await page.getByLabel(/PAN Number/).fill('ABCPK1234K');
  await page.getByLabel(/City/).selectOption('Pune');
  await page.getByLabel('Application Form Photo').setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded: form.png')).toBeVisible();
  const before = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expectAlreadySent(page, dialog, RESEND_COUNTDOWN.campaign);
  await page.screenshot({ path: test.info().outputPath('campaign-otp-already-sent-390.png'), fullPage: true });
  await dialog.getByLabel('OTP', { exact: true }).fill(otp);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Verification Successful' })).toBeVisible();
});

test('credit consent: Cancel then Check eligibility reopens the dialog, the first code checks', async ({ page }) => {
  const mobile = fresh('9');
  await openLive(page, '/utm/asha01/351');
  await page.getByLabel(/Customer Mobile/).fill(mobile);
  await page.getByLabel(/Customer Name/).fill('Sunil Rao');
  await page.getByLabel(/PAN Number/).fill('ABCPR7512F');
  await page.getByLabel(/Monthly Income/).fill('60000');
  await page.getByLabel(/Loan Amount/).selectOption('₹1-3 lakh');
  const before = Date.now();
  await page.getByRole('button', { name: 'Check eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Allow the credit profile check' });
  await expect(dialog.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Check eligibility' }).click();
  await expectAlreadySent(page, dialog, RESEND_COUNTDOWN.campaign);
  await dialog.getByLabel('OTP', { exact: true }).fill(otp);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('dialog', { name: 'Verification Successful' })).toBeVisible();
});

test("team lead: Cancel then Submit reopens the customer's OTP with the server's seconds left, the first code adds the lead", async ({
  page,
}) => {
  await page.goto('/mt/TEAM01');
  await page.getByLabel('Name').fill('Meena Devi');
  await page.getByLabel('Mobile Number').fill('9876500011');
  const loginAt = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500011', loginAt));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Add: Sahyog Platinum Credit Card' }).click();
  const mobile = fresh('9');
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Resend Customer');
  await page.getByLabel('PAN Number').fill('QRSPT8899U');
  await page.getByLabel('City').selectOption('Pune');
  const before = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: "Customer's OTP" });
  await expect(dialog.getByText(/Resend OTP in \d+s/)).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  // A few seconds of the server's window pass while the member talks to the customer.
  await expect(dialog.getByText(/Resend OTP in (1\d|2[0-6])s/)).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('OTP already sent')).toBeVisible();
  const countdown = dialog.getByText(/Resend OTP in \d+s/);
  const left = Number(/(\d+)s/.exec((await countdown.textContent()) ?? '')?.[1]);
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(27);
  await dialog.getByLabel("Customer's OTP").fill(otp);
  await dialog.getByRole('button', { name: 'Verify and submit' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();
});
