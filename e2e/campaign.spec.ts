import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { outboxOtpAfter, openLive } from './helpers';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(256, 7)]);

/** Fills the OTP dialog with the code just sent to a mobile and verifies. */
async function verifyOtp(page: Page, mobile: string, since: number) {
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, since);
  await dialog.getByLabel('OTP', { exact: true }).fill(otp);
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

async function loginAshaApi(request: APIRequestContext) {
  const since = Date.now();
  expect((await request.post('/api/v2/partner/otp/send', { data: { mobile: '9876500001' } })).ok()).toBe(true);
  const otp = await outboxOtpAfter(request, '9876500001', since);
  expect((await request.post('/api/v2/partner/user/login/otp', { data: { mobile: '9876500001', otp } })).ok()).toBe(true);
}

test('an unknown campaign code says the link is invalid', async ({ page }) => {
  await openLive(page, '/utm/nobody-here');
  await expect(page.getByText('Invalid Link/QR Code')).toBeVisible();
});

test('a link to a paused product, a hiring project or a missing one says it is not available, above the other products', async ({
  page,
}) => {
  for (const jobId of [212, 261, 99999]) {
    await openLive(page, `/utm/asha01/${jobId}`);
    const note = page.getByRole('alert');
    await expect(note).toHaveText('This product is not available right now');
    await expect(page.getByRole('region', { name: 'Credit Cards' })).toBeVisible();
    // The note comes before the products.
    const noteTop = (await note.boundingBox())!.y;
    const railTop = (await page.getByRole('region', { name: 'Credit Cards' }).boundingBox())!.y;
    expect(noteTop).toBeLessThan(railTop);
  }
});

test("a customer picks a product on Asha's page, submits a verified lead with a photo and goes to the provider", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.route('https://apply.sahyogbank.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Sahyog Bank</title><h1>Sahyog Bank application</h1>' }),
  );
  await openLive(page, '/utm/asha01');
  await expect(page.getByRole('heading', { name: 'Products recommended by Asha Verma' })).toBeVisible();

  const cards = page.getByRole('region', { name: 'Credit Cards' });
  await expect(cards.getByRole('link', { name: /^Get Now:/ })).toHaveCount(9);
  await cards.getByRole('button', { name: 'Show All' }).click();
  expect(await cards.getByRole('link', { name: /^Get Now:/ }).count()).toBeGreaterThanOrEqual(12);

  await cards.getByRole('link', { name: 'Get Now: Sahyog Millennia Credit Card' }).click();
  await expect(page).toHaveURL(/\/utm\/asha01\/400$/);
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();

  await page.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name: 'Sahyog Millennia Credit Card: details' });
  await expect(details.getByText('Who can apply')).toBeVisible();
  await expect(details.getByText('21 to 60 years')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Mobile number is required')).toBeVisible();
  await expect(page.getByText('Customer Name is required')).toBeVisible();

  await expect(page.getByLabel('Country code')).toHaveValue('+91');
  await page.getByLabel(/Customer Mobile/).fill('+91 98333 00001');
  await expect(page.getByLabel(/Customer Mobile/)).toHaveValue('9833300001');
  await page.getByLabel(/Customer Name/).fill('Meena Iyer');
  await page.getByLabel(/PAN Number/).fill('abcpm1234k');
  await page.getByLabel(/City/).selectOption('Pune');
  const photo = page.getByLabel('Application Form Photo');
  await expect(photo).toHaveAttribute('capture', 'environment');
  await photo.setInputFiles({ name: 'form.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded: form.png')).toBeVisible();

  const since = Date.now();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('OTP sent to Mobile')).toBeVisible();
  await verifyOtp(page, '9833300001', since);
  await expect(page.getByRole('dialog', { name: 'Verification Successful' })).toBeVisible();
  await expect(page.getByText('Redirecting to the product')).toBeVisible();
  await page.waitForURL('https://apply.sahyogbank.example/card/400');
  await expect(page.getByRole('heading', { name: 'Sahyog Bank application' })).toBeVisible();

  // The lead is in Asha's Leads Report.
  const asha = await playwright.request.newContext({ baseURL: baseURL! });
  await loginAshaApi(asha);
  const report = await asha.get('/api/v2/partner/report/task/data/fetch?job_id=400&search=9833300001');
  expect(report.ok(), await report.text()).toBe(true);
  const rows = (await report.json()).data.rows as { job_id: number; name: string; status_text: string }[];
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ job_id: 400, name: 'Meena Iyer' });
  await asha.dispose();

  // Back on the page the customer is remembered; Not you? forgets them.
  await openLive(page, '/utm/asha01/401');
  await expect(page.getByText('Hello Meena Iyer')).toBeVisible();
  await expect(page.getByLabel(/Customer Mobile/)).toHaveValue('9833300001');
  await page.getByLabel(/PAN Number/).fill('ABCPM1234K');
  await page.getByRole('button', { name: 'Not you?' }).click();
  await expect(page.getByText('Hello Meena Iyer')).toBeHidden();
  // Nothing the last customer filled in stays for the next person.
  await expect(page.getByLabel(/Customer Mobile/)).toHaveValue('');
  await expect(page.getByLabel(/Customer Name/)).toHaveValue('');
  await expect(page.getByLabel(/PAN Number/)).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Travel Credit Card' })).toBeVisible();
  await expect(page.getByText('Hello Meena Iyer')).toBeHidden();
});

