import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatRupees } from '@pmw/contract/partner';
import { loginPartner, outboxOtpAfter } from './helpers';

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

/** A new candidate who applied to Delivery Partner (261) through Asha's link and booked the first open slot, as the candidate's pages do. */
async function bookedCandidate(request: APIRequestContext, name: string): Promise<void> {
  const mobile = `71${String(Date.now()).slice(-8)}`;
  const since = Date.now();
  expect((await request.post('/api/v2/user/otp/send', { data: { mobile } })).ok()).toBe(true);
  const otp = await outboxOtpAfter(request, mobile, since);
  const login = await request.post('/api/v2/user/login/otp', { data: { mobile, otp } });
  expect(login.ok(), await login.text()).toBe(true);
  const userId: number = (await login.json()).data.user_id;
  expect((await request.post('/api/v2/user/profile/update', { data: { user_id: userId, first_name: name } })).ok()).toBe(true);
  const applied = await request.post('/api/v2/user/job/application/add', {
    data: { user_id: userId, recruiter_id: 101, job_id: 261, job_location_id: 2611, answers: [] },
  });
  expect(applied.ok(), await applied.text()).toBe(true);
  const days = (await (await request.get('/api/v2/user/job/slot/fetch?job_id=261&job_location_id=2611')).json()).data as {
    date: string;
    slots: { slot_id: number; available: number }[];
  }[];
  const day = days.find((d) => d.slots.some((s) => s.available > 0))!;
  const slot = day.slots.find((s) => s.available > 0)!;
  const booked = await request.post('/api/v2/user/job/slot/book', {
    data: { user_id: userId, slot_id: slot.slot_id, job_id: 261, booking_date: day.date },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
}

test('ops mark a candidate joined on the Hiring page; the partner sees Joined in their candidates and the credit in Payouts', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const name = `Kiran${Date.now() % 100000}`;
  const candidate = await playwright.request.newContext({ baseURL });
  await bookedCandidate(candidate, name);
  await candidate.dispose();

  await loginOpsUi(page);
  await page.getByRole('link', { name: 'Hiring' }).click();
  await expect(page.getByRole('heading', { name: 'Hiring' })).toBeVisible();
  // Booked interviews are listed first; narrow to the project.
  await page.getByLabel('Project', { exact: true }).selectOption({ label: '261 · Delivery Partner' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Slot booked');
  await expect(row).toContainText('Asha Verma (PMW101)');

  // Joined straight from booked is refused, with why, at the row's id.
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Mark Joined' }).click();
  await page.getByRole('dialog', { name: 'Mark 1 applications Joined?' }).getByRole('button', { name: 'Mark Joined' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 not changed' })).toContainText('Record attended or selected before joined');

  // Attended, then joined: the row leaves the booked list once attended, so show any status.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Any' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Mark Attended' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark Attended' }).click();
  await expect(page.getByText('Attended: 1 changed')).toBeVisible();
  await expect(row).toContainText('Attended');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Mark Joined' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark 1 applications Joined?' });
  await expect(confirm).toContainText('credited the project’s payout once');
  await confirm.getByRole('button', { name: 'Mark Joined' }).click();
  await expect(page.getByText('Joined: 1 changed')).toBeVisible();
  await expect(row).toContainText('Joined');
  await page.screenshot({ path: test.info().outputPath('ops-hiring-390.png'), fullPage: true });

  // Asha, the referring partner, sees the candidate joined and what it earned her.
  await page.context().clearCookies();
  await loginPartner(page, '9876500001');
  await page.goto('/partner/projects');
  const card = page.getByRole('article', { name: `${name} for Delivery Partner` });
  await expect(card).toContainText('Joined');
  await expect(card).toContainText(`You earned ${formatRupees(110_000)}`);
  await expect(card).toContainText('Bengaluru');
  await page.screenshot({ path: test.info().outputPath('partner-candidates-390.png'), fullPage: true });
  await page.goto('/partner/earnings');
  await expect(page.getByText('Candidate joined: Delivery Partner').first()).toBeVisible();
});
