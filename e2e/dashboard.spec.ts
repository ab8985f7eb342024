import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginPartner, outboxOtpAfter } from './helpers';

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const today = () => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }).format(new Date());

/** A visit and a lead sent a moment ago show in today's bar, the product's number opens the filtered report, the chart has its table. */
async function leadOfAMomentAgo({ page, browser, baseURL }: { page: Page; browser: Browser; baseURL: string | undefined }) {
  await loginPartner(page, '9876500001');
  // The dashboard is the first screen after login.
  await expect(page).toHaveURL(/\/partner\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByLabel('Period')).toHaveValue('this_week');

  const chart = page.getByRole('table', { name: /per day/ });
  const todayRow = chart.getByRole('row', { name: new RegExp(`^${today()}\\b`) });
  await expect(todayRow).toHaveCount(1);
  const cells = async () => (await todayRow.getByRole('cell').allTextContents()).map((c) => Number(c.replace(/[₹,]/g, '')));
  const [visitsBefore, leadsBefore] = await cells();
  const leadsTile = page.getByRole('link', { name: /^Leads: / });
  const tileBefore = Number(((await leadsTile.locator('.tile__value').textContent()) ?? '0').replace(/,/g, ''));

  // A customer on a phone opens Asha's product link from a WhatsApp group and sends a lead.
  const phone = await browser.newContext({ baseURL: baseURL!, userAgent: PHONE_UA });
  const customer = await phone.newPage();
  await customer.goto('/utm/asha01/401?referrer=whatsapp_group');
  await expect(customer.getByRole('heading').first()).toBeVisible();
  const mobile = `9${String(Date.now()).slice(-9)}`;
  const since = Date.now();
  expect((await phone.request.post('/api/v2/utm/customer/otp/send', { data: { mobile, utm_code: 'asha01', purpose: 'LEAD' } })).ok()).toBe(
    true,
  );
  const otp = await outboxOtpAfter(phone.request, mobile, since);
  const inputs = [
    { input_id: 1, value: mobile },
    { input_id: 2, value: 'Ritu Malhotra' },
    { input_id: 3, value: 'abcpd1234k' },
    { input_id: 4, value: 'Pune' },
  ];
  const lead = await phone.request.post('/api/v2/utm/task/response', {
    data: { form_id: 401, input: inputs, utm_code: 'asha01', otp, idempotency_key: `dash-${mobile}` },
  });
  expect(lead.ok(), await lead.text()).toBe(true);
  await phone.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect.poll(async () => (await cells())[1]).toBe(leadsBefore! + 1);
  expect((await cells())[0]).toBe(visitsBefore! + 1);
  await expect(leadsTile.locator('.tile__value')).toHaveText(new Intl.NumberFormat('en-IN').format(tileBefore + 1));

  // The product's funnel: its leads number opens the Leads Report filtered to that product and this week.
  const product = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .filter({ has: page.locator('a[href*="job_id=401"]') });
  await expect(product).toHaveCount(1);
  await product.getByRole('link', { name: /Leads: / }).click();
  await expect(page).toHaveURL(/\/partner\/report\?start_date=\d{4}-\d{2}-\d{2}&end_date=\d{4}-\d{2}-\d{2}&job_id=401$/);
  await expect(page.getByRole('heading', { name: 'Leads Report' })).toBeVisible();
  await expect(page.getByText('Ritu Malhotra').first()).toBeVisible();

  // Another period: the numbers follow the picker.
  await page.goBack();
  await page.getByLabel('Period').selectOption('last_6_months');
  await expect(page.getByRole('table', { name: /per week/ })).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Your money' })).toBeVisible();
  // Asha's demo balance is payable into her verified bank account: the next scheduled run (every Monday) pays it.
  const next = (await (await page.request.get('/api/v2/partner/dashboard')).json()).data.money.next_payout_on as string;
  expect(next).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const label = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${next}T00:00:00Z`));
  await expect(page.getByText(`Next payout on ${label}`, { exact: true })).toBeVisible();
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test("Asha's dashboard shows a visit and a lead of a moment ago in today's numbers, with the chart as a table", leadOfAMomentAgo);

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test("a lead of a moment ago shows in today's numbers, and the funnel links to the filtered report", leadOfAMomentAgo);

  test('the four tiles sit in one row, the funnel links to the filtered report and the chart keeps its table', async ({ page }) => {
    await loginPartner(page, '9876500001');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.getByLabel('Period').selectOption('this_month');
    const tiles = page.getByRole('list', { name: 'Dashboard' }).getByRole('listitem');
    await expect(tiles).toHaveCount(4);
    const tops = await tiles.evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await expect(page.getByRole('table', { name: /per day/ }).getByRole('row', { name: new RegExp(`^${today()}\\b`) })).toHaveCount(1);
    // The chart's metric buttons say which one is shown.
    await page.getByRole('button', { name: 'Visits', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Visits', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page
      .getByRole('link', { name: /Approved: .*Open in the Leads Report/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/partner\/report\?start_date=.*&status=1$/);
    await expect(page.getByLabel('Lead status')).toHaveValue('1');
  });
});
