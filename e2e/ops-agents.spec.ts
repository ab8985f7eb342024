import { expect, test, type Page } from '@playwright/test';
import { outboxOtpAfter } from './helpers';

async function loginOpsUi(page: Page, mobile = '9876500100') {
  await page.goto('/ops/');
  await page.getByLabel('Mobile Number').fill(mobile);
  const since = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  const otp = await outboxOtpAfter(page.request, mobile, since);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();
}

test('an admin adds a support agent, who sees the support inbox only; a role change and a removal sign them out', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const mobile = `98765${String(Date.now() % 100000).padStart(5, '0')}`;
  await loginOpsUi(page);
  await page.getByRole('link', { name: 'Agents' }).click();
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();

  await page.getByLabel('Mobile', { exact: true }).fill(mobile);
  await page.getByLabel('Name (for a new account)').fill('Kavya');
  await page.getByLabel('Role', { exact: true }).first().selectOption('support');
  await page.getByRole('button', { name: 'Add agent' }).click();
  await expect(page.getByText('Agent added')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(mobile) });
  await expect(row).toBeVisible();

  // The new agent signs in and sees the support inbox only.
  const agentContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const agent = await agentContext.newPage();
  await loginOpsUi(agent, mobile);
  await expect(agent.getByText('Your role opens the support inbox only.')).toBeVisible();
  await expect(agent.getByRole('link', { name: 'Agents' })).toHaveCount(0);

  // Made admin: the agent's session ends and the next request asks them to sign in again.
  await row.getByLabel('Role of Kavya').selectOption('admin');
  await expect(page.getByText('Role changed')).toBeVisible();
  await agent.reload();
  await expect(agent.getByLabel('Mobile Number')).toBeVisible();

  // Filter the list, then remove the agent.
  await page.getByLabel('Role', { exact: true }).last().selectOption('admin');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Remove Kavya' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Agent removed')).toBeVisible();
  await expect(row).toHaveCount(0);

  await agentContext.close();
});
