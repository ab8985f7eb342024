import { expect, test, type Browser, type Page } from '@playwright/test';
import { outboxOtpAfter } from './helpers';

/** The worker logs in on the support page itself, as a person would. */
async function loginOnPage(page: Page, path: string, mobile: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByLabel('Mobile Number').fill(mobile);
  const before = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByLabel('OTP', { exact: true })).toBeVisible();
  await page.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(page.request, mobile, before));
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  // Logged in once the login has gone (a navigation before that would cut the answer off).
  await expect(page.getByRole('button', { name: 'Submit OTP' })).toHaveCount(0);
}
const chat = (page: Page) => page.getByRole('main', { name: 'Conversation' });
const loginWorker = (page: Page, mobile: string) => loginOnPage(page, '/support', mobile, 'Help & Queries');

async function agentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await loginOnPage(page, '/ops/support', '9876500100', 'PickMyWork Operations');
  await expect(page.getByRole('heading', { name: 'Support inbox' })).toBeVisible();
  return page;
}

/** Raises a query through the create steps and answers the new ticket's id. */
async function raise(page: Page, type: string, ...choices: string[]): Promise<number> {
  await page.goto('/support/create?user_id=101');
  await page.getByRole('button', { name: type, exact: true }).click();
  for (const choice of choices) await page.getByRole('button', { name: choice }).first().click();
  await expect(page).toHaveURL(/\/support\/ticket\?user_id=101&ticket_id=\d+/);
  await expect(page.getByText(/^Hi Asha! I am PIKU/)).toBeVisible();
  return Number(new URL(page.url()).searchParams.get('ticket_id'));
}

