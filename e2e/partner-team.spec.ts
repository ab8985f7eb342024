import { expect, test, type Page } from '@playwright/test';
import { loginPartner, outboxOtpAfter } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function openMenu(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1280) <= 720) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Partner menu' }).getByRole('link', { name }).click();
}

/** Logs a member in at the team's link, as they would on their phone. */
async function loginMember(page: Page, mobile: string, name: string) {
  await page.goto('/mt/TEAM02');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a team manager adds a member to an invite-only team, the member logs in, the manager blocks them and reads the members’ leads', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginPartner(page, '9876500002');
  await openMenu(page, 'Team');
  await expect(page.getByRole('heading', { name: 'Team TEAM02' })).toBeVisible();
  await expect(page.getByText('Only members you add can join this team.')).toBeVisible();
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.getByRole('button', { name: 'Link Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/mt\/TEAM02$/);

  // The form says what is wrong at the field.
  await page.getByRole('button', { name: 'Add member' }).click();
  await expect(page.getByText('Enter a valid 10-digit mobile number')).toBeVisible();
  await expect(page.getByText('Write the member’s name')).toBeVisible();

  const mobile = `97${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Mobile Number').fill(mobile);
  await page.getByLabel('First name').fill('Nisha');
  await page.getByRole('button', { name: 'Add member' }).click();
  const members = page.getByRole('list', { name: 'Members' });
  await expect(members.getByText(mobile)).toBeVisible();

  // The added member may now log in at the team's link.
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await memberContext.newPage();
  await loginMember(member, mobile, 'Nisha');
  await expect(member.getByLabel('OTP', { exact: true })).toHaveCount(0);
  await expect(member.getByText('Only members you add')).toHaveCount(0);

  // Blocked: the row says so and the member's next login is refused.
  await page.getByRole('button', { name: 'Block Nisha' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
  await expect(page.getByRole('button', { name: 'Unblock Nisha' })).toBeVisible();
  await loginMember(member, mobile, 'Nisha');
  await expect(member.getByText('Your account has been removed, Please contact your Admin.')).toBeVisible();
  await memberContext.close();

  // The members' leads, one member at a time, with the report's tiles.
  await page.getByLabel('Member', { exact: true }).selectOption({ label: 'Kiran (9876500017)' });
  await expect(page.getByRole('heading', { name: 'Members’ leads' })).toBeVisible();
  await expect(page.getByTestId('tile-tileTotal')).not.toContainText('–');
});
