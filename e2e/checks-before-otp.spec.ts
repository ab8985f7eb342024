import { expect, test } from '@playwright/test';
import { openLive } from './helpers';
import { applicationPath } from '@pmw/contract/hiring';
import { verhoeffCheckDigit } from '@pmw/contract/kyc';

/**
 * What a person typed or chose is checked before the step that costs them (the
 * OTP, the account, the uploads), with the server's own limits, the message
 * under the field, and never a field's API name.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const fresh = () => `9${String(Date.now()).slice(-9)}`;

test('/detailsPage refuses a wrong document type, a 6 MB file and a 101-character name before any OTP', async ({ page }) => {
  await openLive(page, applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 }));
  await page.getByRole('link', { name: 'Apply Now' }).click();
  await expect(page).toHaveURL(/\/detailsPage\?/);
  const mobile = fresh();
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/otp/send')) sends.push(r.url());
  });

  const aadhaarFile = page.getByLabel('Aadhar File');
  await expect(aadhaarFile).toHaveAttribute('accept', /^\.png,\.jpg,\.jpeg,\.pdf,/);
  await aadhaarFile.setInputFiles({ name: 'aadhaar.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') });
  await expect(page.getByText('This type of file is not allowed here (png, jpg, jpeg, pdf)')).toBeVisible();
  await page.getByLabel('PAN Number').fill('BCDPE1234K');
  await page.getByLabel('PAN File').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(page.getByText('File size is 6.00MB, It should be less than 5MB')).toBeVisible();
  await page.getByLabel('Name').fill('x'.repeat(101));
  await page.getByLabel('Phone').fill(mobile);
  await page.getByLabel('Aadhar Number').fill('23412341234' + verhoeffCheckDigit('23412341234'));

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Name can have at most 100 characters')).toBeVisible();
  await expect(page.getByText('This type of file is not allowed here (png, jpg, jpeg, pdf)')).toBeVisible();
  await expect(page.getByText('File size is 6.00MB, It should be less than 5MB')).toBeVisible();
  await expect(page.getByLabel('OTP', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('details-checks-390.png'), fullPage: true });

  // Put right, the same page goes on to the OTP.
  await page.getByLabel('Name').fill('Ravi Kumar');
  await aadhaarFile.setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('This type of file is not allowed here (png, jpg, jpeg, pdf)')).toHaveCount(0);
  await page.getByLabel('PAN File').setInputFiles({ name: 'pan.png', mimeType: 'image/png', buffer: PNG });
  expect(sends).toHaveLength(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
});

test('team login states the name limit and wants an Indian mobile', async ({ page }) => {
  await page.goto('/mt/TEAM01');
  await page.getByLabel('Name').fill('x'.repeat(75));
  await page.getByLabel('Mobile Number').fill('1234567890');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('Name can have at most 60 characters')).toBeVisible();
  await expect(page.getByText('Invalid Mobile Number')).toBeVisible();
  await expect(page.getByLabel('OTP', { exact: true })).toHaveCount(0);
});

test('a lead form photo input accepts exactly the photos the server takes and names them when refusing', async ({ page }) => {
  await openLive(page, '/utm/asha01/400');
  const photo = page.getByLabel('Application Form Photo');
  await expect(photo).toHaveAttribute('accept', '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp');
  await photo.setInputFiles({ name: 'form.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByText('This type of file is not allowed here (png, jpg, jpeg, webp)')).toBeVisible();
});
