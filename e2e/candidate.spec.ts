import { expect, test, type Page } from '@playwright/test';
import { applicationPath, b64urlEncode } from '@pmw/contract/hiring';
import { verhoeffCheckDigit } from '@pmw/contract/kyc';
import { outboxOtpAfter, openLive } from './helpers';

// A real 1x1 PNG and a minimal PDF, small enough for any rule.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const newMobile = () => `7${String(Date.now()).slice(-9)}`;
const aadhaar = () => {
  const base = `2${String(Date.now()).slice(-10)}`;
  return base + verhoeffCheckDigit(base);
};

async function fillDetails(page: Page, mobile: string) {
  await page.getByLabel('Name').fill('Meena Devi');
  await page.getByLabel('Phone').fill(mobile);
  await page.getByLabel('Aadhar Number').fill(aadhaar());
  await page.getByLabel('Aadhar File').setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: PNG });
  await page.getByLabel('PAN Number').fill('BCDPE1234K');
  await page.getByLabel('PAN File').setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: PDF });
}

test('a new candidate opens a partner link, applies with both documents, books a slot and sees it after a reload', async ({ page }) => {
  // The root's referrer parameter is kept as the tracking id and sent with the application.
  await page.goto('/?referrer=wa_demo_1');
  await openLive(page, applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 }));
  await expect(page.getByRole('heading', { name: 'Delivery Partner', level: 1 })).toBeVisible();
  await expect(page.getByText('Swiftcart', { exact: true })).toBeVisible();
  await expect(page.getByText('₹18,000 - ₹28,000 a month')).toBeVisible();
  await expect(page.getByText('6 months')).toBeVisible();
  await expect(page.getByText('Swiftcart Hub, 80 Feet Road, Koramangala, Bengaluru 560034')).toBeVisible();
  await page.getByRole('link', { name: 'Apply Now' }).click();

  await expect(page).toHaveURL(/\/detailsPage\?/);
  const mobile = newMobile();
  // Name and phone are required.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await fillDetails(page, mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  await expect(page.getByText(/Resend OTP in \d+s/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Number?' })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  const applied = page.waitForRequest((r) => r.url().endsWith('/api/v2/user/job/application/add'));
  await page.getByRole('button', { name: 'Submit' }).click();
  const sent = (await applied).postDataJSON() as { tracking_id?: string; recruiter_id: number; job_location_id: number };
  expect(sent).toMatchObject({ tracking_id: 'wa_demo_1', recruiter_id: 101, job_location_id: 2611 });

  await expect(page).toHaveURL(/\/slotselect$/);
  await expect(page.getByRole('heading', { name: 'Interview Time Slots' })).toBeVisible();
  const first = page.getByRole('radio').first();
  await first.check({ force: true });
  const chosen = (await first.locator('xpath=..').locator('strong').textContent())!.trim();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Interview booked' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Interview booked' })).toBeVisible();
  await expect(page.getByText(chosen)).toBeVisible();
  await expect(page.getByText('Swiftcart Hub, 80 Feet Road, Koramangala, Bengaluru')).toBeVisible();

  // Both documents and the name were saved for the candidate.
  const me = await page.request.get('/api/v2/user/get');
  expect((await me.json()).data.first_name).toBe('Meena Devi');

  // The booked view: a calendar file, directions and a new time.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('interview.ics');
  const ics = Buffer.concat(
    await (async () => {
      const chunks: Buffer[] = [];
      for await (const c of await file.createReadStream()) chunks.push(c as Buffer);
      return chunks;
    })(),
  ).toString('utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain('SUMMARY:Interview: Delivery Partner');
  expect(ics).toContain('LOCATION:Swiftcart Hub\\, 80 Feet Road\\, Koramangala');
  await expect(page.getByRole('link', { name: /^Directions to Swiftcart Hub/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=Swiftcart%20Hub/,
  );

  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeVisible();
  await expect(page.getByText('Your current time', { exact: true })).toBeVisible();
  const other = page.getByRole('radio', { disabled: false }).nth(1);
  await other.check({ force: true });
  const newTime = (await other.locator('xpath=..').locator('strong').textContent())!.trim();
  await page.getByRole('button', { name: 'Confirm new time' }).click();
  await expect(page.getByText('Interview moved to the new time')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toHaveCount(0);
  await expect(page.getByText(new RegExp(`^${newTime} - `))).toBeVisible();
  // The candidate is told by SMS, through the notification outbox once its merge window has passed.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/v2/dev/outbox?mobile=${mobile}`)).json()).data[0]?.text as string) ?? '', {
      timeout: 30_000,
    })
    .toMatch(/^Your interview for Delivery Partner is now on .+ - PickMyWork$/);
});

test('a wrong OTP is said under the OTP field, and the application waits for the right one', async ({ page }) => {
  await openLive(page, applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 }));
  await page.getByRole('link', { name: 'Apply Now' }).click();
  const mobile = newMobile();
  await fillDetails(page, mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Next' }).click();
  const otp = page.getByLabel('OTP', { exact: true });
  await expect(otp).toBeVisible();
  const sent = await outboxOtpAfter(page.request, mobile, before);
  await otp.fill(sent === '1111' ? '2222' : '1111');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(otp).toHaveAttribute('aria-invalid', 'true');
  await expect(otp).toHaveAccessibleDescription(/^Incorrect OTP, please try again/);
  await expect(page).toHaveURL(/\/detailsPage\?/);
});

test('a link that does not decode, a location of another job, a hidden job and a recruiter without KYC go to /', async ({ page }) => {
  for (const url of [
    // Ravi (102) has no PAN, so no link of his is valid.
    applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 102 }),
    '/application/abc/def/ghi',
    applicationPath({ job_id: 261, job_location_id: 2621, recruiter_id: 101 }),
    applicationPath({ job_id: 356, job_location_id: 3561, recruiter_id: 101 }),
    `/application/${b64urlEncode('99999')}/${b64urlEncode('2611')}/${b64urlEncode('101')}`,
  ]) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/partner\/$/);
  }
});

test('the details and slot pages without the carried state go to /', async ({ page }) => {
  await page.goto('/detailsPage');
  await expect(page).toHaveURL(/\/partner\/$/);
  await page.goto('/slotselect');
  await expect(page).toHaveURL(/\/partner\/$/);
});

test('the job page carries its title and description for link previews', async ({ request }) => {
  const res = await request.get(applicationPath({ job_id: 355, job_location_id: 3551, recruiter_id: 101 }));
  const html = await res.text();
  expect(html).toContain('<meta property="og:title" content="Bike Taxi Captain at Zoomride Mobility">');
  expect(html).toContain(
    '<meta property="og:description" content="Ride when you want, earn every day · Bengaluru · ₹20,000 - ₹35,000 a month">',
  );
});
