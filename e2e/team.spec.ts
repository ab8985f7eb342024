import { expect, test, type Page } from '@playwright/test';
import { outboxOtpAfter } from './helpers';

// A field agent on a phone (390px, the project's default) standing near 560076 in Bengaluru.
test.use({ geolocation: { latitude: 12.8925, longitude: 77.5983 }, permissions: ['geolocation', 'clipboard-read', 'clipboard-write'] });

/** A 1x1 PNG, as a phone camera would hand over a photo. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A customer mobile no earlier run has used, so the duplicate window never refuses it. */
const freshMobile = () => `98${String(Date.now()).slice(-8)}`;

async function loginTeam(page: Page, mobile: string, name: string, code = 'TEAM01') {
  await page.goto(`/mt/${code}`);
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('an unknown team shows Invalid URL, and /mt without a remembered team too', async ({ page }) => {
  await page.goto('/mt/NOPE99');
  await expect(page.getByRole('heading', { name: 'Invalid URL' })).toBeVisible();
  await page.goto('/mt');
  await expect(page.getByRole('heading', { name: 'Invalid URL' })).toBeVisible();
});

test('a blocked member learns the account was removed only after the OTP, and may use another number', async ({ page }) => {
  await loginTeam(page, '9876500019', 'Suresh Pal');
  await expect(page.getByText('Your account has been removed, Please contact your Admin.')).toBeVisible();
  await expect(page.getByLabel('Mobile Number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Use another number' }).click();
  await expect(page.getByLabel('Mobile Number')).toHaveValue('');
  await expect(page.getByLabel('OTP', { exact: true })).toHaveCount(0);
});

test('a stranger to an invite-only team is told to ask the manager, before any OTP is sent', async ({ page }) => {
  await page.goto('/mt/TEAM02');
  await expect(page.getByText('Team of Ravi')).toBeVisible();
  await page.getByLabel('Name').fill('Walk In');
  await page.getByLabel('Mobile Number').fill('9876588001');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('This team is by invitation only. Please ask your team manager to add you.')).toBeVisible();
  await expect(page.getByLabel('OTP', { exact: true })).toHaveCount(0);
  // What was typed stays.
  await expect(page.getByLabel('Mobile Number')).toHaveValue('9876588001');
  await page.screenshot({ path: test.info().outputPath('team-invite-only-390.png'), fullPage: true });
});

test('a wrong OTP is said under the OTP field, where the member looks, not only in a passing bar', async ({ page }) => {
  const mobile = freshMobile();
  await page.goto('/mt/TEAM01');
  await page.getByLabel('Name').fill('Walk In');
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const otp = page.getByLabel('OTP', { exact: true });
  await expect(otp).toBeVisible();
  const sent = await outboxOtpAfter(page.request, mobile, before);
  await otp.fill(sent === '1111' ? '2222' : '1111');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(otp).toHaveAttribute('aria-invalid', 'true');
  await expect(otp).toHaveAccessibleDescription(/^Incorrect OTP, please try again/);
  // Still at the login: nothing looks as if it went through.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('login rules: name of 3 or more, a 10-digit mobile', async ({ page }) => {
  await page.goto('/mt/TEAM01');
  await page.getByLabel('Name').fill('Me');
  await page.getByLabel('Mobile Number').fill('98765');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Invalid Mobile Number')).toBeVisible();
});

