import { expect, test } from '@playwright/test';
import { loginPartner } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Asha finds a project, copies her referral link, and it opens the job page', async ({ page }) => {
  await loginPartner(page, '9876500001');
  await page.goto('/partner/projects');
  await expect(page.getByRole('heading', { name: 'Available Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bike Taxi Captain' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivery Executive' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fleet Supervisor' })).toHaveCount(0);

  await page.getByLabel('Search projects').fill('warehouse');
  await expect(page.getByRole('heading', { name: 'Warehouse Picker' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bike Taxi Captain' })).toHaveCount(0);
  await page.getByLabel('Search projects').fill('');

  const card = page.getByRole('article', { name: 'Delivery Partner' });
  // One payout on the card: Asha's, at her level, which the server decides from her approved work.
  await expect(card.getByText(/^Earn ₹[\d,]+ per joining \((Starter|Silver|Gold|Platinum) level/)).toBeVisible();
  await expect(card.getByText(/^Earn ₹/)).toHaveCount(1);
  await expect(card.getByText('Two-wheeler with licence')).toBeVisible();
  await expect(card.getByRole('listitem')).toHaveCount(3);
  await card.getByRole('button', { name: 'Get Link' }).click();

  const dialog = page.getByRole('dialog', { name: 'Delivery Partner' });
  const link = await dialog.getByLabel('Referral link for Delivery Partner').inputValue();
  expect(link).toMatch(/\/application\/MjYx\/MjYxMQ\/MTAx$/);
  const whatsapp = dialog.getByRole('link', { name: 'Share on WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`Delivery Partner\n${link}`)}`);
  await dialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect(dialog.getByRole('button', { name: 'Link Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // My projects: Ravi's attempted application through Asha's link, with a way to the report.
  const mine = page.getByRole('region', { name: 'My projects' });
  const report = mine.getByRole('link', { name: 'View report for Delivery Partner' });
  await expect(report).toHaveAttribute('href', '/partner/report?job_id=261');
  await expect(report.getByText(/Applications/)).toBeVisible();

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Delivery Partner', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Apply Now' })).toBeVisible();
});

test('Ravi, without PAN, is asked for his KYC instead of a link', async ({ page }) => {
  await loginPartner(page, '9876500002');
  await page.goto('/partner/projects');
  await page.getByRole('article', { name: 'Bike Taxi Captain' }).getByRole('button', { name: 'Get Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bike Taxi Captain' });
  await expect(dialog.getByText('Please add your KYC details - AADHAR, PAN details to unlock the Project Link feature.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
  await expect(dialog.getByRole('link', { name: 'Add KYC details' })).toHaveAttribute('href', '/partner/profile/doc');
});

test("when the projects cannot load, the page says so in its own words with the server's message, and Retry brings them", async ({
  page,
}) => {
  await loginPartner(page, '9876500001');
  await page.route('**/api/v2/partner/job/fetch?**', (route) =>
    route.fulfill({
      status: 503,
      json: { status: false, message: 'The service is busy, please try again in a minute', code: 'UNAVAILABLE' },
    }),
  );
  await page.goto('/partner/projects');
  const problem = page.getByRole('alert').filter({ hasText: 'Could not load the available projects.' });
  await expect(problem).toBeVisible();
  await expect(problem).toContainText('The service is busy, please try again in a minute');
  await expect(page.getByText('Not able to get query details.')).toHaveCount(0);
  await page.unroute('**/api/v2/partner/job/fetch?**');
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Bike Taxi Captain' })).toBeVisible();
});
