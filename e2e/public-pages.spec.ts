import { expect, test, type Page } from '@playwright/test';
import { applicationPath } from '@pmw/contract/hiring';
import { openLive } from './helpers';

const feedbackLink = '/fb/5001/OTg3NjUxMjM0NQ%3D%3D/MTAx/NDMyMQ%3D%3D';
const jobLink = applicationPath({ job_id: 261, job_location_id: 2611, recruiter_id: 101 });

/** Console lines React prints when the browser's first render differs from the server's HTML. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (
      (msg.type() === 'error' || msg.type() === 'warning') &&
      /hydrat|did not match|server rendered|Minified React error #(418|419|422|423|425)/i.test(text)
    )
      problems.push(text);
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the campaign page lists the products, and Get Now leads to the lead form', async ({ page }) => {
    await page.goto('/utm/asha01');
    await expect(page.getByRole('heading', { name: 'Products recommended by Asha Verma' })).toBeVisible();
    const cards = page.getByRole('region', { name: 'Credit Cards' });
    await expect(cards.getByRole('link', { name: /^Get Now:/ })).toHaveCount(9);
    await cards.getByRole('link', { name: 'Get Now: Sahyog Millennia Credit Card' }).click();
    await expect(page).toHaveURL(/\/utm\/asha01\/400$/);
    await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();
    await expect(page.getByLabel(/Customer Mobile/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  });

  test('a link to a product the page does not list says it is not available, above the products', async ({ page }) => {
    for (const jobId of [212, 261, 99999]) {
      const res = await page.goto(`/utm/asha01/${jobId}`);
      expect(res?.status()).toBe(200);
      const note = page.getByText('This product is not available right now');
      await expect(note).toBeVisible();
      const rail = page.getByRole('region', { name: 'Credit Cards' });
      expect((await note.boundingBox())!.y).toBeLessThan((await rail.boundingBox())!.y);
    }
  });

  test('the feedback page shows the partner, the OTP and the stars', async ({ page }) => {
    await page.goto(feedbackLink);
    await expect(page.getByText('Rate our Partner').or(page.getByText('Thank you for your valuable feedback'))).toBeVisible();
    if (await page.getByText('Rate our Partner').isVisible()) {
      await expect(page.getByRole('heading', { name: 'Asha' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Share OTP' })).toContainText('4321');
      await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  });

  test('the job page shows the job and Apply Now', async ({ page }) => {
    await page.goto(jobLink);
    await expect(page.getByRole('heading', { name: 'Delivery Partner', level: 1 })).toBeVisible();
    await expect(page.getByText('₹18,000 - ₹28,000 a month')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply Now' })).toHaveAttribute(
      'href',
      /^\/detailsPage\?job_id=261&job_location_id=2611&recruiter_id=101/,
    );
  });

  test('an unknown campaign code says the link is invalid', async ({ page }) => {
    const res = await page.goto('/utm/nobody-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByText('Invalid Link/QR Code')).toBeVisible();
  });

  test('the campaign page is in Hindi for a reader who chose Hindi', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'pmw_lang', value: 'hi', url: baseURL! }]);
    await page.goto('/utm/asha01');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { name: 'Asha Verma के सुझाए प्रोडक्ट' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^अभी लें/ }).first()).toBeVisible();
  });
});

test('the campaign page carries its data inertly and its link preview', async ({ request }) => {
  const res = await request.get('/utm/asha01');
  const html = await res.text();
  expect(html).toContain('<script type="application/json" id="pmw-page-data">');
  // Every script is either the JSON data or an external module: nothing inline runs.
  for (const [, attrs, body] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    expect(/type="application\/json"/.test(attrs!) || (/src=/.test(attrs!) && body!.trim() === '')).toBe(true);
  }
  expect(html).toMatch(/<meta property="og:title" content="Asha Verma&#39;s recommended products">/);
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+">/);
  expect(html).toMatch(/<meta property="og:url" content="https?:\/\/[^"]+\/utm\/asha01">/);
  expect(html).toMatch(/<meta name="description" content="[^"]+">/);
  expect(html).toMatch(/<link rel="modulepreload"/);
});

test('the campaign page hydrates without warnings and opens a form in place', async ({ page }) => {
  const problems = hydrationProblems(page);
  await openLive(page, '/utm/asha01');
  await page.locator('html[data-form-ready]').waitFor({ state: 'attached' });
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  const cards = page.getByRole('region', { name: 'Credit Cards' });
  await cards.getByRole('button', { name: 'Show All' }).click();
  expect(await cards.getByRole('link', { name: /^Get Now:/ }).count()).toBeGreaterThanOrEqual(12);
  await cards.getByRole('link', { name: 'Get Now: Sahyog Millennia Credit Card' }).click();
  await expect(page).toHaveURL(/\/utm\/asha01\/400$/);
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();
  // Opened in place: the page did not load again.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Mobile number is required')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('Get Now tapped before the form code is here follows its link to the product page', async ({ page }) => {
  await page.route('**/assets/lead-panel-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 3000));
    await route.continue();
  });
  await openLive(page, '/utm/asha01');
  await page.getByRole('region', { name: 'Credit Cards' }).getByRole('link', { name: 'Get Now: Sahyog Millennia Credit Card' }).click();
  await expect(page).toHaveURL(/\/utm\/asha01\/400$/);
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();
});