test("Ravi has no queries: the greeting, and his attempted application under Project's Training", async ({ page }) => {
  await loginWorker(page, '9876500002');
  await expect(page.getByText('Hello! I am here for you.')).toBeVisible();
  await page.getByRole('button', { name: 'Raise Query' }).click();
  await page.getByRole('button', { name: "Project's Training" }).click();
  await expect(page.getByRole('heading', { name: 'Select Project' })).toBeVisible();
  await page.getByRole('button', { name: /Delivery Partner/ }).click();
  await expect(page.getByRole('heading', { name: /Query with team #\d+/ })).toBeVisible();
  await expect(page.getByText(/-Delivery Partner$/)).toBeVisible();
  await expect(page.getByText(/^Hi Ravi! I am PIKU/)).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: /Query #\d+/ })).toContainText("Project's Training");
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Raise New Query' })).toBeVisible();
});

test('a newcomer sees the types up to 20, no projects yet, and no video or call offers nobody can keep', async ({ page }) => {
  await loginWorker(page, '9876509002');
  await expect(page.getByText('Hello! I am here for you.')).toBeVisible();
  await page.getByRole('button', { name: 'Raise Query' }).click();
  await expect(page.getByRole('button', { name: 'How to Start' })).toBeVisible();
  await expect(page.getByRole('button', { name: "Project's Training" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Others' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Payment Query' })).toHaveCount(0);

  await page.getByRole('button', { name: "Project's Training" }).click();
  await expect(page.getByText("You don't have any tasks")).toBeVisible();
  await page.getByRole('button', { name: 'Back to Queries' }).click();
  await expect(page.getByText('Hello! I am here for you.')).toBeVisible();

  await page.getByRole('button', { name: 'Raise Query' }).click();
  await page.getByRole('button', { name: 'How to Start' }).click();
  await expect(page.getByRole('heading', { name: /Query with team #\d+/ })).toBeVisible();
  await expect(page.getByText(/I am PIKU/)).toBeVisible();
  // No introduction video is configured on this server: PIKU does not point at one and there is no 'Watch Video'.
  await expect(page.getByText(/I am PIKU/)).not.toContainText(/video/i);
  await expect(page.getByRole('button', { name: 'Watch Video' })).toHaveCount(0);
  // No agent has the query yet, so there is no phone button, and no 'Need help now?' either.
  await expect(page.getByRole('button', { name: 'Request a call back' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Need help now? Click here to call support.' })).toHaveCount(0);
  // The sheet's first field has the focus, so the phone's keyboard opens.
  await page.getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Query' }).getByLabel('Describe your query')).toBeFocused();
});

test('Asha sees her queries by tab with the pending dot, and a link for another user is refused', async ({ page }) => {
  await loginWorker(page, '9876500001');
  await expect(page.getByRole('tab', { name: 'Open Queries' })).toHaveAttribute('aria-selected', 'true');
  const answered = page.getByRole('button', { name: /Query #402/ });
  await expect(answered).toContainText('Pending/Expired Tasks');
  await expect(answered).toContainText('Sahyog Platinum Credit Card');
  await expect(answered.getByRole('img', { name: 'Waiting for you' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Query #403/ }).getByRole('img', { name: 'Waiting for you' })).toHaveCount(0);
  // A query titled by its type says the type once.
  await expect(page.getByRole('button', { name: /Query #401/ }).getByText('Payment Query')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Closed Queries' }).click();
  await expect(page.getByRole('button', { name: /Query #405/ })).toContainText('Recharge');
  await expect(page.getByRole('button', { name: /Query #401/ })).toHaveCount(0);

  await page.getByRole('button', { name: /Query #406/ }).click();
  await expect(page.getByRole('status').filter({ hasText: "We're sorry for any inconvenience" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen Ticket' })).toBeVisible();
  await page.goto('/support/ticket?user_id=101&ticket_id=402');
  await expect(page.getByText('बैंक हर शुक्रवार')).toBeVisible();
  // The Hindi line says it is a translation.
  await expect(chat(page).locator('.bubble').filter({ hasText: 'बैंक हर शुक्रवार' }).getByText('Translated', { exact: true })).toBeVisible();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: /Attachment/ }).click();
  const pdf = await popup;
  await expect.poll(() => pdf.url()).toContain('/api/v2/storage/object');
  await pdf.close();

  await page.goto('/support?user_id=102');
  await expect(page.getByText('These queries belong to another account.')).toBeVisible();
});

test('Asha raises each kind of query through its steps', async ({ page }) => {
  await loginWorker(page, '9876500001');
  await page.getByRole('button', { name: 'Raise New Query' }).click();
  for (const type of ["Project's Training", 'Pending/Expired Tasks', 'Rejected Tasks', 'Payment Query', 'Recharge', 'Others']) {
    await expect(page.getByRole('button', { name: type, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'How to Start' })).toHaveCount(0);

  // Pending/Expired: project, then leads with extended verification time; an expired one is flagged.
  await page.getByRole('button', { name: 'Pending/Expired Tasks' }).click();
  await page.getByRole('button', { name: /Sahyog Platinum Credit Card/ }).click();
  await expect(page.getByRole('heading', { name: 'Select Leads with extended verification time' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Pooja Nair/ })).toContainText('Expired');
  await page.getByRole('button', { name: /9812300001/ }).click();
  await expect(page.getByText('Rohit Sharma-9812300001')).toBeVisible();
  await expect(page.getByText(/^Hi Asha! I am PIKU/)).toBeVisible();

  await raise(page, 'Rejected Tasks', 'Sahyog Zero Balance Savings Account', '9812300003');
  await expect(page.getByText('Imran Khan-9812300003')).toBeVisible();
  await page.goto('/support/create?user_id=101');
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Select Recharge' })).toBeVisible();
  await expect(page.getByRole('button', { name: /3012345678/ })).toContainText('₹350');
  await page.getByRole('button', { name: /3012345678/ }).click();
  await expect(page.getByText('3012345678-350')).toBeVisible();
  await raise(page, 'Others');
});

test('an agent answers in another browser: typed out live, resolved, rated 2 with a comment, reopened, resolved, rated 5', async ({
  page,
  browser,
}) => {
  await loginWorker(page, '9876500001');
  const id = await raise(page, 'Payment Query');
  await expect(page.getByRole('button', { name: 'Reply' })).toBeEnabled();

  const agent = await agentPage(browser);
  await expect(agent.getByRole('link', { name: `Open query #${id}` })).toBeVisible();
  await agent.getByRole('checkbox', { name: 'Waiting for us' }).check();
  await agent.getByRole('link', { name: `Open query #${id}` }).click();
  await expect(agent.getByRole('heading', { name: new RegExp(`Query #${id}`) })).toBeVisible();
  const answer = 'Your payout of ₹1,200 is on its way.';
  await agent.getByLabel('Reply to the worker').fill(answer);
  await agent.getByRole('button', { name: 'Send reply' }).click();

  // Typed out: the indicator first, Reply disabled meanwhile, then the whole text.
  await expect(page.getByRole('status').filter({ hasText: 'Support is typing' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reply' })).toBeDisabled();
  await expect(page.getByText(answer)).toBeVisible({ timeout: 8000 });
  await expect(page.getByRole('button', { name: 'Reply' })).toBeEnabled();
  await expect(page.getByText('Priya', { exact: true })).toBeVisible();

  // The phone button appears once an agent has the ticket; a call-back is asked once.
  await page.getByRole('button', { name: 'Request a call back' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Callback Requested. Please wait..')).toBeVisible();
  await expect(
    page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Our support team will call you back shortly' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request a call back' })).toBeDisabled();
  await agent.getByRole('link', { name: 'Call-backs' }).click();
  await expect(agent.getByRole('link', { name: `Open query #${id}` })).toBeVisible();
  await agent.getByRole('link', { name: `Open query #${id}` }).click();
  await agent.getByLabel('Outcome').selectOption('completed');
  await agent.getByRole('button', { name: 'Save call' }).click();
  await expect(page.getByText('Support team connected with you on phone call')).toBeVisible();

  // Mark resolved: the worker sees it live and the rating footer.
  await agent.getByLabel('Reply to the worker').fill('Paid today, please check your bank.');
  await agent.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByText('Support team answered and marked resolved this query')).toBeVisible();
  await expect(page.getByText("Hope we've answered your query. Please share your experience")).toBeVisible({ timeout: 8000 });
  await expect(page.getByText('OR', { exact: true })).toBeVisible();

  // Rating 2 asks for feedback; the comment goes in as a message.
  await page.getByRole('button', { name: 'Rate 2 of 5: Bad' }).click();
  const sheet = page.getByRole('dialog', { name: 'Sorry to hear your bad experience. Please tell us how can we improve this' });
  await sheet.getByLabel('Your feedback (optional)').fill('It took two days');
  await sheet.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText("Ticket closed! We're sorry for any inconvenience. We're working to improve.")).toBeVisible();
  await expect(chat(page).getByText('It took two days')).toBeVisible();

  // Reopen by replying.
  await page.getByRole('button', { name: 'Reopen Ticket' }).click();
  const update = page.getByRole('dialog', { name: 'Update Query' });
  await update.getByLabel('Describe your query').fill('The money has not arrived yet.');
  await update.getByRole('button', { name: 'Submit' }).click();
  await expect(chat(page).getByText('The money has not arrived yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(agent.getByText('The money has not arrived yet.')).toBeVisible();

  // Resolved again: 'Still have query?' replies without closing; then a 5 closes it happily.
  await agent.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByRole('button', { name: 'Still have query?' })).toBeVisible();
  await page.getByRole('button', { name: 'Still have query?' }).click();
  await update.getByLabel('Describe your query').fill('Which bank account was it sent to?');
  await update.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('button', { name: 'Reply' })).toBeVisible();
  await expect(agent.getByText('Which bank account was it sent to?')).toBeVisible();
  await agent.getByLabel('Reply to the worker').fill('Your default account ending 4321.');
  await agent.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByRole('button', { name: 'Rate 5 of 5: Great' })).toBeVisible({ timeout: 8000 });
  await page.getByRole('button', { name: 'Rate 5 of 5: Great' }).click();
  await expect(page.getByText("Ticket closed! Thanks! We're glad your query is resolved.")).toBeVisible();
  await agent.context().close();
});

test('an agent closes a query; rating 3 has its own closing words; attachments are checked', async ({ page, browser }) => {
  await loginWorker(page, '9876500001');
  const id = await raise(page, 'Others');
  const agent = await agentPage(browser);
  await agent.goto(`/ops/support/ticket/${id}`);
  await agent.getByRole('button', { name: 'Close' }).click();
  await agent.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText("Ticket closed! Thanks! We're glad your query is resolved.")).toBeVisible();

  const second = await raise(page, 'Others');
  await page.getByRole('button', { name: 'Reply' }).click();
  const update = page.getByRole('dialog', { name: 'Update Query' });
  await update.getByLabel('Describe your query').fill('Screenshot attached');
  await update
    .getByLabel(/Attach a file/)
    .setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(16 * 1024 * 1024, 32) });
  await expect(page.getByRole('alert').filter({ hasText: 'File size is 16.00MB, It should be less than 15MB' })).toBeVisible();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await update.getByLabel(/Attach a file/).setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png });
  await update.getByRole('button', { name: 'Submit' }).click();
  await expect(chat(page).getByText('Screenshot attached')).toBeVisible();
  await expect(page.getByRole('button', { name: /Attachment/ })).toBeVisible();

  await agent.goto(`/ops/support/ticket/${second}`);
  await expect(agent.getByRole('button', { name: 'Attachment: shot.png' })).toBeVisible();
  await agent.getByRole('button', { name: 'Mark resolved' }).click();
  await page.getByRole('button', { name: 'Rate 3 of 5: Okay' }).click();
  await expect(page.getByText("Ticket closed! Thanks for your feedback. We're here if you need anything else.")).toBeVisible();
  await agent.context().close();
});

test('a worker writing too fast is asked to wait a minute, and keeps what they typed', async ({ page }) => {
  // A worker with no other messages: every message the budget counts is one this test just sent,
  // so the minute cannot free up while the test runs, however slow the machine.
  await loginWorker(page, '9876509003');
  await page.getByRole('button', { name: 'Raise Query' }).click();
  await page.getByRole('button', { name: 'How to Start' }).click();
  await expect(page).toHaveURL(/\/support\/ticket\?user_id=\d+&ticket_id=\d+/);
  const url = new URL(page.url());
  const [userId, ticketId] = ['user_id', 'ticket_id'].map((k) => Number(url.searchParams.get(k)));
  let refused = false;
  for (let i = 0; i < 40 && !refused; i++) {
    const res = await page.request.post('/api/v2/support/user/ticket/chat/add', {
      data: { user_id: userId, ticket_id: ticketId, chat_message: `Quick message ${i + 1}` },
    });
    refused = res.status() === 429;
    if (!refused) expect(res.status()).toBe(200);
  }
  expect(refused).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Reply' }).click();
  const update = page.getByRole('dialog', { name: 'Update Query' });
  await update.getByLabel('Describe your query').fill('One more detail');
  await update.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('You are sending messages too fast. Please wait a minute and try again.')).toBeVisible();
  await expect(update.getByLabel('Describe your query')).toHaveValue('One more detail');
  await page.screenshot({ path: test.info().outputPath('chat-too-fast-390.png'), fullPage: true });
});

test('inside the mobile app, back and card taps post messages to the host instead of navigating', async ({ page }) => {
  await page.addInitScript(() => {
    const posted: string[] = [];
    (window as unknown as { __posted: string[] }).__posted = posted;
    (window as unknown as { ReactNativeWebView: { postMessage(m: string): void } }).ReactNativeWebView = {
      postMessage: (m) => posted.push(m),
    };
  });
  await loginWorker(page, '9876500001');
  await page.getByRole('button', { name: /Query #402/ }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  const posted = await page.evaluate(() => (window as unknown as { __posted: string[] }).__posted.map((m) => JSON.parse(m)));
  expect(posted).toEqual([
    { type: 'OPEN_TICKET', ticket_id: 402, user_id: 101 },
    { type: 'CLOSE_TICKET', user_id: 101 },
  ]);
  await expect(page).toHaveURL(/\/support$/);
});

test('opened straight in a browser, back arrows lead to the list and never out to a blank page', async ({ page }) => {
  await loginWorker(page, '9876500001');
  // A ticket opened from a link: back goes to the list, in its place.
  await page.goto('/support/ticket?user_id=101&ticket_id=402');
  await expect(page.getByRole('heading', { name: 'Query with team #402' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();
  await expect(page).toHaveURL(/\/support\?user_id=101$/);
  // From the list into a ticket and back: the list again, and its own back arrow then leaves for the portal, not a blank tab.
  await page.getByRole('button', { name: /Query #403/ }).click();
  await expect(page.getByRole('heading', { name: 'Query with team #403' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/partner\//);

  // The create steps opened from a link: back at the first step goes to the list.
  await page.goto('/support/create?user_id=101');
  await expect(page.getByRole('heading', { name: 'Raise Query' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();

  // A query that does not exist: the header, why, and the way back.
  await page.goto('/support/ticket?user_id=101&ticket_id=999999');
  await expect(page.getByRole('heading', { name: 'Query with team #999999' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Query not found');
  await page.getByRole('button', { name: 'Back to Queries' }).click();
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();
});

test("someone else's query shows the header and Back to Queries", async ({ page }) => {
  await loginWorker(page, '9876500002');
  await page.goto('/support/ticket?user_id=102&ticket_id=402');
  await expect(page.getByRole('heading', { name: 'Query with team #402' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('You can only see your own queries');
  await expect(page.getByText('बैंक हर शुक्रवार')).toHaveCount(0);
  await page.getByRole('button', { name: 'Back to Queries' }).click();
  await expect(page.getByRole('heading', { name: 'Help & Queries' })).toBeVisible();
});

test('a call-back request that fails leaves no "Callback Requested" in the chat', async ({ page }) => {
  await loginWorker(page, '9876500001');
  await page.goto('/support/ticket?user_id=101&ticket_id=402');
  await expect(page.getByRole('heading', { name: 'Query with team #402' })).toBeVisible();
  await page.route('**/api/v2/calling/connect/incoming/ticket', (route) =>
    route.fulfill({ status: 503, json: { status: false, message: 'Calling is not available right now', code: 'UNAVAILABLE' } }),
  );
  await page.getByRole('button', { name: 'Request a call back' }).click();
  await page.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Calling is not available right now' })).toBeVisible();
  await expect(chat(page).getByText('Callback Requested. Please wait..')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request a call back' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Query with team #402' })).toBeVisible();
  await expect(chat(page).getByText('Callback Requested. Please wait..')).toHaveCount(0);
});

test("the inbox's filters show a change at once, even on a slow phone", async ({ browser }) => {
  const agent = await agentPage(browser);
  // A phone six times slower than this machine: the URL changes inside a transition that takes a while.
  const cdp = await agent.context().newCDPSession(agent);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  for (const name of ['Waiting for us', 'Call-back requested']) {
    const box = agent.getByRole('checkbox', { name });
    await box.check();
    await expect(box).toBeChecked();
    await box.uncheck();
    await expect(box).not.toBeChecked();
  }
  await agent.getByRole('checkbox', { name: 'Waiting for us' }).check();
  await expect(agent).toHaveURL(/waiting=1/);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await agent.context().close();
});
