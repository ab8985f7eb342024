import { expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from '@playwright/test';

/** The latest OTP the console SMS provider "sent" to a mobile (the dev outbox). */
export async function outboxOtp(request: APIRequestContext, mobile: string): Promise<string> {
  let otp: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v2/dev/outbox?mobile=${mobile}`);
      // The newest code: notification texts to the same mobile sit in the outbox beside it.
      otp = ((await res.json()).data as { otp?: string }[] | undefined)?.find((e) => e.otp)?.otp;
      return otp;
    })
    .toBeTruthy();
  return otp!;
}

/** Logs a partner in through the login screen, as a person would. */
export async function loginPartner(page: Page, mobile: string): Promise<void> {
  await page.goto('/partner/');
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, mobile, before);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  // Logged in once the login has gone (a test that navigates at once would otherwise race the login's answer).
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toHaveCount(0);
}

/** The OTP sent after a moment (so a stale one from an earlier test is not used). */
export async function outboxOtpAfter(request: APIRequestContext, mobile: string, since: number): Promise<string> {
  let otp: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v2/dev/outbox?mobile=${mobile}`);
      // The newest code: notification texts to the same mobile sit in the outbox beside it.
      const entry = ((await res.json()).data as { otp?: string; created_on: string }[] | undefined)?.find((e) => e.otp);
      // Only a code made after `since` (same clock): an earlier login's code, already used, would be refused.
      otp = entry && new Date(entry.created_on).getTime() >= since ? entry.otp : undefined;
      return otp;
    })
    .toBeTruthy();
  return otp!;
}

/** An API context logged in as the demo ops admin, for setting up what ops would do in the console. */
export async function opsRequest(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string): Promise<APIRequestContext> {
  const ops = await playwright.request.newContext({ baseURL });
  const since = Date.now();
  await ops.post('/api/v2/ops/otp/send', { data: { mobile: '9876500100' } });
  const otp = await outboxOtpAfter(ops, '9876500100', since);
  expect((await ops.post('/api/v2/ops/login/otp', { data: { mobile: '9876500100', otp } })).ok()).toBe(true);
  return ops;
}

/** Opens a server-rendered public page and waits until it is live (hydrated), as a person's next tap needs. */
export async function openLive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}