test('a member filters by pincode, adds a lead with a location, finds it in the report, shares a project and completes Add Details', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { __shared: shared });
    navigator.share = async (data?: ShareData) => {
      if (data) shared.push(data);
    };
  });
  await loginTeam(page, '9876500011', 'Meena Devi');
  await expect(page.getByText('Hi Meena')).toBeVisible();

  // The pincode search keeps 6 digits and fires at 6.
  await page.getByLabel('Pincode').fill('5600761');
  await expect(page.getByLabel('Pincode')).toHaveValue('560076');
  await expect(page.getByRole('heading', { name: 'PaySetu Merchant QR' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(2);

  // More Details.
  await page.getByRole('button', { name: 'More Details: PaySetu Merchant QR' }).click();
  const details = page.getByRole('dialog', { name: 'PaySetu Merchant QR' });
  await expect(details.getByText('Instant settlement')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  // Add a lead with a photo and the shop's location from the device.
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  await expect(page.getByRole('heading', { name: 'Add lead: PaySetu Merchant QR' })).toBeVisible();
  const mobile = freshMobile();
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Ganesh Shetty');
  await page.getByLabel('Shop Name').fill('Shetty Kirana');
  await page.getByLabel('Shop Photo').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded: shop.png')).toBeVisible();
  await expect(page.getByText(/Selected: .*near Bengaluru 560076/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();

  // It is in My Lead's Report under Added.
  await page.getByRole('button', { name: "My Lead's Report" }).click();
  await page.getByLabel('Period').selectOption('this_week');
  await page.getByRole('button', { name: /^PaySetu Merchant QR: Added [1-9]/ }).click();
  const list = page.getByRole('dialog', { name: 'PaySetu Merchant QR: Added' });
  await expect(list.getByRole('listitem').filter({ hasText: mobile })).toContainText('Ganesh Shetty');
  await list.getByRole('button', { name: 'Close' }).click();

  // Share a project shared by link (action_status 20): the team leader's campaign link.
  await page.getByRole('button', { name: 'Projects' }).click();
  await page.getByLabel('Pincode').fill('');
  await page.getByRole('button', { name: 'Share: Arogya Bike Insurance' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: ShareData[] }).__shared[0]?.url))
    .toMatch(/\/utm\/asha01\/233$/);
  // An archived project cannot take leads, and says why.
  await expect(page.getByRole('button', { name: 'Add: Kisan Two-Wheeler Loan' })).toBeDisabled();
  await expect(page.getByText('This project is paused till 1 December')).toBeVisible();

  // Add Details completes the waiting lead instead of adding another.
  await page.getByRole('button', { name: "My Lead's Report" }).click();
  await page.getByRole('button', { name: /Sahyog Platinum Credit Card: Added/ }).click();
  const added = page.getByRole('dialog', { name: 'Sahyog Platinum Credit Card: Added' });
  await added.getByRole('listitem').filter({ hasText: 'Lakshmi Iyer' }).getByRole('button', { name: '+ Add Details' }).click();
  await expect(page.getByRole('heading', { name: 'Add Details: Sahyog Platinum Credit Card' })).toBeVisible();
  await expect(page.getByLabel('Customer Name')).toHaveValue('Lakshmi Iyer');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('City')).toHaveAccessibleDescription('City is required');
  await page.getByLabel('City').selectOption('Chennai');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Lead details added successfully')).toBeVisible();
  // Back where the form was opened from: the list, without the request for details.
  await expect(added.getByText('Lakshmi Iyer')).toBeVisible();
  // (Other leads of the list may be waiting for details too: another spec sends one back.)
  await expect(added.getByRole('listitem').filter({ hasText: 'Lakshmi Iyer' }).getByRole('button', { name: '+ Add Details' })).toHaveCount(
    0,
  );
});

test('without a Web Share sheet the link is copied', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await loginTeam(page, '9876500011', 'Meena Devi');
  await page.getByRole('button', { name: 'Share: Tijori Mutual Fund SIP' }).click();
  await expect(page.getByText('Link Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/utm\/asha01\/242$/);
});

test('a lead filled offline waits on the phone and is sent once when the network returns', async ({ page, context }) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await page.getByRole('button', { name: 'Add: Sahyog Rewards Credit Card' }).click();
  const mobile = freshMobile();
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Offline Customer');
  await page.getByLabel('PAN Number').fill('KLMPO4455R');
  await page.getByLabel('City').selectOption('Pune');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('You are offline. Leads you add are kept on this phone.')).toBeVisible();
  const queue = page.getByRole('region', { name: 'Waiting to send' });
  await expect(queue.getByText('waiting to send', { exact: true })).toBeVisible();
  await expect(queue.getByText('Sahyog Rewards Credit Card')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText('1 saved lead(s) sent')).toBeVisible();
  await expect(queue).toHaveCount(0);
  const res = await page.request.get('/api/v2/team/project/report/data?form_id=202&status=0&archive_status=0');
  const leads = (await res.json()).data as { customer_mobile: string; mobile_check: string }[];
  // The form asks the customer's OTP, which cannot be asked offline: the lead went unverified.
  expect(leads.filter((l) => l.customer_mobile === mobile)).toMatchObject([{ mobile_check: 'unverified' }]);
  await page.getByRole('button', { name: "My Lead's Report" }).click();
  await page.getByRole('button', { name: /^Sahyog Rewards Credit Card: Added/ }).click();
  await expect(page.getByRole('dialog').getByRole('listitem').filter({ hasText: mobile })).toContainText('Mobile not verified');
});

