import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginPartner } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Opens a side-menu entry; at 720px and below through the hamburger. */
async function openMenu(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) <= 720) await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Partner menu' });
  await nav.getByRole(name === 'Logout' ? 'button' : 'link', { name, exact: true }).click();
}

test('Asha reads her Leads Report: tiles, filters, pages, the CSV and a missing attachment', async ({ page }) => {
  await loginPartner(page, '9876500001');
  await expect(page).toHaveURL(/\/partner\/report$/);
  await expect(page.getByText('Hello Asha')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Leads Report' })).toBeVisible();
  const total = page.getByTestId('tile-tileTotal');
  await expect(total).toContainText(/\d{2}/);
  const totalCount = Number((await total.locator('.tile__value').textContent()) ?? '0');
  expect(totalCount).toBeGreaterThanOrEqual(60);
  await expect(page.getByText(`20 out of ${totalCount}`)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`40 out of ${totalCount}`)).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(`20 out of ${totalCount}`)).toBeVisible();

  // Status filter: Rejected only.
  await page.getByLabel('Lead status').selectOption({ label: 'Rejected' });
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const rejectedTile = page.getByTestId('tile-tileRejected').locator('.tile__value');
  await expect(page.getByTestId('tile-tileTotal').locator('.tile__value')).toHaveText(await rejectedTile.textContent() ?? '');
  const statuses = page.locator('tbody td:nth-child(4)');
  await expect(statuses.first()).toHaveText('Rejected');
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(['Rejected']));

  // Enter in the search box applies the filters: a Hindi name.
  await page.getByLabel('Lead status').selectOption({ label: 'All Lead Status' });
  await page.getByLabel('Search by details').fill('अनीता');
  await page.getByLabel('Search by details').press('Enter');
  await expect(page.locator('tbody tr').first()).toContainText('अनीता शर्मा');

  // Nothing matches: No Data.
  await page.getByLabel('Search by details').fill('nobody-by-this-name');
  await page.getByLabel('Search by details').press('Enter');
  await expect(page.getByText('No Data')).toBeVisible();

  // The download carries the filters and every matching row, with a BOM.
  await page.getByLabel('Search by details').fill('');
  await page.getByLabel('Project').selectOption({ label: 'sahyog-platinum-credit-card-201' });
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  const projectTotal = page.getByTestId('tile-tileTotal').locator('.tile__value');
  await expect(projectTotal).not.toHaveText(String(totalCount));
  const rowsInProject = Number(await projectTotal.textContent());
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Report' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Leads_Report_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toContain('Lead ID,Project,Created At');
  expect(lines).toHaveLength(rowsInProject + 1);

  // Attach the missing Shop Photo of lead 1008.
  await page.getByLabel('Project').selectOption({ index: 0 });
  await page.getByLabel('Search by details').fill('1008');
  await page.getByLabel('Search by details').press('Enter');
  const attach = page.getByRole('button', { name: 'Attach Shop Photo for lead 1008' });
  await attach.click();
  const dialog = page.getByRole('dialog', { name: 'Add Attachment' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please choose a file')).toBeVisible();
  await dialog.getByLabel('File').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Attachment added successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Shop Photo of lead 1008' })).toBeVisible();
  await expect(attach).toHaveCount(0);
});

