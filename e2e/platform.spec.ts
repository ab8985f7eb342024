import { expect, test } from '@playwright/test';
import { loginPartner } from './helpers';

test('the root goes to the partner login, which logs a partner in and out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/partner\/$/);
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
  await expect(page.getByText('Platform to manage your offers')).toBeVisible();

  await loginPartner(page, '9876500001');
  await expect(page.getByText(/Hello Asha/)).toBeVisible();

  // On a phone the side menu sits behind the hamburger.
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('dialog', { name: 'Are you sure to logout?' })).toBeVisible();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
});

test('a bad mobile and a wrong OTP are explained and nothing typed is lost', async ({ page }) => {
  await page.goto('/partner/');
  await page.getByLabel('Mobile Number').fill('12345');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid Mobile Number')).toBeVisible();
  await page.getByLabel('Mobile Number').fill('9876500002');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('OTP', { exact: true }).fill('0000');
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  // Either wrong (most likely) or, once in 10,000 runs, right.
  const wrong = page.getByRole('alert').filter({ hasText: /Incorrect OTP/ });
  const hello = page.getByText(/Hello Ravi/);
  await expect(wrong.or(hello)).toBeVisible();
  if (await wrong.isVisible()) await expect(page.getByLabel('Mobile Number')).toHaveValue('9876500002');
});

test('unknown paths go to the partner portal; /reports too', async ({ page }) => {
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/partner\/$/);
  await page.goto('/some/where/else');
  await expect(page).toHaveURL(/\/partner\/$/);
});