test("a form that asks the customer's OTP sends it when the member submits, and the lead goes in once it is verified", async ({ page }) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await page.getByRole('button', { name: 'Add: Sahyog Platinum Credit Card' }).click();
  await expect(page.getByText('This project asks the customer for an OTP when you submit.')).toBeVisible();
  const mobile = freshMobile();
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Otp Customer');
  await page.getByLabel('PAN Number').fill('QRSPT8899U');
  await page.getByLabel('City').selectOption('Pune');
  const before = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: "Customer's OTP" });
  await expect(dialog.getByText(/Resend OTP in \d+s/)).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await dialog.getByLabel("Customer's OTP").fill(otp);
  await dialog.getByRole('button', { name: 'Verify and submit' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();
  const res = await page.request.get('/api/v2/team/project/report/data?form_id=201&status=0&archive_status=0');
  const leads = (await res.json()).data as { customer_mobile: string; mobile_check: string }[];
  expect(leads.filter((l) => l.customer_mobile === mobile)).toMatchObject([{ mobile_check: 'otp' }]);
});

test("the phone's Back moves between the area's screens and never leaves it", async ({ page }) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await expect(page.getByText('Hi Meena')).toBeVisible();
  await page.getByRole('button', { name: 'More Details: PaySetu Merchant QR' }).click();
  await expect(page).toHaveURL(/\/mt\/TEAM01\/project\/251$/);
  await expect(page.getByRole('dialog', { name: 'PaySetu Merchant QR' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/mt\/TEAM01$/);

  await page.getByRole('button', { name: "My Lead's Report" }).click();
  await page.getByRole('button', { name: /^Sahyog Platinum Credit Card: Added/ }).click();
  await expect(page).toHaveURL(/\/mt\/TEAM01\/report\/201\/0$/);
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/mt\/TEAM01\/report$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/mt\/TEAM01$/);
  await expect(page.getByRole('button', { name: 'Add: PaySetu Merchant QR' })).toBeVisible();

  // A screen opened directly (a reload, a link) has its parents behind it.
  await page.goto('/mt/TEAM01/report/201/0');
  await expect(page.getByRole('dialog', { name: 'Sahyog Platinum Credit Card: Added' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/mt\/TEAM01\/report$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/mt\/TEAM01$/);
  await expect(page.getByRole('button', { name: 'Add: PaySetu Merchant QR' })).toBeVisible();
});

test('a half-filled lead form, photo included, is kept on the phone through a reload, Back and going offline, and cleared once sent', async ({
  page,
  context,
}) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  await expect(page).toHaveURL(/\/mt\/TEAM01\/project\/251\/lead$/);
  const mobile = freshMobile();
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Draft Kept');
  await page.getByLabel('Shop Photo').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded: shop.png')).toBeVisible();
  await page.getByLabel('Shop Name').fill('Kept Stores');
  await expect(page.getByText('Saved on this phone')).toBeVisible();

  await page.reload();
  await expect(page.getByText('We kept what you filled in earlier.')).toBeVisible();
  await expect(page.getByLabel('Customer Mobile')).toHaveValue(mobile);
  await expect(page.getByLabel('Shop Name')).toHaveValue('Kept Stores');
  await expect(page.getByText('Uploaded: shop.png')).toBeVisible();
  await expect(page.locator('.lead-file__preview')).toBeVisible();

  // Back to the projects and in again, offline: still there.
  await page.getByRole('button', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/mt\/TEAM01$/);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  await expect(page.getByLabel('Customer Name')).toHaveValue('Draft Kept');
  await context.setOffline(false);

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/mt\/TEAM01$/);
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  await expect(page.getByLabel('Customer Mobile')).toHaveValue('');
  await expect(page.getByText('We kept what you filled in earlier.')).toHaveCount(0);
});

