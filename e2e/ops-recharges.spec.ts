import { expect, test } from '@playwright/test';
import { outboxOtpAfter } from './helpers';

test('an admin imports a CSV of recharges at 390px, sees the refused rows, and the worker finds the good ones', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto('/ops/');
  await page.getByLabel('Mobile Number').fill('9876500100');
  const since = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  const otp = await outboxOtpAfter(page.request, '9876500100', since);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  await page.getByRole('link', { name: 'Recharges' }).click();
  await expect(page.getByRole('heading', { name: 'Import recharges' })).toBeVisible();

  // Nothing chosen: the field says so.
  await page.getByRole('button', { name: 'Import recharges' }).click();
  await expect(page.getByText('Choose a CSV file or paste one')).toBeVisible();

  const account = `DTH${Date.now() % 1_000_000}`;
  await page
    .getByLabel('Or paste the CSV')
    .fill(
      `mobile,account_number,amount,date\n9876500001,${account},149.50,2026-01-10\n9876500001,${account},12.345,2026-01-10\n9876500001,${account},50,2026-02-30`,
    );
  await page.getByRole('button', { name: 'Import recharges' }).click();
  await expect(page.getByText('1 added, 2 refused.')).toBeVisible();
  const refused = page.getByRole('table', { name: 'Refused rows' });
  await expect(refused.getByRole('row', { name: /3 .*at most 2 decimals/ })).toBeVisible();
  await expect(refused.getByRole('row', { name: /4 .*real date/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download refused rows (CSV)' })).toBeVisible();

  // Asha's support desk lists the recharge.
  const worker = await playwright.request.newContext({ baseURL: baseURL! });
  const at = Date.now();
  expect((await worker.post('/api/v2/user/otp/send', { data: { mobile: '9876500001' } })).ok()).toBe(true);
  const code = await outboxOtpAfter(worker, '9876500001', at);
  expect((await worker.post('/api/v2/user/login/otp', { data: { mobile: '9876500001', otp: code } })).ok()).toBe(true);
  const list = (await (await worker.get('/api/v2/support/user/recharge/fetch')).json()).data as {
    account_number: string;
    amount: number;
  }[];
  expect(list.find((r) => r.account_number === account)?.amount).toBe(14_950);
});
