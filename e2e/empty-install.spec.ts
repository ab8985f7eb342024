import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { verhoeffCheckDigit } from '@pmw/contract/kyc';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { openLive, outboxOtpAfter } from './helpers';
import { startServer, type RunningServer } from './server';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = '9123400088';
// A real 1x1 PNG and a minimal PDF, small enough for any upload rule.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const stamp = String(Date.now()).slice(-7);
const PARTNER = `96${stamp}1`;
const CUSTOMER = `95${stamp}2`;
const CANDIDATE = `94${stamp}3`;
const MEMBER = `93${stamp}4`;
const TEAM_CUSTOMER = `92${stamp}5`;
const FINANCIAL = 'Suraksha Gold Loan';
const HIRING = 'Store Helper';
const TEAM_CODE = `TM${stamp}`;

let server: RunningServer;
let dataDir: string;

/**
 * A fresh data dir, no demo data, the first admin from --create-admin. The server runs in dev
 * mode only because production has no dev outbox, and the OTPs and the merchant's SMS are read
 * from it; everything else is what a production install does.
 */
test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-e2e-month-'));
  const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, SEED_DEMO: 'never', LOG_LEVEL: 'warn' };
  const buildDir = process.env.PMW_BUILD_DIR;
  const bundle = buildDir ? path.join(buildDir, 'server/server.mjs') : path.join(root, 'apps/server/dist/server.mjs');
  const made = spawnSync(process.execPath, [...serverNodeFlags, bundle, '--create-admin', ADMIN], { cwd: root, env, encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'never' });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A phone's browser on the empty install's server, as each person of the story uses. */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  // A step that cannot happen fails within the minute, not at the end of the whole story.
  page.setDefaultTimeout(30_000);
  return page;
}

function daysFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function openPartnerMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Partner menu' }).getByRole('link', { name, exact: true }).click();
}

