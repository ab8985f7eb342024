import { expect, test } from '@playwright/test';
import { loginPartner, opsRequest, outboxOtpAfter } from './helpers';

test('ops approve a lead of Asha: her bell shows the count, and the notification opens the lead in her Leads Report', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A notification speaks the language its person chose: another spec reads Asha's portal in Hindi,
  // so here she chooses English (remembered for her mobile when her login code is sent).
  await page.context().addCookies([{ name: 'pmw_lang', value: 'en', url: baseURL! }]);
  await loginPartner(page, '9876500001');
  const ops = await opsRequest(playwright, baseURL!);
  const queue = await ops.get('/api/v2/ops/leads?partner_user_id=101&status=0&limit=1&page=1');
  const lead = (await queue.json()).data.rows[0] as { form_response_id: number; customer_name: string };
  expect(lead).toBeTruthy();
  // The demo's oldest pending lead carries a photo shared with other leads (high risk): ops confirm, as the console asks.
  const approve = { form_response_ids: [lead.form_response_id], confirm_high_risk: true };
  expect((await ops.post('/api/v2/ops/leads/approve', { data: approve })).ok()).toBe(true);
  await ops.dispose();

  await page.reload();
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

test("ops send back a lead of Meena's for details: her bell in the team area tells her, and opens My Lead's Report", async ({
  page,
  playwright,
  baseURL,
}) => {
  // Meena chooses English (another spec reads the team area in Hindi): her notification speaks it.
  await page.context().addCookies([{ name: 'pmw_lang', value: 'en', url: baseURL! }]);
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await page.getByLabel('Name').fill('Meena');
  await page.getByLabel('Mobile Number').fill('9876500011');
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const otp = await outboxOtpAfter(page.request, '9876500011', before);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Login' }).click();
  // Logged in: the bell is there (nothing unread yet).
  await expect(page.getByRole('button', { name: /notification/i })).toBeVisible();

  const ops = await opsRequest(playwright, baseURL!);
  const queue = await ops.get('/api/v2/ops/leads?team_id=1&status=0&sub_status=0&limit=50&page=1');
  const lead = (
    (await queue.json()).data.rows as { form_response_id: number; team_member_user_id: number | null; partner_user_id: number | null }[]
  ).find((r) => r.team_member_user_id === 111);
  expect(lead).toBeTruthy();
  expect(
    (
      await ops.post('/api/v2/ops/leads/needs-details', {
        data: { form_response_ids: [lead!.form_response_id], comment: 'Add the shop photo' },
      })
    ).ok(),
  ).toBe(true);
  await ops.dispose();

  await page.reload();
  await page.getByRole('button', { name: /^\d+ unread notifications?$/ }).click();
  const item = page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: /Lead needs details: .*Add the shop photo/ })
    .first();
  await item.click();
  await expect(page).toHaveURL(/\/mt\/TEAM01\/report$/);
  await expect(page.getByRole('button', { name: /unread notification/ })).toHaveCount(0);
});

test('Asha turns off texts of rejected leads in her message settings; payout texts stay on', async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'pmw_lang', value: 'en', url: baseURL! }]);
  await loginPartner(page, '9876500001');
  await page.getByRole('button', { name: /notification/i }).click();
  await page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'Message settings' }).click();
  await expect(page).toHaveURL(/\/partner\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Messages you get' })).toBeVisible();
  const rejected = page.getByRole('checkbox', { name: 'A lead is rejected' });
  await expect(rejected).toBeChecked();
  const payout = page.getByRole('checkbox', { name: 'A payout is sent' });
  await expect(payout).toBeChecked();
  await expect(payout).toBeDisabled();
  await expect(page.getByText('Always on: news of your money').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // From the keyboard.
  const saved = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/v2/partner/notifications/settings') && r.request().method() === 'POST');
  await rejected.focus();
  let answer = saved();
  await page.keyboard.press('Space');
  await expect(rejected).not.toBeChecked();
  expect((await answer).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'A lead is rejected' })).not.toBeChecked();
  // Back on, for the specs after this one.
  answer = saved();
  // The switch turns once the server has stored it: clicked, then waited for as a person would.
  await page.getByRole('checkbox', { name: 'A lead is rejected' }).click();
  expect((await answer).ok()).toBe(true);
  await expect(page.getByRole('checkbox', { name: 'A lead is rejected' })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'A lead is rejected' })).toBeChecked();
});

test("support answers Asha's query while she is away: the support list's bell tells her and opens the query", async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'pmw_lang', value: 'en', url: baseURL! }]);
  await loginPartner(page, '9876500001');
  const created = await page.request.post('/api/v2/support/user/ticket/add', { data: { ticket_type: 50, ticket_title: 'Bell check' } });
  const ticketId = (await created.json()).data.ticket_id as number;
  const ops = await opsRequest(playwright, baseURL!);
  expect(
    (await ops.post('/api/v2/ops/support/ticket/chat/add', { data: { ticket_id: ticketId, chat_message: 'Which payment?' } })).ok(),
  ).toBe(true);
  await ops.dispose();

  // The notice is written a moment after the answer (once the server knows she has no socket on the query): she opens the app later.
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/api/v2/support/user/notifications')).json()).includes(`#${ticketId}`))
    .toBe(true);
  await page.goto('/support?user_id=101');
  const bell = page.getByRole('button', { name: /^\d+ unread notifications?$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: new RegExp(`Support answered your query #${ticketId}\\.`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/support/ticket\\?user_id=101&ticket_id=${ticketId}$`));
  await expect(page.getByText('Which payment?')).toBeVisible();
});

test.describe('in the ops console', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("ops see Asha's SMS notifications with their state", async ({ page }) => {
    await page.goto('/ops/');
    await page.getByLabel('Mobile Number').fill('9876500100');
    const since = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    const otp = await outboxOtpAfter(page.request, '9876500100', since);
    await page.getByLabel('OTP', { exact: true }).fill(otp);
    await page.getByRole('button', { name: 'Submit OTP' }).click();
    // The approval of the test above reaches Asha's phone (the dev outbox) once its merge window has passed.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/v2/dev/outbox?mobile=9876500001')).json()).data as { text: string }[]).some((e) =>
            e.text.startsWith('Lead approved:'),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page.getByRole('heading', { name: 'Notifications sent by SMS' })).toBeVisible();
    await page.getByLabel('Person (PMW id)').fill('101');
    await page.getByLabel('Kind').selectOption('lead_approved');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Lead approved:' }).first();
    await expect(row.getByRole('cell', { name: 'sent', exact: true })).toBeVisible();
  });
});
