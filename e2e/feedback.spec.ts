import { expect, test, type APIRequestContext } from '@playwright/test';
import { feedbackLinkPath } from '@pmw/contract/feedback';
import { loginPartner, outboxOtpAfter, openLive } from './helpers';

const demoLink = feedbackLinkPath({ job_task_id: 5001, ref_value: '9876512345', user_id: 101, otp: '4321' });

/** The partner's own view of their rating, through their session (what the profile shows). */
async function ashaSummary(request: APIRequestContext) {
  const since = Date.now();
  await request.post('/api/v2/partner/otp/send', { data: { mobile: '9876500001' } });
  const otp = await outboxOtpAfter(request, '9876500001', since);
  await request.post('/api/v2/partner/user/login/otp', { data: { mobile: '9876500001', otp } });
  const res = await request.get('/api/v2/partner/feedback/summary');
  return (await res.json()).data as { average_rating: number | null; rating_count: number };
}

// First in the file: its wrong links count against this machine's address too.
test('five wrong codes lock a task’s link, and the merchant is told to ask the partner for a new link', async ({ page }) => {
  // Task 5002 (merchant 9876512346, OTP 8642); someone guesses its code.
  for (let i = 0; i < 5; i++) {
    const res = await page.request.get(
      `/api/v2/feedback/task/fetch?entity_type=JOB_TASK&entity_id=5002&ref_type=MERCHANT_MOBILE&ref_value=9876512346&user_id=101&otp=${1000 + i}`,
    );
    expect(res.status()).toBe(i < 4 ? 404 : 429);
  }
  // The merchant's own, right link now says it is locked.
  await page.goto(feedbackLinkPath({ job_task_id: 5002, ref_value: '9876512346', user_id: 101, otp: '8642' }));
  await expect(page.getByRole('heading', { name: 'This feedback link is locked' })).toBeVisible();
  await expect(
    page.getByText('This feedback link is locked after too many wrong codes. Please ask your partner for a new link.'),
  ).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('feedback-locked-390.png'), fullPage: true });
});

test('a merchant opens the demo link, rates 2 with reasons and a comment, and the partner’s average moves', async ({
  page,
  context,
  playwright,
}) => {
  const partner = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL });
  expect(await ashaSummary(partner)).toEqual({ average_rating: 5, rating_count: 1 });

  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 12.9352, longitude: 77.6245 });
  await openLive(page, demoLink);
  await expect(page).toHaveTitle('Partner Feedback | PickMyWork');
  await expect(page.getByRole('heading', { name: 'Asha' })).toBeVisible();
  await expect(page.getByText('ID: PMW101')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Call Asha' })).toHaveAttribute('href', 'tel:9876500001');
  await expect(page.getByText('Please share your experience...')).toBeVisible();
  await expect(page.getByText('Before you share the OTP')).toBeVisible();
  const otpBox = page.getByRole('group', { name: 'Share OTP' });
  await expect(otpBox).toContainText('4321');

  // Default 4 stars with the praise chips.
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Good Sales Person' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Was in hurry' })).toBeHidden();
  await page.getByText('Great conversation').click();
  await expect(page.getByRole('checkbox', { name: 'Great conversation' })).toBeChecked();

  // Choosing a star clears the reasons and shows the other chip set.
  await page.getByRole('radio', { name: '2 stars' }).check({ force: true });
  await expect(page.getByRole('checkbox', { name: 'Great conversation' })).toBeHidden();
  await expect(page.locator('input[name="reason"][value="Great conversation"]')).not.toBeChecked();
  await page.getByText('Was in hurry').click();
  await expect(page.getByLabel('Tell us more')).toBeHidden();
  await page.getByText('Other', { exact: true }).click();
  await page.getByLabel('Tell us more').fill('Left before the test payment');
  await page.getByRole('button', { name: 'Submit Feedback' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you for your valuable feedback' })).toBeVisible();
  await expect(page.getByRole('link', { name: '+918047180000' })).toHaveAttribute('href', 'tel:+918047180000');
  await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/partner/');

  // The same link again shows the thank-you, not the form.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Thank you for your valuable feedback' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Feedback' })).toHaveCount(0);

  const after = await partner.get('/api/v2/partner/feedback/summary');
  expect((await after.json()).data).toEqual({ average_rating: 3.5, rating_count: 2 });
  await partner.dispose();

  // Ops see the rating with the comment as sent and the device location.
  const ops = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL ?? process.env.E2E_BASE_URL });
  const since = Date.now();
  await ops.post('/api/v2/ops/otp/send', { data: { mobile: '9876500100' } });
  const otp = await outboxOtpAfter(ops, '9876500100', since);
  await ops.post('/api/v2/ops/login/otp', { data: { mobile: '9876500100', otp } });
  const list = (await (await ops.get('/api/v2/ops/feedback?user_id=101&rating=2')).json()).data;
  expect(list.rows[0]).toMatchObject({
    job_task_id: 5001,
    comment: 'Was in hurry, Left before the test payment',
    location: { lat: 12.9352, lng: 77.6245 },
  });
  await ops.dispose();

  // And Asha reads her new average in her profile.
  await loginPartner(page, '9876500001');
  await page.goto('/partner/profile');
  await expect(page.getByText('Rating 3.5 from 2 reviews')).toBeVisible();
});

