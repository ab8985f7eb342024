import { expect, test, type Page } from '@playwright/test';
import { outboxOtpAfter } from './helpers';

/**
 * The installed team app offers alerts on the phone after the member's first
 * lead, never on a first visit. The browser grants notifications (a phone
 * whose member said yes); the demo server pushes with the local provider, so
 * the push key is answered as a server with VAPID keys would, and the
 * browser's push service (none in a test browser) is a stand-in that hands
 * out a subscription. The subscription is stored by the real server.
 */
test.use({
  geolocation: { latitude: 12.8925, longitude: 77.5983 },
  permissions: ['geolocation', 'notifications'],
});

const PUBLIC_KEY = 'BHKVzyd8TdiYLSXi8902ZH6QJ3ZpeIDlK2_UbPlvZyt2ya41OeP2H6xvPL5o0jVEmHqPiMUHmjxPwpWiOUNOtBc';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** A number no earlier run has used: a new member, and a customer the duplicate window never refuses. */
const fresh = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}`;

async function standInPushService(page: Page) {
  await page.route('**/api/v2/team/notifications/push/key', (route) =>
    route.fulfill({ json: { status: true, message: 'Success', data: { public_key: PUBLIC_KEY } } }),
  );
  await page.addInitScript(() => {
    let current: PushSubscription | null = null;
    const endpoint = `https://push.example.test/send/e2e-${Math.random().toString(36).slice(2)}`;
    PushManager.prototype.getSubscription = async () => current;
    PushManager.prototype.subscribe = async () => {
      current = {
        endpoint,
        toJSON: () => ({
          endpoint,
          keys: {
            p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
            auth: 'tBHItJI5svbpez7KI4CCXg',
          },
        }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
  });
}

async function loginNewMember(page: Page) {
  const mobile = fresh('97');
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await page.getByLabel('Name').fill('Kavya Rao');
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, mobile, before));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Add: PaySetu Merchant QR' })).toBeVisible();
}

async function addLead(page: Page) {
  await page.getByRole('button', { name: 'Add: PaySetu Merchant QR' }).click();
  await expect(page.getByRole('heading', { name: 'Add lead: PaySetu Merchant QR' })).toBeVisible();
  await page.getByLabel('Customer Mobile').fill(fresh('98'));
  await page.getByLabel('Customer Name').fill('Ganesh Shetty');
  await page.getByLabel('Shop Name').fill('Shetty Kirana');
  await page.getByLabel('Shop Photo').setInputFiles({ name: 'shop.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Uploaded: shop.png')).toBeVisible();
  await expect(page.getByText(/Selected: .*near Bengaluru 560076/)).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Lead added successfully')).toBeVisible();
}

const offer = (page: Page) => page.getByRole('complementary', { name: 'Get alerts on this phone?' });

test('alerts are offered after the first lead, not on the first visit; Turn on alerts subscribes this phone', async ({ page }) => {
  await standInPushService(page);
  await loginNewMember(page);
  // The first visit: projects, and no offer.
  await expect(page.getByRole('heading', { name: 'PaySetu Merchant QR' })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);

  await addLead(page);
  await expect(offer(page)).toBeVisible();
  await expect(offer(page).getByText('We will tell you here when your lead is approved, rejected or needs details.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('team-push-offer-390.png'), fullPage: true });

  const stored = page.waitForResponse(
    (r) => r.url().endsWith('/api/v2/team/notifications/push/subscribe') && r.request().method() === 'POST',
  );
  await offer(page).getByRole('button', { name: 'Turn on alerts' }).click();
  const res = await stored;
  expect(res.ok()).toBe(true);
  expect((await res.json()).data).toEqual({ subscribed: true });
  await expect(offer(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add: PaySetu Merchant QR' })).toBeVisible();
  await expect(offer(page)).toHaveCount(0);
});

test('Not now is remembered on the phone: the next lead does not ask again', async ({ page }) => {
  await standInPushService(page);
  await loginNewMember(page);
  await addLead(page);
  await offer(page).getByRole('button', { name: 'Not now' }).focus();
  await page.keyboard.press('Enter');
  await expect(offer(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add: PaySetu Merchant QR' })).toBeVisible();
  await addLead(page);
  await expect(offer(page)).toHaveCount(0);
});
