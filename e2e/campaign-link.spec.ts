import { expect, test } from '@playwright/test';
import { verhoeffCheckDigit } from '@pmw/contract/kyc';
import { loginPartner, openLive, outboxOtpAfter } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const KYC_MESSAGE = 'Please add your KYC details - AADHAR, PAN details to unlock the Project Link feature.';

test('Asha copies her campaign link, shares it, sees its QR code and copies a product link', async ({ page }) => {
  await loginPartner(page, '9876500001');
  await page.goto('/partner/projects');
  const card = page.getByRole('region', { name: 'Your campaign link' });
  const link = card.getByLabel('Your campaign link');
  await expect(link).toHaveValue(/^https?:\/\/[^/]+\/utm\/asha01$/);
  const url = await link.inputValue();

  await card.getByRole('button', { name: 'Copy Link' }).click();
  await expect(card.getByRole('button', { name: 'Link Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(card.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`Hi! Here are the products I recommend. Apply through my link:\n${url}`)}`,
  );

  // The QR code, its image to download, and the poster to print.
  const qr = card.getByRole('img', { name: 'QR code of your campaign link' });
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(card.getByRole('link', { name: 'Download QR image' })).toHaveAttribute('download', 'pickmywork-asha01.png');
  await expect(card.getByRole('button', { name: 'Print A5 poster' })).toBeVisible();
  // On paper, the poster alone: Asha's name, the QR code and the link.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.campaign-poster')).toBeVisible();
  await expect(page.locator('.campaign-poster')).toContainText("Asha Verma's recommended products");
  await expect(page.locator('.campaign-poster')).toContainText(url);
  await page.emulateMedia({ media: 'screen' });
  await expect(page.locator('.campaign-poster')).toBeHidden();

  // Each product of the campaign page has its own link.
  await card.getByRole('button', { name: 'Product links' }).click();
  await expect(card.getByRole('button', { name: 'Product links' })).toHaveAttribute('aria-expanded', 'true');
  await card.getByRole('button', { name: 'Copy the link for Sahyog Millennia Credit Card' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${url}/400`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The report shows the same link.
  await page.goto('/partner/report');
  await expect(page.getByRole('region', { name: 'Your campaign link' }).getByLabel('Your campaign link')).toHaveValue(url);
});

test('a partner without KYC sees the KYC message and the way to add it', async ({ page }) => {
  await loginPartner(page, '9876500002');
  await page.goto('/partner/projects');
  const card = page.getByRole('region', { name: 'Your campaign link' });
  await expect(card.getByText(KYC_MESSAGE)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Copy Link' })).toHaveCount(0);
  await card.getByRole('link', { name: 'Add KYC details' }).click();
  await expect(page).toHaveURL(/\/partner\/profile\/doc$/);
});

test("the campaign page refuses the partner's own mobile at the field, before any OTP", async ({ page }) => {
  await openLive(page, '/utm/asha01/400');
  await page.getByLabel(/Customer Mobile/).fill('9876500001');
  await page.getByLabel(/Customer Name/).fill('Asha Verma');
  await page.getByLabel(/PAN Number/).fill('ABCPV1234K');
  await page.getByLabel(/City/).selectOption('Pune');
  await page.getByRole('button', { name: 'Submit' }).click();
  const mobile = page.getByLabel(/Customer Mobile/);
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText(
      "This is the mobile number of the partner who shared this link. A partner cannot send a lead for themselves; please enter the customer's mobile number.",
    ),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Another mobile goes on to the OTP.
  await mobile.fill('9833300077');
  await expect(mobile).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('dialog').getByLabel('OTP', { exact: true })).toBeVisible();
});

test("the team lead form refuses the member's own mobile at once, and their manager's when the server says so", async ({ page }) => {
  await page.goto('/mt/TEAM01');
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await page.getByLabel('Name').fill('Meena Devi');
  await page.getByLabel('Mobile Number').fill('9876500011');
  const before = Date.now();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500011', before));
  await page.getByRole('button', { name: 'Login' }).click();

  await page.getByRole('button', { name: 'Add: Sahyog Platinum Credit Card' }).click();
  const mobile = page.getByLabel('Customer Mobile');
  await mobile.fill('9876500011');
  await page.getByLabel('Customer Name').fill('Meena Devi');
  await page.getByLabel('PAN Number').fill('QRSPT8899U');
  await page.getByLabel('City').selectOption('Pune');
  const message = page.getByText(
    "You cannot send a lead for your own mobile number or your team manager's. Please enter the customer's mobile number.",
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(message).toBeVisible();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Asha manages the team: the server refuses her mobile before any OTP goes out.
  await mobile.fill('9876500001');
  await expect(message).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(message).toBeVisible();
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a new partner adds KYC, gets a code made from their name, and changes it once', async ({ page }) => {
  const stamp = String(Date.now()).slice(-8);
  const mobile = `97${stamp}`;
  await loginPartner(page, mobile);
  // The profile and the KYC documents, as the Profile page saves them.
  const profile = await page.request.post('/api/v2/partner/profile/basic/update', { data: { first_name: 'Nisha' } });
  expect(profile.ok()).toBe(true);
  const userId = (await profile.json()).data.user_id as number;
  const aadhaar11 = `5${stamp}${stamp.slice(0, 2)}`;
  const documents = [
    { type: 'PAN', number: `ABCPN${stamp.slice(-4)}F` },
    { type: 'AADHAAR', number: aadhaar11 + verhoeffCheckDigit(aadhaar11) },
  ];
  for (const d of documents)
    expect((await page.request.post('/api/v2/partner/profile/document/add', { data: { user_id: userId, ...d } })).ok()).toBe(true);

  await page.goto('/partner/projects');
  const card = page.getByRole('region', { name: 'Your campaign link' });
  await expect(card.getByLabel('Your campaign link')).toHaveValue(/\/utm\/nisha[2-9]{4}$/);

  await card.getByRole('button', { name: 'Change code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change your campaign code' });
  const field = dialog.getByLabel('New code');
  await field.fill('nisha-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The code must be 6 to 12 small letters or digits 2 to 9')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  const chosen = `nisha${stamp.slice(-5).replace(/[01]/g, '7')}`;
  await field.fill(chosen.toUpperCase());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Campaign code changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByLabel('Your campaign link')).toHaveValue(new RegExp(`/utm/${chosen}$`));
  // Once only.
  await expect(card.getByRole('button', { name: 'Change code' })).toHaveCount(0);
});

test.describe('in the ops console', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('ops take a product off campaign pages and put it back', async ({ page, browser }) => {
    await page.goto('/ops/');
    await page.getByLabel('Mobile Number').fill('9876500100');
    const since = Date.now();
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, '9876500100', since));
    await page.getByRole('button', { name: 'Submit OTP' }).click();
    await expect(page.getByRole('navigation', { name: 'Console sections' })).toBeVisible();

    await page.goto('/ops/projects/410');
    const onCampaign = page.getByRole('checkbox', { name: 'On campaign pages' });
    await expect(onCampaign).toBeChecked();
    await onCampaign.uncheck();
    await page.getByRole('button', { name: 'Save project' }).click();
    await expect(page.getByText('Project saved')).toBeVisible();

    const customer = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await openLive(customer, '/utm/asha01/410');
    await expect(customer.getByText('This product is not available right now')).toBeVisible();

    await onCampaign.check();
    await page.getByRole('button', { name: 'Save project' }).click();
    await expect(page.getByText('Project saved').first()).toBeVisible();
    await expect(async () => {
      await openLive(customer, '/utm/asha01/410');
      await expect(customer.getByRole('heading', { name: 'Apply for Tijori Gold ETF Account' })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await customer.close();
  });
});
