import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginPartner, opsRequest } from './helpers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Opens a side-menu entry; at 720px and below through the hamburger. */
async function openMenu(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) <= 720) await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Partner menu' });
  await nav.getByRole(name === 'Logout' ? 'button' : 'link', { name, exact: true }).click();
}

/** The Customers page's list at 390 px: one card per customer. */
const customerCards = (page: Page) => page.getByRole('list', { name: 'Customer Leads' }).getByRole('listitem');

test('Asha reads her Leads Report: tiles, filters, pages, the CSV and a missing attachment', async ({ page }) => {
  await loginPartner(page, '9876500001');
  // The dashboard is the first screen; the report is in the menu.
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await expect(page.getByText('Hello Asha')).toBeVisible();
  await openMenu(page, 'Report');
  await expect(page).toHaveURL(/\/partner\/report$/);
  await expect(page.getByRole('heading', { name: 'Leads Report' })).toBeVisible();
  const total = page.getByTestId('tile-tileTotal');
  await expect(total).toContainText(/\d{2}/);
  const totalCount = Number((await total.locator('.tile__value').textContent()) ?? '0');
  expect(totalCount).toBeGreaterThanOrEqual(60);
  await expect(page.getByText(`1–20 of ${totalCount}`)).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`21–40 of ${totalCount}`)).toBeVisible();
  // The next page starts at its first row, not where the button was.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText(`1–20 of ${totalCount}`)).toBeVisible();

  // On a phone each lead is a card with everything the table row says, and nothing scrolls sideways.
  const cards = page.getByRole('list', { name: 'Leads Report' }).getByRole('listitem');
  await expect(cards).toHaveCount(20);
  await expect(page.locator('table')).toHaveCount(0);
  const first = cards.first();
  for (const label of ['Customer', 'Payout', 'Created At', 'Updated At'])
    await expect(first.getByText(label, { exact: true })).toBeVisible();
  await expect(first.getByText(/^₹[\d,]+\.\d{2}$/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Status filter: Rejected only; a rejected lead's card carries its comment.
  await page.getByLabel('Lead status').selectOption({ label: 'Rejected' });
  await page.getByRole('button', { name: 'Apply Filters' }).click();
  // The tiles show a dash while they load: compare them once both are numbers.
  const statuses = page.locator('.lead-card__head .badge');
  await expect.poll(async () => [...new Set(await statuses.allTextContents())]).toEqual(['Rejected']);
  await expect(cards.first().getByText('Comment', { exact: true })).toBeVisible();
  const tileValue = (name: string) => page.getByTestId(name).locator('.tile__value').textContent();
  await expect
    .poll(async () => {
      const [all, rejected] = [await tileValue('tile-tileTotal'), await tileValue('tile-tileRejected')];
      return /^\d+$/.test(all ?? '') && all === rejected;
    })
    .toBe(true);

  // Enter in the search box applies the filters: a Hindi name.
  await page.getByLabel('Lead status').selectOption({ label: 'All Lead Status' });
  await page.getByLabel('Search by details').fill('अनीता');
  await page.getByLabel('Search by details').press('Enter');
  await expect(cards.first()).toContainText('अनीता शर्मा');

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
  await expect(projectTotal).toHaveText(/^\d+$/);
  const rowsInProject = Number(await projectTotal.textContent());
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Report' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Leads_Report_\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toContain('Lead ID,Project,Created At');
  expect(lines).toHaveLength(rowsInProject + 1);

  // A filter chosen but not applied is not in the download: it is what the table shows.
  await page.getByLabel('Lead status').selectOption({ label: 'Rejected' });
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Report' }).click()]);
  const againLines = readFileSync((await again.path())!)
    .subarray(3)
    .toString('utf8')
    .trimEnd()
    .split('\r\n');
  expect(againLines).toHaveLength(rowsInProject + 1);
  await page.getByLabel('Lead status').selectOption({ label: 'All Lead Status' });

  // Attach the missing Shop Photo of lead 1008.
  await page.getByLabel('Project').selectOption({ index: 0 });
  await page.getByLabel('Search by details').fill('1008');
  await page.getByLabel('Search by details').press('Enter');
  const attach = page.getByRole('button', { name: 'Attach Shop Photo for lead 1008' });
  await attach.click();
  const dialog = page.getByRole('dialog', { name: 'Add Attachment' });
  // The dialog's first field has the focus, not its close button.
  await expect(dialog.getByLabel('File')).toBeFocused();
  // A photo input lists the photos the server takes, and refuses anything else by naming them.
  await expect(dialog.getByText('Allowed: png, jpg, jpeg, webp, up to 15 MB')).toBeVisible();
  await expect(dialog.getByLabel('File')).toHaveAttribute('accept', '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp');
  await dialog
    .getByLabel('File')
    .setInputFiles({ name: 'shop.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(dialog.getByText('This type of file is not allowed here (png, jpg, jpeg, webp)')).toBeVisible();
  await dialog.getByLabel('File').setInputFiles([]);
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
  // Each row has room around its text, not flush with the card's edge.
  const padding = await logs
    .getByRole('listitem')
    .first()
    .evaluate((li) => parseFloat(getComputedStyle(li).paddingLeft));
  expect(padding).toBeGreaterThanOrEqual(12);

  await openMenu(page, 'Profile');
  await expect(page.getByLabel('ID')).toHaveValue('PMW101');
  // The three tabs fit a 390px phone, none cut off.
  const tabs = page.getByRole('navigation', { name: 'Profile Details' }).getByRole('link');
  await expect(tabs).toHaveCount(3);
  for (const tab of await tabs.all()) {
    const fits = await tab.evaluate((a) => a.getBoundingClientRect().right <= window.innerWidth && a.scrollWidth <= a.clientWidth);
    expect(fits, (await tab.textContent()) ?? undefined).toBe(true);
  }
  await page.getByLabel('Email').fill('asha.verma@example.com');
  await page.getByLabel('Pincode').fill('5600');
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Pincode must be 6 digits')).toBeVisible();
  await page.getByLabel('Pincode').fill('560034');
  await page.getByLabel('City').fill('Bengaluru');
  await page.getByRole('radio', { name: 'Female' }).check();
  // A picture the server refuses: the details are saved, and the person is told the picture was not.
  await page
    .getByLabel('Profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Details saved, but the profile picture could not be uploaded' })).toBeVisible();
  await expect(page.getByText('Details updated successfully!')).toHaveCount(0);
  await page.getByLabel('Profile picture').setInputFiles([]);
  await page.getByRole('button', { name: 'Save Details' }).click();
  await expect(page.getByText('Details updated successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue('asha.verma@example.com');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');

  await page.getByRole('link', { name: 'KYC Details' }).click();
  await expect(page).toHaveURL(/\/partner\/profile\/doc$/);
  await expect(page.getByText('XXXXXX821M')).toBeVisible();
  await expect(
    page.getByText('*Required for users opting for invoicing-based payouts. It is necessary to process monthly payments'),
  ).toBeVisible();
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
  await expect(form.getByLabel('IFSC Code')).toBeFocused();
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
  // The bank's penny-drop answered Asha's PAN name: verified without waiting for ops.
  await expect(page.getByRole('article', { name: 'ICICI Bank' })).toContainText('Verified');
  await expect(page.getByRole('article', { name: 'ICICI Bank' })).toContainText('ASHA VERMA');
  await expect(page.getByRole('article', { name: 'ICICI Bank' }).getByRole('button', { name: /Make Default/ })).toBeVisible();
  await page
    .getByRole('article', { name: 'State Bank of India' })
    .getByRole('button', { name: /Make Default/ })
    .click();
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
  await expect(customerCards(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Call Kiran Shetty' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure to connect?' });
  await confirm.getByRole('button', { name: 'No' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Calling with' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Call Kiran Shetty' }).click();
  await page.getByRole('dialog', { name: 'Are you sure to connect?' }).getByRole('button', { name: 'Yes' }).click();
  // The call's state in words a person reads, not the provider's codes.
  const bar = page.getByRole('status').filter({ hasText: 'Calling with' });
  await expect(bar).toContainText('Calling with Kiran Shetty: Connecting');
  await expect(bar).toContainText('Calling with Kiran Shetty: On call', { timeout: 20_000 });
  await expect(bar).not.toContainText('in-progress');
  await expect(bar).toContainText('Calling with Kiran Shetty: Call ended', { timeout: 30_000 });
  await expect(bar).toContainText('10s');
  await bar.getByRole('button', { name: 'Dismiss' }).click();
  await expect(bar).toHaveCount(0);

  // Escape closes the menu and gives the focus back to its button.
  await page.getByRole('button', { name: 'Menu' }).click();
  const nav = page.getByRole('navigation', { name: 'Partner menu' });
  // The menu opens on its first item, the Dashboard.
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();

  await openMenu(page, 'Logout');
  await page.getByRole('dialog', { name: 'Are you sure to logout?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
});

test('Ravi sees only his own leads, the Missing PAN warning and no banks', async ({ page }) => {
  await loginPartner(page, '9876500002');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await openMenu(page, 'Report');
  await expect(page.getByTestId('tile-tileTotal').locator('.tile__value')).toHaveText('3');
  await expect(page.getByText('1–3 of 3')).toBeVisible();
  await page.goto('/partner/nowhere');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await openMenu(page, 'Payouts');
  await expect(page.getByText('*Missing PAN, add it through profile section to get the payout.')).toBeVisible();
  await expect(page.getByText('No Bank Details Added')).toBeVisible();
  await page.getByRole('link', { name: /Bank Details/ }).click();
  await expect(page).toHaveURL(/\/partner\/profile\/bank$/);
  await expect(page.getByText('No Bank details added')).toBeVisible();
  await openMenu(page, 'Customers');
  await expect(customerCards(page)).toHaveCount(1);
});

test("Ravi's rejected bank shows why, can be removed and replaced, and does not hold a place among the 3", async ({
  page,
  playwright,
  baseURL,
}) => {
  await loginPartner(page, '9876500002');
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  // Three banks added; ops reject one with a reason.
  const ids: number[] = [];
  for (const account of ['123400001', '123400002', '123400003']) {
    const res = await page.request.post('/api/v2/partner/profile/bank/add', {
      data: { ifsc_code: 'SBIN0005943', account_no: account, account_no_confirm: account },
    });
    expect(res.ok()).toBe(true);
    ids.push((await res.json()).data.bank_detail_id);
  }
  const ops = await opsRequest(playwright, baseURL!);
  expect(
    (
      await ops.post(`/api/v2/ops/banks/${ids[0]}/status`, { data: { status: 2, reason: 'Name on the account does not match the PAN' } })
    ).ok(),
  ).toBe(true);
  await ops.dispose();

  await openMenu(page, 'Profile');
  await page.getByRole('link', { name: 'Payout Details' }).click();
  const rejected = page.getByRole('article').filter({ hasText: 'Rejected' });
  await expect(rejected).toContainText('Reason: Name on the account does not match the PAN');
  // Two in use and one rejected: a replacement can be added.
  await expect(page.getByRole('button', { name: 'Add Bank Details' })).toBeVisible();
  await rejected.getByRole('button', { name: 'Remove State Bank of India account ending 0001' }).click();
  await page.getByRole('dialog', { name: 'Remove this bank account?' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Bank account removed')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByText('Reason: Name on the account')).toHaveCount(0);
});

test('Ravi pages through more customers than one page holds', async ({ page, playwright, baseURL }) => {
  const ops = await opsRequest(playwright, baseURL!);
  const csv = [
    'name,mobile',
    ...Array.from({ length: 120 }, (_, i) => `Customer ${i + 1},9${String(700000000 + i).padStart(9, '0')}`),
  ].join('\n');
  const imported = await ops.post('/api/v2/ops/customers/import', { data: { partner_user_id: 102, csv } });
  expect((await imported.json()).data.added).toBe(120);
  await ops.dispose();

  await loginPartner(page, '9876500002');
  await openMenu(page, 'Customers');
  await expect(page.getByText('1–50 of 121')).toBeVisible();
  await expect(customerCards(page)).toHaveCount(50);
  // A card each, as in the Leads Report: nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('51–100 of 121')).toBeVisible();
  await expect(customerCards(page).first()).toContainText('51.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('101–121 of 121')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('Wallet Logs page past one page of entries', async ({ page }) => {
  // A partner with years of entries: the server's pages stand in for them, the page is what is tested.
  const rows = Array.from({ length: 230 }, (_, i) => ({
    wallet_transaction_id: 90000 + i,
    type: 1,
    amount: 10000 + i,
    reason: `Lead approved ${i + 1}`,
    remark: null,
    created_on: new Date(Date.UTC(2026, 0, 1) - i * 3_600_000).toISOString(),
  }));
  const asked: string[] = [];
  await page.route('**/api/v2/partner/wallet/transaction/fetch**', async (route) => {
    const url = new URL(route.request().url());
    asked.push(url.search);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    await route.fulfill({ json: { status: true, message: '', data: { count: rows.length, rows: rows.slice(offset, offset + limit) } } });
  });
  await loginPartner(page, '9876500001');
  await openMenu(page, 'Payouts');
  const logs = page.getByRole('list', { name: 'Wallet Logs' });
  await expect(logs.getByText('Lead approved 1', { exact: true })).toBeVisible();
  await expect(page.getByText('1–50 of 230')).toBeVisible();
  for (let n = 100; n <= 200; n += 50) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`${n - 49}–${n} of 230`)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('201–230 of 230')).toBeVisible();
  await expect(logs.getByText('Lead approved 230', { exact: true })).toBeVisible();
  expect(asked.at(-1)).toContain('offset=200');
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the Leads Report is a table whose header stays in view while it scrolls', async ({ page }) => {
    await loginPartner(page, '9876500001');
    await openMenu(page, 'Report');
    await expect(page.getByRole('heading', { name: 'Leads Report' })).toBeVisible();
    const header = page.getByRole('columnheader', { name: 'Lead ID' });
    await expect(header).toBeVisible();
    await expect(page.getByRole('list', { name: 'Leads Report' })).toHaveCount(0);
    expect(await header.evaluate((th) => getComputedStyle(th).position)).toBe('sticky');
    const wrap = page.locator('.table-wrap');
    await wrap.evaluate((el) => el.scrollTo(0, 400));
    const [top, wrapTop] = await Promise.all([
      header.evaluate((th) => th.getBoundingClientRect().top),
      wrap.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(Math.abs(top - wrapTop)).toBeLessThan(3);
  });
});

test('call limits: one live call at a time, and three calls an hour to one customer, each with a clear message', async ({ page }) => {
  test.setTimeout(150_000);
  await loginPartner(page, '9876500001');
  await openMenu(page, 'Customers');
  await expect(page.getByRole('heading', { name: 'Customer Leads' })).toBeVisible();
  const callRow = async (name: string) => {
    await page.getByRole('button', { name: `Call ${name}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure to connect?' }).getByRole('button', { name: 'Yes' }).click();
  };
  // A call to Kiran; the bar is dismissed while it rings, and a second call is tried.
  await callRow('Kiran Shetty');
  const bar = page.getByRole('status').filter({ hasText: 'Calling with' });
  await expect(bar).toContainText('Calling with Kiran Shetty');
  await bar.getByRole('button', { name: 'Dismiss' }).click();
  const other = (await page
    .getByRole('button', { name: /^Call / })
    .nth(1)
    .getAttribute('aria-label'))!.replace(/^Call /, '');
  await callRow(other);
  await expect(page.getByText('You are already on a call. Please finish it before making another.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('call-live-390.png'), fullPage: true });

  // Kiran is called until the hour's three calls are used, each call ending before the next.
  const kiran = (await (await page.request.get('/api/v2/partner/customer/leads/users/fetch?search=Kiran')).json()).data.rows[0]
    .customer_lead_id as number;
  for (;;) {
    const res = await page.request.post('/api/v2/partner/calling/customer/connect', {
      data: { customer_lead_id: kiran, entity_type: 'LEAD' },
    });
    const answer = await res.json();
    if (res.status() === 429 && answer.message.startsWith('This customer')) break;
    if (res.status() === 200) {
      await expect
        .poll(
          async () =>
            (await (await page.request.get(`/api/v2/partner/calling/customer/enquiry?call_id=${answer.data.call_id}`)).json()).data.status,
          { timeout: 30_000, intervals: [2000] },
        )
        .toBe('completed');
    } else {
      // The earlier call is still live: wait for it to end.
      await page.waitForResponse((r) => r.url().includes('/calling/customer/enquiry'), { timeout: 10_000 }).catch(() => undefined);
    }
  }
  await page.reload();
  await callRow('Kiran Shetty');
  await expect(page.getByText('This customer was already called 3 times in the last hour. Please try again later.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('call-customer-limit-390.png'), fullPage: true });
});
