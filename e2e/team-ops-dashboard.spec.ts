import { expect, test, type Page } from '@playwright/test';
import { loginPartner, outboxOtpAfter } from './helpers';

const grouped = (n: number) => new Intl.NumberFormat('en-IN').format(n);
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test("a team's manager sees the team's numbers and members ranked; a member's leads open the team's list filtered to them", async ({
  page,
}) => {
  await loginPartner(page, '9876500001');
  await page.goto('/partner/team');
  await page.getByRole('link', { name: 'Team dashboard: members ranked' }).click();
  await expect(page.getByRole('heading', { name: 'Team TEAM01: dashboard' })).toBeVisible();
  await page.getByLabel('Period', { exact: true }).selectOption('all');

  // What the screen says is what the API answers for the same period.
  const api = (await (await page.request.get('/api/v2/partner/team/dashboard')).json()).data as {
    leads: number;
    members: { user_id: number; first_name: string | null; leads: number; approved: number }[];
  };
  await expect(page.getByRole('link', { name: new RegExp(`^Leads: ${grouped(api.leads)}\\.`) })).toBeVisible();
  const ranked = page.getByRole('table', { name: 'Members ranked by approved leads, then approval rate' });
  await expect(ranked.getByRole('row')).toHaveCount(api.members.length + 1);
  const first = api.members[0]!;
  await expect(ranked.getByRole('row').nth(1).getByRole('rowheader')).toContainText(first.first_name ?? 'No name yet');

  // The chart has its table for a screen reader, a row per week or day of the period.
  await expect(page.getByRole('table', { name: /per (week|day)/i })).toHaveCount(1);
  expect(await fitsTheScreen(page)).toBe(true);

  await ranked.getByRole('link', { name: new RegExp(`^${first.first_name ?? 'No name yet'}, Leads: `) }).click();
  await expect(page).toHaveURL(new RegExp(`/partner/team\\?.*member_user_id=${first.user_id}`));
  await expect(page.getByLabel('Member', { exact: true })).toHaveValue(String(first.user_id));
});

test('in Hindi the team dashboard reads in Hindi with the numbers in Indian grouping', async ({ page }) => {
  await loginPartner(page, '9876500001');
  await page.goto('/partner/team/dashboard');
  await page.getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('heading', { name: 'टीम TEAM01: डैशबोर्ड' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'सदस्य, सबसे अच्छे पहले' })).toBeVisible();
  expect(await fitsTheScreen(page)).toBe(true);
  // English again for the specs after this one.
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Team TEAM01: dashboard' })).toBeVisible();
});

test.describe('the ops console', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('opens on the dashboard: pending leads by age link to the queue, the days chart has its table', async ({ page }) => {
    await page.goto('/ops/');
    await page.getByLabel('Mobile Number').fill('9876500100');
    const since = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500100', since));
    await page.getByRole('button', { name: 'Submit OTP' }).click();

    await expect(page).toHaveURL(/\/ops\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'The business at a glance' })).toBeVisible();
    const api = (await (await page.request.get('/api/v2/ops/dashboard')).json()).data as {
      pending_age: { total: number };
      days: unknown[];
    };
    const pending = page.getByRole('link', { name: new RegExp(`^Pending now: ${grouped(api.pending_age.total)}(\\.|$)`) });
    await expect(pending).toBeVisible();
    const table = page.getByRole('table', { name: 'Leads per day by their state now' });
    await expect(table.getByRole('row')).toHaveCount(api.days.length + 1);
    await expect(page.getByRole('heading', { name: 'Payout runs: the next one, and one started now' })).toBeVisible();
    // The schedule's next run day (every Monday by default), with its weekday.
    await expect(
      page.getByRole('link', { name: /^Next run due: [A-Z][a-z]{2}, \d{1,2} [A-Z][a-z]{2}\. An admin starts each run on Payouts/ }),
    ).toBeVisible();

    await pending.click();
    await expect(page).toHaveURL(/\/ops\/leads\?status=0&archive_status=0$/);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('0');
  });

  test('fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ops/');
    await page.getByLabel('Mobile Number').fill('9876500100');
    const since = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500100', since));
    await page.getByRole('button', { name: 'Submit OTP' }).click();
    await expect(page.getByRole('heading', { name: 'The business at a glance' })).toBeVisible();
    await page.getByLabel('Period', { exact: true }).selectOption('1');
    await expect(page.getByRole('table', { name: 'Leads per day by their state now' }).getByRole('row')).toHaveCount(2);
  });
});