test('Asha sees her payouts, edits her profile, sees KYC read-only and adds a bank up to the limit', async ({ page }) => {
  await loginPartner(page, '9876500001');
  await openMenu(page, 'Payouts');
  await expect(page).toHaveURL(/\/partner\/earnings$/);
  await expect(page.getByRole('heading', { name: 'Payout Details' })).toBeVisible();
  await expect(page.getByText('Wallet Balance')).toBeVisible();
  await expect(page.getByText('HDFC Bank XXXX4321')).toBeVisible();
  await expect(page.getByText('*Missing PAN')).toHaveCount(0);
  const logs = page.getByRole('list', { name: 'Wallet Logs' });
  await expect(logs.getByText(/^\+₹/).first()).toBeVisible();
  await expect(logs.getByText(/^-₹5,000\.00/)).toBeVisible();

  await openMenu(page, 'Profile');
  await expect(page.getByLabel('ID')).toHaveValue('PMW101');
  await page.getByLabel('Email').fill('asha.verma@example.com');
  await page.getByLabel('Pincode').fill('5600');
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible();
  await page.getByLabel('Pincode').fill('560034');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Details updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue('asha.verma@example.com');

  await page.getByRole('link', { name: 'KYC Details' }).click();
  await expect(page).toHaveURL(/\/partner\/profile\/doc$/);
  await expect(page.getByText('XXXXXX821M')).toBeVisible();
  await expect(page.getByText('*Required for users opting for invoicing-based payouts. It is necessary to process monthly payments')).toBeVisible();
  const gst = page.getByRole('form', { name: 'GST Number' });
  await gst.getByLabel('GST Number').fill('27AAPFU0939F1ZX');
  await gst.getByRole('button', { name: 'Save Details' }).click();
  await expect(gst.getByText('Invalid GST number, please check it')).toBeVisible();
  await expect(gst.getByText('GST certificate is required')).toBeVisible();

  await page.getByRole('link', { name: 'Payout Details' }).click();
  await expect(page).toHaveURL(/\/partner\/profile\/bank$/);
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add Bank Details' }).click();
  const form = page.getByRole('form', { name: 'Add Bank Details' });
  await form.getByLabel('IFSC Code').fill('ICIC0000001');
  await expect(form.getByLabel('Bank Name')).toHaveValue('ICICI Bank');
  await form.getByLabel('Account Number', { exact: true }).fill('123456789012');
  await form.getByLabel('Confirm Account Number').fill('123456789013');
  await form.getByRole('button', { name: 'Save Details' }).click();
  await expect(form.getByText('Account number not matched, Please check')).toBeVisible();
  await form.getByLabel('Confirm Account Number').fill('123456789012');
  await form.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Bank details added successfully')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Add Bank Details' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'ICICI Bank' })).toContainText('XXXXXXXX9012');
  await expect(page.getByRole('article', { name: 'ICICI Bank' }).getByRole('button', { name: /Make Default/ })).toHaveCount(0);
  await page.getByRole('article', { name: 'State Bank of India' }).getByRole('button', { name: /Make Default/ }).click();
  await expect(page.getByText('Default bank updated')).toBeVisible();
  await expect(page.getByRole('article', { name: 'State Bank of India' })).toContainText('Default');
  await expect(page.getByRole('article', { name: 'HDFC Bank' }).getByRole('button', { name: /Make Default/ })).toBeVisible();
});

test('Asha calls an assigned customer and follows the call to completion', async ({ page }) => {
  test.setTimeout(90_000);
  await loginPartner(page, '9876500001');
  await openMenu(page, 'Customers');
  await expect(page.getByRole('heading', { name: 'Customer Leads' })).toBeVisible();
  await page.getByLabel('Search by name').fill('Kiran');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Call Kiran Shetty' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure to connect?' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Calling with' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Call Kiran Shetty' }).click();
  await page.getByRole('dialog', { name: 'Are you sure to connect?' }).getByRole('button', { name: 'Yes' }).click();
  const bar = page.getByRole('status').filter({ hasText: 'Calling with' });
  await expect(bar).toContainText('Calling with Kiran Shetty: queued');
  await expect(bar).toContainText(/in-progress|completed/, { timeout: 20_000 });
  await expect(bar).toContainText('Calling with Kiran Shetty: completed', { timeout: 30_000 });
  await expect(bar).toContainText('10s');
  await bar.getByRole('button', { name: 'Dismiss' }).click();
  await expect(bar).toHaveCount(0);

  await openMenu(page, 'Logout');
  await page.getByRole('dialog', { name: 'Are you sure to logout?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
});

test('Ravi sees only his own leads, the Missing PAN warning and no banks', async ({ page }) => {
  await loginPartner(page, '9876500002');
  await expect(page).toHaveURL(/\/partner\/report$/);
  await expect(page.getByTestId('tile-tileTotal').locator('.tile__value')).toHaveText('3');
  await expect(page.getByText('3 out of 3')).toBeVisible();
  await page.goto('/partner/nowhere');
  await expect(page).toHaveURL(/\/partner\/report$/);
  await openMenu(page, 'Payouts');
  await expect(page.getByText('*Missing PAN, add it through profile section to get the payout.')).toBeVisible();
  await expect(page.getByText('No Bank Details Added')).toBeVisible();
  await page.getByRole('link', { name: /Bank Details/ }).click();
  await expect(page).toHaveURL(/\/partner\/profile\/bank$/);
  await expect(page.getByText('No Bank details added')).toBeVisible();
  await openMenu(page, 'Customers');
  await expect(page.locator('tbody tr')).toHaveCount(1);
});