test('the credit-profile check lets an eligible customer apply', async ({ page }) => {
  await openLive(page, '/utm/asha01/351');
  await expect(page.getByRole('heading', { name: 'Apply for Nirmal Shopping Credit Card' })).toBeVisible();
  await page.getByLabel(/Customer Mobile/).fill('9833300002');
  await page.getByLabel(/Customer Name/).fill('Sunil Rao');
  await page.getByLabel(/PAN Number/).fill('ABCPR7512F');
  await page.getByLabel(/Monthly Income/).fill('60000');
  await page.getByLabel(/Loan Amount/).selectOption('₹1-3 lakh');
  const since = Date.now();
  await page.getByRole('button', { name: 'Check eligibility' }).click();
  await expect(page.getByRole('dialog', { name: 'Allow the credit profile check' })).toBeVisible();
  await verifyOtp(page, '9833300002', since);
  await expect(page.getByRole('dialog', { name: 'Verification Successful' })).toBeVisible();
  await expect(page.getByText('Lead added successfully').first()).toBeVisible();
});

test('the credit-profile check tells a customer who is not eligible why', async ({ page }) => {
  await openLive(page, '/utm/asha01/351');
  await page.getByLabel(/Customer Mobile/).fill('9833300003');
  await page.getByLabel(/Customer Name/).fill('Anil Das');
  await page.getByLabel(/PAN Number/).fill('AKXPV4821M');
  await page.getByLabel(/Monthly Income/).fill('60000');
  await page.getByLabel(/Loan Amount/).selectOption('₹1-3 lakh');
  const since = Date.now();
  await page.getByRole('button', { name: 'Check eligibility' }).click();
  await verifyOtp(page, '9833300003', since);
  const alert = page.locator('.not-eligible');
  await expect(alert.getByText('Sorry, You are not eligible for this product')).toBeVisible();
  await expect(alert.getByText('Credit score must be at least 700')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // What was typed is still there.
  await expect(page.getByLabel(/Customer Name/)).toHaveValue('Anil Das');
});

test('cards move every 3 s, and stay still for people who ask for reduced motion', async ({ browser, baseURL }) => {
  const moving = await browser.newContext({ baseURL: baseURL!, viewport: { width: 390, height: 844 } });
  const page = await moving.newPage();
  await openLive(page, '/utm/asha01');
  const row = page.getByRole('list', { name: /^Credit Cards:/ });
  await expect(row).toBeVisible();
  await page.waitForTimeout(500);
  const start = await row.evaluate((el) => el.scrollLeft);
  await expect.poll(() => row.evaluate((el) => el.scrollLeft), { timeout: 8000 }).toBeGreaterThan(start + 100);
  await moving.close();

  const still = await browser.newContext({ baseURL: baseURL!, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const calm = await still.newPage();
  await openLive(calm, '/utm/asha01');
  const calmRow = calm.getByRole('list', { name: /^Credit Cards:/ });
  await expect(calmRow).toBeVisible();
  await calm.waitForTimeout(500);
  const calmStart = await calmRow.evaluate((el) => el.scrollLeft);
  await calm.waitForTimeout(4000);
  expect(await calmRow.evaluate((el) => el.scrollLeft)).toBe(calmStart);
  await still.close();
});