test('a month of business from an empty database', async ({ browser }) => {
  test.setTimeout(300_000);

  // ── Ops: the catalogue, from nothing ──────────────────────────────────────────
  const ops = await phone(browser);
  await ops.goto('/ops/');
  await ops.getByLabel('Mobile Number').fill(ADMIN);
  let since = Date.now();
  await ops.getByRole('button', { name: 'Login' }).click();
  await ops.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(ops.request, ADMIN, since));
  await ops.getByRole('button', { name: 'Submit OTP' }).click();
  const nav = ops.getByRole('navigation', { name: 'Console sections' });
  await expect(nav).toBeVisible();

  await nav.getByRole('link', { name: 'Categories' }).click();
  await expect(ops.getByRole('table', { name: 'Categories' }).getByRole('cell', { name: /^Hiring/ })).toBeVisible();
  await ops.getByLabel('Category title', { exact: true }).fill('Gold Loans');
  await ops.getByRole('button', { name: 'Add category' }).click();
  await expect(ops.getByRole('table', { name: 'Categories' }).getByRole('cell', { name: 'Gold Loans', exact: true })).toBeVisible();

  await nav.getByRole('link', { name: 'Employers' }).click();
  await ops.getByRole('button', { name: 'Add employer' }).click();
  const employer = ops.getByRole('dialog', { name: 'Add employer' });
  await employer.getByLabel('Employer name', { exact: true }).fill('Suraksha Finance');
  await employer.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByRole('table', { name: 'Employers' }).getByRole('cell', { name: 'Suraksha Finance', exact: true })).toBeVisible();

  // The financial project: a lead form with the starter mobile and name inputs, and merchant feedback asked.
  await nav.getByRole('link', { name: 'Projects' }).click();
  await ops.getByRole('main').getByRole('link', { name: 'New project' }).first().click();
  await expect(ops.getByLabel('Job title', { exact: true })).toBeVisible();
  await ops.getByLabel('Employer', { exact: true }).selectOption({ label: 'Suraksha Finance' });
  await ops.getByLabel('Category', { exact: true }).selectOption({ label: 'Gold Loans' });
  await ops.getByLabel('Job title', { exact: true }).fill(FINANCIAL);
  await ops.getByLabel('Payout per approved lead (₹)').fill('400');
  await ops.getByLabel('Validity of a pending lead (days)').fill('30');
  await ops.getByRole('checkbox', { name: /^Ask merchants for feedback/ }).check();
  await ops.getByRole('button', { name: 'Save project' }).click();
  await expect(ops.getByText('Project created')).toBeVisible();
  await expect(ops.getByRole('heading', { name: /^Edit project \d+$/ })).toBeVisible();
  const financialId = Number(ops.url().split('/').pop());
  await expect(ops.getByRole('checkbox', { name: /^Ask merchants for feedback/ })).toBeChecked();
  await ops.getByRole('button', { name: 'Save form' }).click();
  await expect(ops.getByText('Form saved')).toBeVisible();

  // The hiring project, with a location and interview slots.
  await ops.getByRole('link', { name: 'Back to projects' }).click();
  await ops.getByRole('main').getByRole('link', { name: 'New project' }).first().click();
  await expect(ops.getByLabel('Job title', { exact: true })).toBeVisible();
  await ops.getByLabel('Employer', { exact: true }).selectOption({ label: 'Suraksha Finance' });
  await ops.getByLabel('Category', { exact: true }).selectOption({ label: 'Hiring' });
  await ops.getByLabel('Job title', { exact: true }).fill(HIRING);
  await ops.getByLabel('Payout per approved lead (₹)').fill('500');
  await ops.getByLabel('Validity of a pending lead (days)').fill('30');
  await ops.getByRole('button', { name: 'Add location' }).click();
  await ops.getByRole('textbox', { name: 'City 1', exact: true }).fill('Pune');
  await ops.getByLabel('Pincodes served (comma or space separated)').fill('411001');
  await ops.getByRole('button', { name: 'Save project' }).click();
  await expect(ops.getByText('Project created')).toBeVisible();
  await expect(ops.getByRole('heading', { name: /^Edit project \d+$/ })).toBeVisible();
  const hiringId = Number(ops.url().split('/').pop());
  const slotDate = daysFromToday(3);
  await ops.getByLabel('Date', { exact: true }).fill(slotDate);
  await ops.getByLabel(/^Start times/).fill('10:00, 11:30');
  await ops.getByLabel('Capacity per slot').fill('4');
  await ops.getByRole('button', { name: 'Add slots' }).click();
  await expect(ops.getByText('2 slots added')).toBeVisible();

  // ── A new partner: KYC, then their campaign link ─────────────────────────────
  const partner = await phone(browser);
  await partner.goto('/partner/');
  await expect(partner.getByRole('heading', { name: 'Welcome to PickMyWork' })).toBeVisible();
  await partner.getByLabel('Mobile Number').fill(PARTNER);
  since = Date.now();
  await partner.getByRole('button', { name: 'Login' }).click();
  await partner.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(partner.request, PARTNER, since));
  await partner.getByRole('button', { name: 'Submit OTP' }).click();
  await expect(partner.getByRole('heading', { name: 'Welcome to PickMyWork' })).toHaveCount(0);

  await partner.goto('/partner/profile');
  await expect(partner.getByLabel('Name', { exact: true })).toBeVisible();
  await partner.getByLabel('Name', { exact: true }).fill('Kavita Joshi');
  await partner.getByRole('button', { name: 'Save Details' }).click();
  await expect(partner.getByText('Details updated successfully!')).toBeVisible();
  await expect(partner.getByLabel('ID', { exact: true })).toHaveValue(/^PMW\d+$/);
  const partnerPmwId = await partner.getByLabel('ID', { exact: true }).inputValue();
  await partner.getByRole('link', { name: 'KYC Details' }).click();
  const pan = partner.getByRole('form', { name: 'PAN Number' });
  await pan.getByRole('textbox').fill(`ABCPJ${stamp.slice(-4)}K`);
  await pan.getByRole('button', { name: 'Save Details' }).click();
  await expect(pan).toHaveCount(0);
  const aadhaar = partner.getByRole('form', { name: 'Aadhaar Number' });
  const aadhaar11 = `3${stamp}${stamp.slice(0, 3)}`;
  await aadhaar.getByRole('textbox').fill(aadhaar11 + verhoeffCheckDigit(aadhaar11));
  await aadhaar.getByLabel('Aadhaar front image').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await aadhaar.getByLabel('Aadhaar back image').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await aadhaar.getByRole('button', { name: 'Save Details' }).click();
  await expect(aadhaar).toHaveCount(0);

  await openPartnerMenu(partner, 'Projects');
  const campaignCard = partner.getByRole('region', { name: 'Your campaign link' });
  await expect(campaignCard.getByLabel('Your campaign link')).toHaveValue(/\/utm\/[a-z2-9]+$/);
  await campaignCard.getByRole('button', { name: 'Copy Link' }).click();
  await expect(campaignCard.getByRole('button', { name: 'Link Copied!' })).toBeVisible();
  const campaignLink = await partner.evaluate(() => navigator.clipboard.readText());
  expect(campaignLink).toMatch(/\/utm\/[a-z2-9]+$/);

  // ── A customer sends a lead through the campaign link ─────────────────────────
  const customer = await phone(browser);
  await openLive(customer, new URL(campaignLink).pathname);
  await expect(customer.getByRole('heading', { name: 'Products recommended by Kavita Joshi' })).toBeVisible();
  await customer
    .getByRole('region', { name: 'Gold Loans' })
    .getByRole('link', { name: `Get Now: ${FINANCIAL}` })
    .click();
  await expect(customer.getByRole('heading', { name: `Apply for ${FINANCIAL}` })).toBeVisible();
  // The partner's own mobile is refused at the field, before any OTP.
  const customerMobile = customer.getByLabel(/Customer Mobile/);
  await customerMobile.fill(PARTNER);
  await customer.getByLabel(/Customer Name/).fill('Kavita Joshi');
  await customer.getByRole('button', { name: 'Submit' }).click();
  await expect(customerMobile).toHaveAttribute('aria-invalid', 'true');
  await expect(
    customer.getByText(
      "This is the mobile number of the partner who shared this link. A partner cannot send a lead for themselves; please enter the customer's mobile number.",
    ),
  ).toBeVisible();
  await expect(customer.getByRole('dialog')).toHaveCount(0);
  await customerMobile.fill(CUSTOMER);
  await customer.getByLabel(/Customer Name/).fill('Ramesh Patil');
  since = Date.now();
  await customer.getByRole('button', { name: 'Submit' }).click();
  const otpDialog = customer.getByRole('dialog');
  await expect(otpDialog.getByLabel('OTP', { exact: true })).toBeVisible();
  await otpDialog.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(customer.request, CUSTOMER, since));
  await otpDialog.getByRole('button', { name: 'Verify' }).click();
  await expect(customer.getByRole('dialog', { name: 'Verification Successful' })).toBeVisible();

  // ── Ops approve it; the partner's Payouts page shows the payout ───────────────
  await nav.getByRole('link', { name: 'Leads' }).click();
  await expect(ops.getByRole('heading', { name: 'Lead verification' })).toBeVisible();
  await ops.getByLabel('Project', { exact: true }).selectOption(String(financialId));
  await ops.getByRole('button', { name: 'Apply filters' }).click();
  const leadRow = ops.getByRole('row').filter({ hasText: 'Ramesh Patil' });
  await expect(leadRow).toContainText(`Kavita Joshi (${partnerPmwId})`);
  await leadRow.getByRole('checkbox').check();
  await expect(ops.getByText('1 selected')).toBeVisible();
  await ops.getByRole('toolbar').getByRole('button', { name: 'Approve' }).click();
  // Money moves after one question: the count and the total.
  await ops.getByRole('dialog').getByRole('button', { name: 'Approve and credit' }).click();
  await expect(ops.getByText('1 approved').first()).toBeVisible();

  await openPartnerMenu(partner, 'Payouts');
  await expect(partner.getByRole('list', { name: 'Wallet Logs' }).getByText('+₹400.00')).toBeVisible();

  // ── The merchant's feedback link comes by SMS; the rating is stored ──────────
  // (once the approval can no longer be undone: its texts wait out the undo window, 15 s)
  let feedbackPath = '';
  await expect
    .poll(
      async () => {
        const outbox = (await (await customer.request.get(`/api/v2/dev/outbox?mobile=${CUSTOMER}`)).json()).data as { text?: string }[];
        feedbackPath = outbox.map((m) => m.text?.match(/\/fb\/\S+/)?.[0]).find(Boolean) ?? '';
        return feedbackPath;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\/fb\//);
  await openLive(customer, feedbackPath);
  await expect(customer.getByRole('heading', { name: 'Kavita' })).toBeVisible();
  await customer.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await customer.getByText('Explained the product clearly').click();
  await customer.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(customer.getByRole('heading', { name: 'Thank you for your valuable feedback' })).toBeVisible();

  // ── A candidate applies through the partner's job link and books a slot ───────
  await openPartnerMenu(partner, 'Projects');
  const hiringCard = partner.getByRole('article', { name: HIRING });
  await hiringCard.getByRole('button', { name: 'Get Link' }).click();
  const linkDialog = partner.getByRole('dialog', { name: HIRING });
  const jobLink = await linkDialog.getByLabel(`Referral link for ${HIRING}`).inputValue();
  await linkDialog.getByRole('button', { name: 'Copy Link' }).click();
  await expect(linkDialog.getByRole('button', { name: 'Link Copied!' })).toBeVisible();
  await linkDialog.getByRole('button', { name: 'Close' }).click();

  const candidate = await phone(browser);
  await openLive(candidate, new URL(jobLink).pathname);
  await expect(candidate.getByRole('heading', { name: HIRING, level: 1 })).toBeVisible();
  await candidate.getByRole('link', { name: 'Apply Now' }).click();
  await expect(candidate).toHaveURL(/\/detailsPage\?/);
  await candidate.getByLabel('Name').fill('Sunil Kale');
  await candidate.getByLabel('Phone').fill(CANDIDATE);
  const candidateAadhaar = `2${stamp}${stamp.slice(0, 3)}`;
  await candidate.getByLabel('Aadhar Number').fill(candidateAadhaar + verhoeffCheckDigit(candidateAadhaar));
  await candidate.getByLabel('Aadhar File').setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: PNG });
  await candidate.getByLabel('PAN Number').fill('BCDPK1234L');
  await candidate.getByLabel('PAN File').setInputFiles({ name: 'pan.pdf', mimeType: 'application/pdf', buffer: PDF });
  since = Date.now();
  await candidate.getByRole('button', { name: 'Next' }).click();
  await expect(candidate.getByLabel('OTP', { exact: true })).toBeVisible();
  await candidate.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(candidate.request, CANDIDATE, since));
  await candidate.getByRole('button', { name: 'Submit' }).click();
  await expect(candidate.getByRole('heading', { name: 'Interview Time Slots' })).toBeVisible();
  await candidate.getByRole('radio').first().check({ force: true });
  await candidate.getByRole('button', { name: 'Confirm' }).click();
  await expect(candidate.getByRole('heading', { name: 'Interview booked' })).toBeVisible();

  // ── Ops record attended, then joined; the partner is credited once ───────────
  await nav.getByRole('link', { name: 'Hiring' }).click();
  await expect(ops.getByRole('heading', { name: 'Hiring' })).toBeVisible();
  await ops.getByLabel('Project', { exact: true }).selectOption({ label: `${hiringId} · ${HIRING}` });
  await ops.getByLabel('Status', { exact: true }).selectOption({ label: 'Any' });
  await ops.getByRole('button', { name: 'Apply filters' }).click();
  const appRow = ops.getByRole('row').filter({ hasText: 'Sunil Kale' });
  await expect(appRow).toContainText('Slot booked');
  await expect(appRow).toContainText(`Kavita Joshi (${partnerPmwId})`);
  await appRow.getByRole('checkbox').check();
  await ops.getByRole('button', { name: 'Mark Attended' }).click();
  await ops.getByRole('dialog').getByRole('button', { name: 'Mark Attended' }).click();
  await expect(ops.getByText('Attended: 1 changed')).toBeVisible();
  await expect(appRow).toContainText('Attended');
  await appRow.getByRole('checkbox').check();
  await ops.getByRole('button', { name: 'Mark Joined' }).click();
  await ops.getByRole('dialog', { name: 'Mark 1 applications Joined?' }).getByRole('button', { name: 'Mark Joined' }).click();
  await expect(ops.getByText('Joined: 1 changed')).toBeVisible();
  await expect(appRow).toContainText('Joined');

  // The portal keeps what it loaded for a few seconds; the partner refreshes, as on a phone.
  await openPartnerMenu(partner, 'Payouts');
  await partner.reload();
  await expect(partner.getByRole('list', { name: 'Wallet Logs' }).getByText(`Candidate joined: ${HIRING}`)).toHaveCount(1);
  await expect(partner.getByRole('list', { name: 'Wallet Logs' }).getByText('+₹500.00')).toHaveCount(1);
  // The wallet holds the lead's payout and the joining's, each once.
  const wallet = (await (await partner.request.get('/api/v2/partner/wallet/amount/fetch')).json()).data as { total_amount: number };
  expect(wallet.total_amount).toBe(90_000);

  // ── A team managed by the partner: a member's lead shows on the partner's Team page ──
  await nav.getByRole('link', { name: 'Teams' }).click();
  await expect(ops.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await ops.getByLabel('Team code').fill(TEAM_CODE);
  await ops.getByLabel('Manager PMW id').fill(partnerPmwId);
  await ops.getByRole('button', { name: 'Create team' }).click();
  await expect(ops.getByRole('heading', { name: `Members of ${TEAM_CODE}` })).toBeVisible();
  await ops.getByLabel('Member mobile').fill(MEMBER);
  await ops.getByLabel('Member name').fill('Deepak');
  await ops.getByRole('button', { name: 'Add member' }).click();
  await expect(ops.getByRole('table', { name: `Members of ${TEAM_CODE}` }).getByRole('cell', { name: MEMBER })).toBeVisible();

  const member = await phone(browser);
  await member.goto(`/mt/${TEAM_CODE}`);
  await member.getByLabel('Name').fill('Deepak');
  await member.getByLabel('Mobile Number').fill(MEMBER);
  since = Date.now();
  await member.getByRole('button', { name: 'Send OTP' }).click();
  await expect(member.getByLabel('OTP', { exact: true })).toBeVisible();
  await member.getByLabel('OTP', { exact: true }).fill(await outboxOtpAfter(member.request, MEMBER, since));
  await member.getByRole('button', { name: 'Login' }).click();
  await member.getByRole('button', { name: `Add: ${FINANCIAL}` }).click();
  await expect(member.getByRole('heading', { name: `Add lead: ${FINANCIAL}` })).toBeVisible();
  await member.getByLabel('Customer Mobile').fill(TEAM_CUSTOMER);
  await member.getByLabel('Customer Name').fill('Lata Shinde');
  since = Date.now();
  await member.getByRole('button', { name: 'Submit' }).click();
  const customerOtp = member.getByRole('dialog', { name: "Customer's OTP" });
  await expect(customerOtp.getByLabel("Customer's OTP")).toBeVisible();
  await customerOtp.getByLabel("Customer's OTP").fill(await outboxOtpAfter(member.request, TEAM_CUSTOMER, since));
  await customerOtp.getByRole('button', { name: 'Verify and submit' }).click();
  await expect(member.getByText('Lead added successfully')).toBeVisible();

  // The Team entry appears in the menu once the portal reloads what the partner manages.
  await partner.reload();
  await openPartnerMenu(partner, 'Team');
  await expect(partner.getByRole('heading', { name: `Team ${TEAM_CODE}` })).toBeVisible();
  await partner.getByLabel('Member', { exact: true }).selectOption({ label: `Deepak (${MEMBER})` });
  await expect(partner.getByTestId('tile-tileTotal')).toContainText('1');
  await expect(partner.getByRole('listitem').filter({ hasText: 'Lata Shinde' })).toBeVisible();
});
