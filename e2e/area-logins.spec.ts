import { expect, test, type Page } from '@playwright/test';
import { outboxOtpAfter } from './helpers';

/**
 * The team area's and the partner portal's logins come drawn in the server's
 * first response: the form is there, labelled, in the request's language,
 * before any script. The button that needs the script waits, shown so, and
 * works on the first tap once the page is live; nothing typed before then is lost.
 */

/** Holds the page's scripts until released, so the page stays as the server sent it for as long as the test looks. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  return () => release();
}

/** A phone six times slower than this machine, so hydration comes late. */
async function slowCpu(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** Console lines React prints when the browser's first render differs from the server's HTML. */
function hydrationProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (
      (msg.type() === 'error' || msg.type() === 'warning') &&
      /hydrat|did not match|server rendered|Minified React error #(418|419|422|423|425)/i.test(msg.text())
    )
      problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  return problems;
}

/** A control shown but not yet working: disabled, and a screen reader hears it is not ready. */
async function expectWaiting(page: Page, name: RegExp) {
  const control = page.getByRole('button', { name });
  await expect(control).toBeDisabled();
  await expect(control).toHaveAttribute('aria-disabled', 'true');
  await expect(control).toHaveAccessibleName(/not ready yet|अभी तैयार नहीं/);
}

/** The cookie a session of this kind left in the browser, if any. */
async function sessionCookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name && c.value !== '');
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the team login works as a plain form: name and number send the OTP, the OTP signs the member in', async ({ page }) => {
    await page.goto('/mt/TEAM01');
    await expect(page.getByText('Team of Asha')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    // The note is the template's <noscript>, which text selectors do not look into.
    await expect(page.locator('.noscript-note[lang="en"]')).toHaveText(
      'Faded buttons need JavaScript, which is off in this browser. Links work without it.',
    );
    await page.getByLabel('Name').fill('Meena Devi');
    await page.getByLabel('Mobile Number').fill('9876500078');
    const before = Date.now();
    await page.getByRole('button', { name: 'Send OTP', exact: true }).click();
    // The server answers the OTP step: the number kept, the OTP field labelled, what needs the script shown waiting.
    await expect(page.getByLabel('OTP', { exact: true })).toBeEditable();
    await expect(page.getByLabel('Mobile Number')).toHaveValue('9876500078');
    await expectWaiting(page, /^Change Number/i);
    const otp = await outboxOtpAfter(page.request, '9876500078', before);
    await page.getByLabel('OTP', { exact: true }).fill(otp);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/mt\/TEAM01$/);
    expect(await sessionCookie(page, 'pmw_team')).toBeTruthy();
    // The team code as typed in lower case is the same team.
    await page.goto('/mt/team01');
    await expect(page.getByText('Team of Asha')).toBeVisible();
  });

  test('the team login in Hindi when the person chose Hindi, with a refusal said at its field', async ({ page }) => {
    await page.context().addCookies([{ name: 'pmw_lang', value: 'hi', url: process.env.E2E_BASE_URL! }]);
    await page.goto('/mt/TEAM01');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByText('Asha की टीम')).toBeVisible();
    await expect(page.locator('.noscript-note[lang="hi"]')).toBeVisible();
    await page.getByLabel('नाम').fill('Meena');
    await page.getByLabel('मोबाइल नंबर').fill('12345');
    await page.getByRole('button', { name: 'OTP भेजें', exact: true }).click();
    await expect(page.getByLabel('मोबाइल नंबर')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('मोबाइल नंबर')).toHaveValue('12345');
    await expect(page.getByLabel('OTP', { exact: true })).toHaveCount(0);
  });

  test('the partner login works as a plain form, with the spec’s texts, in English and Hindi', async ({ page }) => {
    await page.context().addCookies([{ name: 'pmw_lang', value: 'hi', url: process.env.E2E_BASE_URL! }]);
    await page.goto('/partner');
    await expect(page.getByRole('heading', { name: 'PickMyWork में आपका स्वागत है' })).toBeVisible();
    await expect(page.getByLabel('मोबाइल नंबर')).toBeEditable();
    await page.context().addCookies([{ name: 'pmw_lang', value: 'en', url: process.env.E2E_BASE_URL! }]);
    await page.goto('/partner/');
    await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
    await expect(page.getByText('Platform to manage your offers')).toBeVisible();
    await page.getByLabel('Mobile Number').fill('9876500002');
    const before = Date.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByLabel('OTP', { exact: true })).toBeEditable();
    await page.getByLabel('OTP', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Submit OTP', exact: true }).click();
    await expect(page.getByText('OTP must be 4 digits')).toBeVisible();
    const otp = await outboxOtpAfter(page.request, '9876500002', before);
    await page.getByLabel('OTP', { exact: true }).fill(otp);
    await page.getByRole('button', { name: 'Submit OTP', exact: true }).click();
    await expect(page).toHaveURL(/\/partner\/$/);
    expect(await sessionCookie(page, 'pmw_worker')).toBeTruthy();
  });

  test('an unknown team and the pages under the areas are left to the script, as before', async ({ page }) => {
    await page.goto('/mt/NOPE99');
    await expect(page.getByLabel('Mobile Number')).toHaveCount(0);
    await page.goto('/partner/report');
    await expect(page.getByLabel('Mobile Number')).toHaveCount(0);
  });
});

test('a field agent taps Send OTP before the team page is live: the server answers the OTP step, which then signs in with script', async ({
  page,
}) => {
  const problems = hydrationProblems(page);
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/mt/TEAM01', { waitUntil: 'commit' });
  await expect(page.getByText('Team of Asha')).toBeVisible();
  await page.getByLabel('Name').fill('Ravi Kumar');
  await page.getByLabel('Mobile Number').fill('9876500077');
  const before = Date.now();
  // A tap now is taken: the form posts and the OTP step comes back drawn.
  await page.getByRole('button', { name: 'Send OTP', exact: true }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Mobile Number')).toHaveValue('9876500077');

  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // Live, the login is at the team's address again.
  await expect(page).toHaveURL(/\/mt\/TEAM01$/);
  const otp = await outboxOtpAfter(page.request, '9876500077', before);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('Mobile Number')).toHaveCount(0);
  expect(problems).toEqual([]);

  // Signed in, the same first response, then the member's screens as soon as the session answers.
  await page.goto('/mt/TEAM01');
  await expect(page.getByLabel('Mobile Number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Send OTP/ })).toHaveCount(0);
});

test('a partner types before the portal is live: the number stays, and Login sends the OTP on the first tap once live', async ({
  page,
}) => {
  const problems = hydrationProblems(page);
  await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/partner/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
  await page.getByLabel('Mobile Number').fill('9876500001');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();

  const before = Date.now();
  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(page.getByLabel('Mobile Number')).toHaveValue('9876500001');
  await login.click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  const otp = await outboxOtpAfter(page.request, '9876500001', before);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  // The portal's screens load on a CPU six times slower: a person waits for them.
  await expect(page.getByText('Hello Asha')).toBeVisible({ timeout: 30_000 });
  expect(problems).toEqual([]);

  // Signed in, /partner/ draws the same login first and opens the portal when the session answers.
  await page.goto('/partner/');
  await expect(page.getByText('Hello Asha')).toBeVisible({ timeout: 30_000 });
});
