import { expect, test } from '@playwright/test';
import { openLive } from './helpers';

// What ops wrote in Hindi beside the English reaches a Hindi reader of the campaign page, fields and refusals included.

test.use({ viewport: { width: 390, height: 844 } });

test('a Hindi reader of a campaign link reads the product, its form and its refusals in Hindi', async ({ page, context }) => {
  // The choice lives in this test's browser context only: no other spec meets it.
  await context.addCookies([{ name: 'pmw_lang', value: 'hi', url: process.env.E2E_BASE_URL! }]);
  await openLive(page, '/utm/asha01/201');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { name: /सहयोग प्लैटिनम क्रेडिट कार्ड/ }).first()).toBeVisible();
  await expect(page.getByText('क्रेडिट कार्ड', { exact: true }).first()).toBeVisible();

  const name = page.getByLabel(/ग्राहक का नाम/);
  await expect(name).toHaveAttribute('placeholder', 'पूरा नाम, जैसा PAN पर लिखा है');
  const city = page.getByLabel(/^शहर/);
  await expect(city.locator('option', { hasText: 'पुणे' })).toHaveCount(1);
  await expect(city.locator('option').first()).toHaveText('शहर चुनें');

  await page.getByLabel(/ग्राहक का मोबाइल नंबर/).fill('9833300777');
  await page.getByRole('button', { name: 'जमा करें' }).click();
  // The refusal names the field by its Hindi label, under the field.
  await expect(page.getByText('ग्राहक का नाम ज़रूरी है').first()).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  const screen = await page.locator('body').innerText();
  for (const english of [
    'Customer Name',
    'Customer Mobile',
    'Full name as on PAN',
    'Select city',
    'Sahyog Platinum Credit Card',
    'Credit Cards',
    'is required',
  ]) {
    expect(screen, english).not.toContain(english);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test('an English reader of the same link reads the English ops wrote', async ({ page }) => {
  await openLive(page, '/utm/asha01/201');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByLabel(/Customer Name/)).toHaveAttribute('placeholder', 'Full name as on PAN');
  await expect(page.getByText('सहयोग')).toHaveCount(0);
});