test('a photo picked offline waits on the phone with the queued lead, and reaches the server with it when the network returns', async ({
  page,
  context,
}) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  const mobile = freshMobile();
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Offline Photo');
  await page.getByLabel('Shop Name').fill('Signal Stores');

  await context.setOffline(true);
  await expect(page.getByText('You are offline. Leads you add are kept on this phone.')).toBeVisible();
  await page.getByLabel('Shop Photo').setInputFiles({ name: 'shop-offline.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('On this phone: shop-offline.png')).toBeVisible();
  await expect(page.getByText('No signal: it uploads when the network returns.')).toBeVisible();
  await expect(page.locator('.lead-file__preview')).toBeVisible();
  await expect(page.getByText('Saved on this phone')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-lead-offline-photo-390.png') });

  // The half-filled form keeps the photo: Back to the projects and in again, still offline.
  await page.getByRole('button', { name: '← Back' }).click();
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  await expect(page.getByText('We kept what you filled in earlier.')).toBeVisible();
  await expect(page.getByText('On this phone: shop-offline.png')).toBeVisible();
  await expect(page.locator('.lead-file__preview')).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  const queue = page.getByRole('region', { name: 'Waiting to send' });
  await expect(queue.getByText('1 photo waiting to upload')).toBeVisible();
  await expect(queue.getByText('waiting to send', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-queue-photo-390.png') });

  await context.setOffline(false);
  await expect(page.getByText('1 saved lead(s) sent')).toBeVisible();
  await expect(queue).toHaveCount(0);
  // The lead reached the server with its photo: the report holds its file, and the file is the photo picked.
  const res = await page.request.get('/api/v2/team/project/report/data?form_id=251&status=0&archive_status=0');
  const leads = (await res.json()).data as { customer_mobile: string; response_data: { input_id: number; value: string }[] }[];
  const lead = leads.find((l) => l.customer_mobile === mobile);
  const fileId = lead?.response_data.find((d) => d.input_id === 4)?.value;
  expect(fileId).toMatch(/^[1-9][0-9]*$/);
  const file = await page.request.get(`/api/v2/team/file/fetch/with/url?file_id=${fileId}`);
  const [stored] = (await file.json()).data as { url: string; file_name: string }[];
  expect(stored?.file_name).toBe('shop-offline.png');
  expect(Buffer.from(await (await page.request.get(stored!.url)).body()).equals(PNG)).toBe(true);
});

test('a photo the server refuses is named on the queued lead, and Fix opens the lead to replace it', async ({ page, context }) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  const mobile = freshMobile();
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Refused Photo');
  await page.getByLabel('Shop Name').fill('Refused Stores');
  await context.setOffline(true);
  await page.getByLabel('Shop Photo').setInputFiles({ name: 'shop-refused.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('On this phone: shop-refused.png')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  const queue = page.getByRole('region', { name: 'Waiting to send' });
  await expect(queue.getByText('1 photo waiting to upload')).toBeVisible();

  // The server refuses this upload (as it refuses a file over its limit).
  const refusal = 'File size is 16.20MB, It should be less than 15MB';
  await page.route('**/api/v2/team/file/s3/url/signed', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ status: false, code: 'BAD_REQUEST', message: refusal }),
    }),
  );
  await context.setOffline(false);
  await expect(queue.getByText(`shop-refused.png was not accepted: ${refusal}`)).toBeVisible();
  await expect(queue.getByText('not sent', { exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-queue-refused-390.png') });
  await page.unroute('**/api/v2/team/file/s3/url/signed');

  await queue.getByRole('button', { name: `Fix the lead of ${mobile}` }).click();
  await expect(page).toHaveURL(/\/mt\/TEAM01\/project\/251\/lead$/);
  await expect(queue).toHaveCount(0);
  await expect(page.getByLabel('Customer Name')).toHaveValue('Refused Photo');
  await expect(page.getByText(refusal)).toBeVisible();
  await page.getByLabel('Shop Photo').setInputFiles({ name: 'shop-fixed.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded: shop-fixed.png')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();
});

test('a submit whose answer is lost is retried with the same key and makes one lead', async ({ page }) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await page.getByRole('button', { name: 'Add: Sahyog Fuel Credit Card' }).click();
  const mobile = freshMobile();
  await page.getByLabel('Customer Mobile').fill(mobile);
  await page.getByLabel('Customer Name').fill('Lost Answer');
  await page.getByLabel('PAN Number').fill('MNOPQ6677S');
  await page.getByLabel('City').selectOption('Delhi');
  // The request reaches the server, but the phone never hears back.
  let reached = 0;
  await page.route('**/api/v2/team/task/response/submit', async (route) => {
    reached++;
    await route.fetch();
    await route.abort('failed');
  });
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('region', { name: 'Waiting to send' })).toBeVisible();
  await page.unroute('**/api/v2/team/task/response/submit');
  await expect(page.getByText('1 saved lead(s) sent')).toBeVisible({ timeout: 30_000 });
  expect(reached).toBe(1);
  const res = await page.request.get('/api/v2/team/project/report/data?form_id=203&status=0&archive_status=0');
  const leads = (await res.json()).data as { customer_mobile: string }[];
  expect(leads.filter((l) => l.customer_mobile === mobile)).toHaveLength(1);
});

test('the area is installable: manifest and service worker scoped to /mt', async ({ page }) => {
  const manifest = await page.request.get('/mt/manifest.webmanifest');
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({ scope: '/mt', start_url: '/mt', display: 'standalone' });
  const sw = await page.request.get('/mt/sw.js');
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['service-worker-allowed']).toBe('/mt');
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/mt/manifest.webmanifest');
  // What a person sees: once the worker runs the page, the area opens again without a signal (not the browser's offline page).
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.reload();
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invalid URL' })).toHaveCount(0);
  await page.context().setOffline(false);
});

test('the install prompt shows after 2 s and hides 7 s later; logout returns to the login', async ({ page }) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await expect(page.getByText('Hi Meena')).toBeVisible();
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(e, { prompt: async () => undefined });
    window.dispatchEvent(e);
  });
  const prompt = page.getByRole('dialog', { name: 'Install PickMyWork Team' });
  await page.waitForTimeout(1_000);
  await expect(prompt).toHaveCount(0);
  await expect(prompt).toBeVisible({ timeout: 3_000 });
  await expect(prompt).toHaveCount(0, { timeout: 9_000 });

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.getByRole('dialog', { name: 'Are you sure to logout?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  // The team code is remembered on the device.
  await page.goto('/mt');
  await expect(page.getByText('Team of Asha')).toBeVisible();
});

test('a second visit with no network opens the member’s area from the service worker’s cache', async ({ page, context }) => {
  await loginTeam(page, '9876500011', 'Meena Devi');
  await expect(page.getByText('Hi Meena')).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.goto('/mt/TEAM01/report');
  await expect(page.getByText('Hi Meena')).toBeVisible();
  await expect(page.getByText('You are offline. Leads you add are kept on this phone.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invalid URL' })).toHaveCount(0);
  // The projects were never loaded on this page: it says it waits for a signal, not an endless spinner, and loads once there is one.
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('No signal. This loads by itself when the network returns.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('No signal. This loads by itself when the network returns.')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'More Details: PaySetu Merchant QR' })).toBeVisible();
});

test('with no network, a team this phone has seen opens at its login, and one it has not waits for a signal and opens by itself', async ({
  page,
  context,
}) => {
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();
  await page.goto('/mt/TEAM02');
  await expect(page.getByText('No signal. This loads by itself when the network returns.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Invalid URL' })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByText('Team of Ravi')).toBeVisible();
});