test('stars and a comment given before the page goes live stay when it does', async ({ page }) => {
  let release!: () => void;
  const arrived = new Promise<void>((r) => (release = r));
  await page.route('**/assets/*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  // The page's scripts hold back its load event: wait for the form, not for the load.
  await page.goto(feedbackLinkPath({ job_task_id: 5003, ref_value: '9876512347', user_id: 102, otp: '7788' }), { waitUntil: 'commit' });
  await page.getByRole('radio', { name: '3 stars' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Was in hurry' }).check({ force: true });
  await page.getByRole('checkbox', { name: 'Other' }).check({ force: true });
  await page.getByLabel('Tell us more').fill('Came on time');
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
  release();
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
  await expect(page.getByRole('radio', { name: '3 stars' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Was in hurry' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Other' })).toBeChecked();
  await expect(page.getByLabel('Tell us more')).toHaveValue('Came on time');
});

test('a refused location still lets the merchant submit', async ({ page, context }) => {
  await context.clearPermissions();
  await openLive(page, feedbackLinkPath({ job_task_id: 5003, ref_value: '9876512347', user_id: 102, otp: '7788' }));
  await expect(page.getByRole('heading', { name: 'Ravi' })).toBeVisible();
  await page.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await page.getByText('Explained the product clearly').click();
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your valuable feedback' })).toBeVisible();
});

test('a link that does not decode, or is not that partner’s, says it is not valid', async ({ page }) => {
  await page.goto('/fb/5001/%25%25%25/MTAx/NDMyMQ==');
  await expect(page.getByRole('heading', { name: 'This feedback link is not valid' })).toBeVisible();
  // Well-formed but naming Ravi (102) for Asha's task.
  await page.goto(feedbackLinkPath({ job_task_id: 5001, ref_value: '9876512345', user_id: 102, otp: '4321' }));
  await expect(page.getByRole('heading', { name: 'This feedback link is not valid' })).toBeVisible();
  await page.goto(feedbackLinkPath({ job_task_id: 5001, ref_value: '9876512345', user_id: 101, otp: '9999' }));
  await expect(page.getByRole('heading', { name: 'This feedback link is not valid' })).toBeVisible();
});

test.describe('without script', () => {
  test.use({ javaScriptEnabled: false });
  const raviShop = feedbackLinkPath({ job_task_id: 5004, ref_value: '9876512348', user_id: 102, otp: '5566' });

  test('a wrong code, then too long a comment, each show their message; then the feedback is submitted', async ({ page }) => {
    await page.goto(raviShop);
    await expect(page.getByRole('heading', { name: 'Ravi' })).toBeVisible();
    // The form is the server's: nothing of the page's script ran.
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);

    // Someone changed the link's code on its way: the form's post says the link is not valid.
    await page.route('**/api/v2/feedback/response/form', (route) =>
      route.continue({ postData: (route.request().postData() ?? '').replace('otp=5566', 'otp=5567') }),
    );
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByRole('heading', { name: 'This feedback link is not valid' })).toBeVisible();
    await page.unroute('**/api/v2/feedback/response/form');

    // Low stars show their own reasons and the box for more, without script (CSS).
    await page.goto(raviShop);
    await page.getByRole('radio', { name: '2 stars' }).check({ force: true });
    await expect(page.getByRole('checkbox', { name: 'Good Sales Person' })).toBeHidden();
    await page.getByText('Did not explain product properly').click();
    await page.getByText('Was in hurry').click();
    await page.getByText('Speaking rudely').click();
    await page.getByText('Other', { exact: true }).click();
    await page.getByLabel('Tell us more').fill('y'.repeat(750));
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    // The reasons and the text together are too long: the message is at the box, the choices kept.
    const box = page.getByLabel('Tell us more');
    await expect(page.getByText('Your feedback can have at most 750 characters')).toBeVisible();
    await expect(box).toHaveAttribute('aria-describedby', /fb-other-error/);
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Was in hurry' })).toBeChecked();
    await page.screenshot({ path: test.info().outputPath('feedback-nojs-error-390.png'), fullPage: true });

    await box.fill('Came back later to finish');
    await page.getByRole('button', { name: 'Submit Feedback' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your valuable feedback' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/partner/');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Thank you for your valuable feedback' })).toBeVisible();
  });
});