test('what a customer types into the product page before it goes live stays when it does', async ({ page }) => {
  // A slow phone: the form is on the screen, its script is still on the way.
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  await page.route('**/assets/lead-panel-*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/utm/asha01/400');
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();
  await page.getByLabel(/Customer Mobile/).fill('9812345670');
  await page.getByLabel(/Customer Name/).fill('Kavya Rao');
  release();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(page.getByLabel(/Customer Mobile/)).toHaveValue('9812345670');
  await expect(page.getByLabel(/Customer Name/)).toHaveValue('Kavya Rao');
  // Live, the form checks what is on the screen: the fields left empty are asked for, the filled ones are not.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('PAN Number is required')).toBeVisible();
  await expect(page.getByText('Mobile number is required')).toHaveCount(0);
  await expect(page.getByText('Customer Name is required')).toHaveCount(0);
});

test('a shared product link opens with that product form, live', async ({ page }) => {
  const problems = hydrationProblems(page);
  await openLive(page, '/utm/asha01/400');
  await expect(page.getByRole('heading', { name: 'Apply for Sahyog Millennia Credit Card' })).toBeVisible();
  await page.getByRole('button', { name: 'Details' }).click();
  await expect(page.getByRole('dialog', { name: 'Sahyog Millennia Credit Card: details' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('the campaign page hydrates in Hindi without warnings', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'pmw_lang', value: 'hi', url: baseURL! }]);
  const problems = hydrationProblems(page);
  await openLive(page, '/utm/asha01/400');
  await expect(page.getByRole('button', { name: 'जमा करें' })).toBeVisible();
  expect(problems).toEqual([]);
});

for (const [name, url, visible] of [
  ['feedback', feedbackLink, /Rate our Partner|Thank you for your valuable feedback/],
  ['job', jobLink, /Apply Now/],
] as const) {
  test(`the ${name} page hydrates without warnings`, async ({ page }) => {
    const problems = hydrationProblems(page);
    await openLive(page, url);
    await expect(page.getByText(visible).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
}

test('the job page in Hindi from the first response', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'pmw_lang', value: 'hi', url: baseURL! }]);
  const problems = hydrationProblems(page);
  await openLive(page, jobLink);
  await expect(page.getByRole('link', { name: 'अभी आवेदन करें' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('robots.txt lets the public pages be listed and keeps the rest out', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.ok()).toBe(true);
  const text = await res.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Allow: \/utm\/$/m);
  for (const path of ['/partner', '/ops', '/mt', '/api', '/fb/']) expect(text).toContain(`Disallow: ${path}\n`);
});

test('a visitor who is not signed in is told so without a 401', async ({ request }) => {
  for (const path of ['/api/v2/partner/user/get', '/api/v2/user/get', '/api/v2/team/user/get']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    expect((await res.json()).data, path).toBeNull();
  }
});
