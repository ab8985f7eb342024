import { expect, test, type Page } from '@playwright/test';
import { loginPartner, outboxOtpAfter } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** Asha's GSTIN, in Karnataka like the demo company: CGST and SGST. */
const GSTIN = '29ABCPK1234L1ZO';

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

test('a GST-registered partner accepts her monthly invoice, ops approve it, and the payout run pays it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await loginOpsUi(page);
  const ashaContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const asha = await ashaContext.newPage();
  await loginPartner(asha, '9876500001');
  let gstDocument: number | undefined;
  try {
    // Asha registers her GSTIN and ops verify it: from now on she is paid against invoices.
    const added = await asha.request.post('/api/v2/partner/profile/document/add', { data: { user_id: 101, type: 'GST', number: GSTIN } });
    expect(added.ok()).toBe(true);
    gstDocument = (await added.json()).data.document_id as number;
    expect((await page.request.post(`/api/v2/ops/kyc/${gstDocument}/status`, { data: { status: 1 } })).ok()).toBe(true);

    // One of her leads is approved: this month's invoice is drafted from it.
    const pending = (await (await page.request.get('/api/v2/ops/leads?partner_user_id=101&status=0&limit=50')).json()).data.rows as {
      form_response_id: number;
    }[];
    expect(pending.length).toBeGreaterThan(0);
    const approved = await page.request.post('/api/v2/ops/leads/approve', {
      data: { form_response_ids: [pending[0]!.form_response_id], confirm_high_risk: true },
    });
    expect(approved.ok(), await approved.text()).toBe(true);

    await asha.goto('/partner/earnings');
    const invoices = asha.getByRole('list', { name: 'GST invoices' });
    const card = invoices.getByRole('listitem').first();
    await expect(card).toContainText('Draft: waiting for you');
    await expect(card).toContainText('CGST @ 9%');
    const number = (await card.locator('strong').first().textContent())!.trim();
    expect(number).toMatch(/^PMW101\/\d{4}-\d{2}\/\d{3}$/);
    expect(await asha.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Sending a file that is not a PDF is refused at the field.
    await card
      .getByLabel('Or send your own invoice (PDF)')
      .setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: Buffer.from('x') });
    await card.getByRole('button', { name: 'Send my PDF' }).click();
    await expect(card.getByText('Your invoice must be a PDF file')).toBeVisible();
    await card.getByRole('button', { name: 'Accept invoice' }).click();
    await expect(asha.getByText(`Invoice ${number} sent for approval`)).toBeVisible();
    await expect(card).toContainText('Sent: awaiting approval');
    const pdf = asha.waitForEvent('download');
    await card.getByRole('link', { name: `Download invoice ${number} as PDF` }).click();
    expect((await pdf).suggestedFilename()).toBe(`pmw-invoice-${number.replace(/\//g, '-')}.pdf`);

    // Ops approve it in the console.
    await page.goto('/ops/invoices');
    await page.getByRole('button', { name: `Approve invoice ${number}` }).click();
    await expect(page.getByText(`Invoice ${number} approved: the next payout run pays it`)).toBeVisible();

    // The run pays it: commission and GST.
    await page.goto('/ops/payouts');
    await expect(page.getByRole('row', { name: /Asha Verma/ }).getByText('Will be paid')).toBeVisible();
    await page.getByRole('radio', { name: /^Payout provider/ }).check();
    await page.getByRole('button', { name: /^Run payout for \d+ partner/ }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText(/^Payout run \d+: \d+ sent, \d+ held$/)).toBeVisible();

    await expect(async () => {
      await asha.reload();
      await expect(card).toContainText('Paid', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(asha.getByRole('list', { name: 'Wallet Logs' }).getByText(`GST on invoice ${number}`)).toBeVisible();
  } finally {
    // Asha is paid without invoices again for the specs after this one.
    if (gstDocument)
      await page.request.post(`/api/v2/ops/kyc/${gstDocument}/status`, { data: { status: 2, reason: 'Demo GSTIN withdrawn' } });
    await ashaContext.close();
  }
});
