import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatRupees } from '@pmw/contract/partner';
import { loginPartner, outboxOtpAfter, openLive } from './helpers';

test.use({ viewport: { width: 1280, height: 900 } });

async function loginOpsUi(page: Page) {
  await page.goto('/ops/');
  await page.getByLabel('Mobile Number').fill('9876500100');
  const since = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  const otp = await outboxOtpAfter(page.request, '9876500100', since);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
}

async function ashaWallet(request: APIRequestContext): Promise<{ total_amount: number; credit_amount: number }> {
  const since = Date.now();
  expect((await request.post('/api/v2/partner/otp/send', { data: { mobile: '9876500001' } })).ok()).toBe(true);
  const otp = await outboxOtpAfter(request, '9876500001', since);
  expect((await request.post('/api/v2/partner/user/login/otp', { data: { mobile: '9876500001', otp } })).ok()).toBe(true);
  const res = await request.get('/api/v2/partner/wallet/amount/fetch');
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data;
}

test('an admin creates a project with a form and slots, a customer sends a lead on Asha’s page, the admin approves it and pays Asha', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const title = `Zenith Demat ${Date.now() % 100000}`;
  await loginOpsUi(page);

  // Create the project with the keyboard-reachable editor.
  await page.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('link', { name: 'New project' }).click();
  await page.getByLabel('Employer', { exact: true }).selectOption({ label: 'Sahyog Bank' });
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Demat & Investments' });
  await page.getByLabel('Job title', { exact: true }).fill(title);
  await page.getByLabel('Tag line', { exact: true }).fill('Open a free demat account');
  await page.getByLabel('Payout per approved lead (₹)').fill('350');
  await page.getByLabel('Payout text', { exact: true }).fill('Earn ₹350 per account');
  await page.getByLabel('Validity of a pending lead (days)').fill('20');
  await page.getByRole('button', { name: 'Add location' }).click();
  await page.getByRole('textbox', { name: 'City 1', exact: true }).fill('Pune');
  await page.getByLabel('Pincodes served (comma or space separated)').fill('411001, 411002');
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByText('Project created')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Edit project \d+$/ })).toBeVisible();
  const jobId = Number(page.url().split('/').pop());

  // The form: the starter mobile and name inputs plus a dropdown, previewed as customers see it.
  await page.getByRole('button', { name: 'Add input' }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).nth(2).fill('Account type');
  await page.getByRole('combobox', { name: 'Type', exact: true }).nth(2).selectOption('DROPDOWN');
  await page.getByLabel('Options (one per line)').fill('Individual\nJoint');
  const preview = page.getByRole('complementary', { name: 'Preview (as customers see it)' });
  await expect(preview.getByLabel(/Account type/)).toBeVisible();
  await expect(preview.getByRole('option', { name: 'Joint' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.getByText('Form saved')).toBeVisible();

  // Interview slots for a date, at two start times.
  await page.getByLabel('Date', { exact: true }).fill('2027-02-10');
  await page.getByLabel(/^Start times/).fill('10:00, 11:30');
  await page.getByLabel('Capacity per slot').fill('4');
  await page.getByRole('button', { name: 'Add slots' }).click();
  await expect(page.getByText('2 slots added')).toBeVisible();
  const slotsTable = page.getByRole('region', { name: 'Interview slots' }).getByRole('table');
  await expect(slotsTable.getByRole('row', { name: /2027-02-10.*Pune.*0 \/ 4/ })).toHaveCount(2);

  // It appears on Asha's campaign page, and a customer sends a verified lead.
  const customer = await browser.newPage();
  await openLive(customer, '/utm/asha01');
  const region = customer.getByRole('region', { name: 'Demat & Investments' });
  const showAll = region.getByRole('button', { name: 'Show All' });
  if (await showAll.count()) await showAll.click();
  await region.getByRole('link', { name: `Get Now: ${title}` }).click();
  await expect(customer.getByRole('heading', { name: `Apply for ${title}` })).toBeVisible();
  const mobile = `98${String(Date.now()).slice(-8)}`;
  await customer.getByLabel(/Customer Mobile/).fill(mobile);
  await customer.getByLabel(/Customer Name/).fill('Kavya Rao');
  await customer.getByLabel(/Account type/).selectOption('Joint');
  const since = Date.now();
  await customer.getByRole('button', { name: 'Submit' }).click();
  const dialog = customer.getByRole('dialog');
  await expect(dialog.getByLabel('OTP', { exact: true })).toBeVisible();
  await dialog.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(customer.request, mobile, since));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(customer.getByRole('dialog', { name: 'Verification Successful' })).toBeVisible();
  await customer.close();

  // The admin finds it in the queue and approves it with the keyboard.
  const asha = await playwright.request.newContext({ baseURL: baseURL! });
  const before = await ashaWallet(asha);
  await page.getByRole('link', { name: 'Leads' }).click();
  // The editor's section is labelled "Edit project …": wait for the Leads page before looking up its Project filter.
  await expect(page.getByRole('heading', { name: 'Lead verification' })).toBeVisible();
  await page.getByLabel('Project', { exact: true }).selectOption(String(jobId));
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row', { name: /Kavya Rao/ });
  await expect(row).toBeVisible();
  await expect(row.getByText('Asha Verma (PMW101)')).toBeVisible();
  await row.focus();
  await page.keyboard.press('x');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.keyboard.press('a');
  // Money moves only once ops confirm the count and the total.
  await page.getByRole('dialog', { name: 'Approve 1 lead and credit ₹350?' }).getByRole('button', { name: 'Approve and credit' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 approved: ₹350 credited' })).toBeVisible();
  await page.getByLabel('Status', { exact: true }).selectOption('1');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('row', { name: /Kavya Rao/ }).getByText('Approved')).toBeVisible();

  const after = await ashaWallet(asha);
  expect(after.total_amount - before.total_amount).toBe(35_000);
  expect(after.credit_amount - before.credit_amount).toBe(35_000);

  // Asha sees the credit on her Payouts page.
  const ashaContext = await browser.newContext({ baseURL });
  const ashaPage = await ashaContext.newPage();
  await loginPartner(ashaPage, '9876500001');
  await ashaPage.goto('/partner/earnings');
  await expect(ashaPage.locator('.tile', { hasText: 'Wallet Balance' })).toContainText(formatRupees(after.total_amount));
  await expect(ashaPage.getByRole('list', { name: 'Wallet Logs' }).getByText('+₹350.00').first()).toBeVisible();
  await ashaContext.close();

  // A payout run pays Asha's whole balance to her verified default bank; the file can be downloaded.
  await page.getByRole('link', { name: 'Payouts' }).click();
  const ashaRow = page.getByRole('row', { name: /Asha Verma/ });
  await expect(ashaRow.getByText('Will be paid')).toBeVisible();
  await page.getByRole('button', { name: /^Run payout for \d+ partner/ }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(/^Payout run \d+: \d+ sent, \d+ held$/)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download bank file' }).first().click();
  const file = await download;
  const csv = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'Transaction Type,Beneficiary Code,Beneficiary Account Number,Amount,Beneficiary Name,IFSC Code,Bank Name,Beneficiary Mobile,Customer Reference Number,Payment Date,Narration',
  );
  const ashaLine = lines.find((l) => l.includes(',PMW101,'));
  // The file pays the net: the balance less any TDS under section 194H the run held.
  const runs = await (await page.request.get('/api/v2/ops/payouts/runs')).json();
  const detail = await (await page.request.get(`/api/v2/ops/payouts/runs/${runs.data[0].payout_run_id}`)).json();
  const item = detail.data.items.find((i: { user_id: number }) => i.user_id === 101);
  expect(item.gross_paise).toBe(after.total_amount);
  expect(item.tds_paise + item.net_paise).toBe(after.total_amount);
  expect(ashaLine).toContain(`NEFT,PMW101,50100123454321,${(item.net_paise / 100).toFixed(2)},Asha Verma,HDFC0000001`);
  expect((await ashaWallet(asha)).total_amount).toBe(0);
  await asha.dispose();
});

