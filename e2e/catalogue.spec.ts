import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serverNodeFlags } from '../scripts/server-node-flags.mjs';
import { startServer, type RunningServer } from './server';

const root = path.resolve(import.meta.dirname, '..');
const ADMIN = '9123400077';

/** The newest OTP the second server's dev outbox holds for a mobile, made after `since`. */
async function otpFrom(server: RunningServer, page: Page, mobile: string, since: number): Promise<string> {
  let otp: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`${server.baseUrl}/api/v2/dev/outbox?mobile=${mobile}`);
      const entry = (await res.json()).data?.[0];
      otp = entry && new Date(entry.created_on).getTime() >= since ? entry.otp : undefined;
      return otp;
    })
    .toBeTruthy();
  return otp!;
}

let server: RunningServer;
let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  // An empty install: no demo data, the first admin from create-admin, then the server.
  dataDir = mkdtempSync(path.join(tmpdir(), 'pmw-e2e-empty-'));
  const env = { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, SEED_DEMO: 'never', LOG_LEVEL: 'warn' };
  const buildDir = process.env.PMW_BUILD_DIR;
  const bundle = buildDir ? path.join(buildDir, 'server/server.mjs') : path.join(root, 'apps/server/dist/server.mjs');
  const made = spawnSync(process.execPath, [...serverNodeFlags, bundle, '--create-admin', ADMIN], { cwd: root, env, encoding: 'utf8' });
  expect(made.status, made.stderr).toBe(0);
  expect(made.stdout).toContain('ops admin');
  server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'never' });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('on an empty install the banner shows no demo login, and ops create a category, an employer, then a project using them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(server.output()).not.toContain('9876500100');
  expect(server.output()).not.toContain('Demo logins');
  expect(server.output()).toContain('/ops/');

  await page.goto(`${server.baseUrl}/ops/`);
  await page.getByLabel('Mobile Number').fill(ADMIN);
  const since = Date.now();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('OTP', { exact: true }).fill(await otpFrom(server, page, ADMIN, since));
  await page.getByRole('button', { name: 'Submit OTP' }).click();
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav).toBeVisible();

  // Nothing yet: the projects page says what comes first and links to it.
  await nav.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByText('No projects yet. Add a category and an employer first, then create a project.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Categories' }).click();

  // The reference categories came with the install; add one, with the message at the field first.
  const categories = page.getByRole('table', { name: 'Categories' });
  await expect(categories.getByRole('cell', { name: /^Hiring/ })).toBeVisible();
  await expect(categories.getByRole('cell', { name: /^Insurance/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Category title needs at least 2 characters')).toBeVisible();
  await page.getByLabel('Category title', { exact: true }).fill('Gold Loans');
  await page.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByText('Category added')).toBeVisible();
  await expect(categories.getByRole('cell', { name: 'Gold Loans', exact: true })).toBeVisible();
  // A rename through the dialog.
  await page.getByRole('button', { name: 'Rename Gold Loans' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Gold Loans' });
  await rename.getByLabel('Category title', { exact: true }).fill('Gold & Jewel Loans');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(categories.getByRole('cell', { name: 'Gold & Jewel Loans', exact: true })).toBeVisible();

  // An employer, with a bad colour refused at the field.
  await nav.getByRole('link', { name: 'Employers' }).click();
  await expect(page.getByText('No employers yet. Add the first one with “Add employer”.')).toBeVisible();
  await page.getByRole('button', { name: 'Add employer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add employer' });
  await dialog.getByLabel('Employer name', { exact: true }).fill('Suvarna Finance');
  await dialog.getByLabel('Theme colour').fill('gold');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Theme colour: a colour like #1d4ed8')).toBeVisible();
  await dialog.getByLabel('Theme colour').fill('#B8860B');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Employer added')).toBeVisible();
  const employers = page.getByRole('table', { name: 'Employers' });
  await expect(employers.getByRole('cell', { name: 'Suvarna Finance', exact: true })).toBeVisible();
  await expect(employers.getByRole('cell', { name: '#b8860b', exact: true })).toBeVisible();

  // The project, with the new category and employer.
  await nav.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('main').getByRole('link', { name: 'New project' }).first().click();
  await page.getByLabel('Employer', { exact: true }).selectOption({ label: 'Suvarna Finance' });
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Gold & Jewel Loans' });
  await page.getByLabel('Job title', { exact: true }).fill('Suvarna Gold Loan');
  await page.getByLabel('Payout per approved lead (₹)').fill('400');
  await page.getByLabel('Validity of a pending lead (days)').fill('30');
  await page.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByText('Project created')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Edit project \d+$/ })).toBeVisible();

  await page.getByRole('link', { name: 'Back to projects' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Suvarna Gold Loan' });
  await expect(row).toContainText('Suvarna Finance');
  await expect(row).toContainText('Gold & Jewel Loans');

  // A retired category is no longer offered for a new project.
  await nav.getByRole('link', { name: 'Categories' }).click();
  await page.getByRole('button', { name: 'Retire Gold & Jewel Loans' }).click();
  await expect(page.getByText('Category saved')).toBeVisible();
  await nav.getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('main').getByRole('link', { name: 'New project' }).first().click();
  await expect(page.getByLabel('Category', { exact: true }).getByRole('option', { name: 'Hiring' })).toHaveCount(1);
  await expect(page.getByLabel('Category', { exact: true }).getByRole('option', { name: 'Gold & Jewel Loans' })).toHaveCount(0);
});
