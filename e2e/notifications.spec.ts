import { expect, test } from '@playwright/test';
import { loginPartner, opsRequest } from './helpers';

test('ops approve a lead of Asha: her bell shows the count, and the notification opens the lead in her Leads Report', async ({ page, playwright, baseURL }) => {
  const ops = await opsRequest(playwright, baseURL!);
  const queue = await ops.get('/api/v2/ops/leads?partner_user_id=101&status=0&limit=1&page=1');
  const lead = (await queue.json()).data.rows[0] as { form_response_id: number; customer_name: string };
  expect(lead).toBeTruthy();
  expect((await ops.post('/api/v2/ops/leads/approve', { data: { form_response_ids: [lead.form_response_id] } })).ok()).toBe(true);
  await ops.dispose();

  await loginPartner(page, '9876500001');
  const bell = page.getByRole('button', { name: /^\d+ unread notifications?$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const dialog = page.getByRole('dialog', { name: 'Notifications' });
  const first = lead.customer_name.split(' ')[0]!;
  const item = dialog.getByRole('button', { name: new RegExp(`Lead approved: ${first} for `) }).first();
  await expect(item).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await item.click();

  await expect(page).toHaveURL(new RegExp(`/partner/report\\?search=${lead.form_response_id}$`));
  await expect(page.getByLabel('Search by details')).toHaveValue(String(lead.form_response_id));
  const cards = page.getByRole('list', { name: 'Leads Report' }).getByRole('listitem');
  await expect(cards.filter({ hasText: String(lead.form_response_id) }).first()).toBeVisible();
});