test('the console API refuses a caller without an ops session; the console links to the support inbox', async ({ page }) => {
  const res = await page.request.get('/api/v2/ops/leads');
  expect(res.status()).toBe(401);
  await loginOpsUi(page);
  await expect(page.getByRole('link', { name: 'Support inbox' })).toHaveAttribute('href', '/ops/support');
});

test('a hiring project an admin creates shows in Available Projects with a referral link', async ({ browser, playwright, baseURL }) => {
  const title = `Night Rider ${Date.now() % 100000}`;
  const ops = await playwright.request.newContext({ baseURL });
  const since = Date.now();
  await ops.post('/api/v2/ops/otp/send', { data: { mobile: '9876500100' } });
  const otp = await outboxOtpAfter(ops, '9876500100', since);
  await ops.post('/api/v2/ops/login/otp', { data: { mobile: '9876500100', otp } });
  const created = await ops.post('/api/v2/ops/projects', {
    data: {
      employer_id: 6,
      job_category_id: 6,
      job_title: title,
      payout_paise: 90_000,
      rewards: 'Earn ₹900 per joining',
      criteria: 'Age_18 to 45 years',
      features: ['Weekly pay'],
      duplicate_window_days: 30,
      validity_days: 30,
      locations: [{ city: 'Pune', address: 'Swiftcart Hub, Baner Road', pincode: '411045' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await ops.dispose();

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await loginPartner(page, '9876500001');
  await page.goto('/partner/projects');
  await page.getByLabel('Search projects').fill('Night Rider');
  const card = page.getByRole('article', { name: title });
  // The card's one payout is Asha's at her level (₹900 and her level's bonus).
  await expect(card.getByText(/^Earn ₹[\d,]+ per joining \((Starter|Silver|Gold|Platinum) level/)).toBeVisible();
  await card.getByRole('button', { name: 'Get Link' }).click();
  const link = await page.getByRole('dialog', { name: title }).getByLabel(`Referral link for ${title}`).inputValue();
  expect(link).toMatch(/\/application\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\/MTAx$/);
  await context.close();
});

test('an admin chooses who may join a team on the Teams page; new teams take added members only', async ({ page }) => {
  await loginOpsUi(page);
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByRole('heading', { name: 'Teams', exact: true })).toBeVisible();
  await expect(page.getByLabel('Who may join TEAM01')).toHaveValue('open');
  const code = `T${Date.now() % 1_000_000}`;
  await page.getByLabel('Team code').fill(code);
  await page.getByLabel('Manager PMW id').fill('PMW101');
  await page.getByRole('button', { name: 'Create team' }).click();
  const policy = page.getByLabel(`Who may join ${code.toUpperCase()}`);
  await expect(policy).toHaveValue('invite_only');
  await policy.selectOption('open');
  await expect(page.getByText('Anyone with the link may now join')).toBeVisible();
  await expect(policy).toHaveValue('open');
  await page.screenshot({ path: test.info().outputPath('ops-teams-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('ops-teams-390.png'), fullPage: true });
});
