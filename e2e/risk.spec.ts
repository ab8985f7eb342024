import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { outboxOtpAfter } from './helpers';

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

/** A customer's lead on Asha's campaign page, through the page's API with the OTP. */
async function campaignLead(request: APIRequestContext, formId: number, mobile: string, name: string): Promise<number> {
  const since = Date.now();
  expect((await request.post('/api/v2/utm/customer/otp/send', { data: { mobile, utm_code: 'asha01', purpose: 'LEAD' } })).ok()).toBe(true);
  const otp = await outboxOtpAfter(request, mobile, since);
  const res = await request.post('/api/v2/utm/task/response', {
    data: {
      form_id: formId,
      utm_code: 'asha01',
      otp,
      input: [
        { input_id: 1, value: mobile },
        { input_id: 2, value: name },
        { input_id: 3, value: 'ABCPM1234K' },
        { input_id: 4, value: 'Pune' },
      ],
      idempotency_key: `risk-e2e-${mobile}-${Date.now()}`,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).data.form_response_id;
}

test('ops see a high-risk lead first with its reason, confirm again before approving it in bulk, mark a signal wrong, and hold a partner', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const customer = await playwright.request.newContext({ baseURL });
  // Ravi's own mobile sent as a customer on Asha's page, and an ordinary customer.
  const risky = await campaignLead(customer, 408, '9876500002', 'Ravi Kumar');
  const plain = await campaignLead(customer, 408, `97${String(Date.now() % 1e8).padStart(8, '0')}`, 'Neha Verma');
  const second = await campaignLead(customer, 407, '9876500002', 'Ravi Kumar');

  await loginOpsUi(page);
  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByLabel('Project', { exact: true }).selectOption({ value: '408' });
  await page.getByLabel('Order', { exact: true }).selectOption({ label: 'Riskiest first' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const table = page.getByRole('table', { name: 'Lead verification' });
  await expect(table.getByRole('row').nth(1)).toContainText(String(risky));
  await expect(table.getByRole('row').nth(1)).toContainText('High risk');
  // The row says why, before the lead is opened.
  await expect(table.getByRole('row').nth(1)).toContainText("This mobile is also partner PMW102's");

  // Both selected: the console asks again before approving the high-risk one.
  await page.getByRole('checkbox', { name: `Lead ${risky}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Lead ${plain}`, exact: true }).check();
  await page.getByRole('toolbar').getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: '1 of the selected leads are high risk. Approve them anyway?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(page.getByText('2 approved').first()).toBeVisible();

  // The other lead: its signal names the evidence; marked wrong, the lead is no longer flagged.
  await page.getByLabel('Project', { exact: true }).selectOption({ value: '407' });
  await page.getByLabel('Risk', { exact: true }).selectOption({ label: 'Review or high' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await table.getByRole('button', { name: String(second), exact: true }).click();
  const lead = page.getByRole('dialog', { name: `Lead ${second}` });
  await expect(lead.getByText("This mobile is also partner PMW102's")).toBeVisible();
  await lead.getByRole('button', { name: "Mark wrong: Someone's own mobile, PAN or bank account" }).click();
  const why = page.getByRole('dialog', { name: 'Mark this signal wrong' });
  await why.getByRole('button', { name: 'Mark wrong' }).click();
  await expect(why.getByText('Write at least 3 characters', { exact: false })).toBeVisible();
  await why.getByLabel('Why is it wrong?').fill('His brother uses this number');
  await why.getByRole('button', { name: 'Mark wrong' }).click();
  await expect(page.getByText('Signal marked wrong; the risk was recomputed')).toBeVisible();
  await expect(lead.getByText('Marked wrong: His brother uses this number')).toBeVisible();
  await lead.getByRole('button', { name: 'Close' }).first().click();

  // Asha's risk on the Users page, and a hold on her new leads.
  await page.getByRole('link', { name: 'Users' }).click();
  await page.getByLabel('Search by mobile, name or PMW id').fill('PMW101');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Risk of Asha Verma' }).click();
  const summary = page.getByRole('dialog', { name: 'Risk of Asha Verma' });
  await expect(summary.getByText(/\d+ of \d+ leads in the last 30 days were flagged\./)).toBeVisible();
  await expect(summary.getByText(/Someone's own mobile, PAN or bank account: \d+ leads/)).toBeVisible();
  await summary.getByRole('button', { name: 'Hold new leads for review' }).click();
  await expect(page.getByText("The partner's new leads are held for review")).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Stop holding new leads' })).toBeVisible();
  await summary.getByRole('button', { name: 'Stop holding new leads' }).click();
  await expect(summary.getByRole('button', { name: 'Hold new leads for review' })).toBeVisible();
  await customer.dispose();
});
