import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';

const PASSCODE = 'bueno-4821';

test('a person downloads the sample, fills it with demo lead ids and gets the sheet back with each lead’s data', async ({ page }, info) => {
  await page.goto('/bueno/output');
  await expect(page.getByRole('heading', { name: 'Data download' })).toBeVisible();

  // Both fields are required, with clear messages.
  await page.getByRole('button', { name: 'Generate Data' }).click();
  await expect(page.getByText('Please choose a .xlsx or .csv file')).toBeVisible();
  await expect(page.getByText('Passcode is required')).toBeVisible();

  const sampleDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download sample input file' }).click();
  const sample = await sampleDownload;
  const samplePath = info.outputPath(sample.suggestedFilename());
  await sample.saveAs(samplePath);
  const header = (await readFile(samplePath, 'utf8')).trim();
  expect(header).toBe('lead_id,remarks');

  // Demo team leads 7101 and 7102, and an id that does not exist.
  const filled = info.outputPath('march-leads.csv');
  await writeFile(filled, `${header}\n7101,call back\n7102,\n999999,typo\n`);
  await page.getByLabel('Leads file (.xlsx or .csv)').setInputFiles(filled);

  await page.getByLabel('Passcode', { exact: true }).fill('not-the-passcode');
  await page.getByRole('button', { name: 'Generate Data' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong passcode' })).toBeVisible();

  await page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
  const generated = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Data' }).click();
  const out = await generated;
  expect(out.suggestedFilename()).toBe('march-leads_output.csv');
  const outPath = info.outputPath(out.suggestedFilename());
  await out.saveAs(outPath);
  const lines = (await readFile(outPath, 'utf8')).trim().split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines[0]).toBe(
    'lead_id,remarks,Project,Partner Name,Partner PMW ID,Customer Name,Customer Mobile,Status,Comment,Payout (Rs),Created At (+05:30),Updated At (+05:30)',
  );
  expect(lines[1]).toMatch(/^7101,call back,[^,]+,[^,]+,PMW\d+,[^,]+,98\d{8},(Pending|Approved|Rejected|Expired),/);
  expect(lines[2]).toMatch(/^7102,,[^,]+,[^,]+,PMW\d+,/);
  expect(lines[3]).toBe('999999,typo,,,,,,not found,,,,');
  await expect(page.getByRole('link', { name: 'Download march-leads_output.csv again' })).toBeVisible();
});

test('an xlsx comes back as an xlsx', async ({ page }, info) => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Leads');
  ws.addRow(['Lead ID', 'Zone']);
  ws.addRow([7103, 'North']);
  const input = info.outputPath('zones.xlsx');
  await wb.xlsx.writeFile(input);

  await page.goto('/bueno/output');
  await page.getByLabel('Leads file (.xlsx or .csv)').setInputFiles(input);
  await page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
  const generated = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Data' }).click();
  const out = await generated;
  expect(out.suggestedFilename()).toBe('zones_output.xlsx');
  const outPath = path.join(info.outputDir, out.suggestedFilename());
  await out.saveAs(outPath);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(outPath);
  const rows = book.worksheets[0]!;
  expect((rows.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['Lead ID', 'Zone', 'Project']);
  expect((rows.getRow(2).values as unknown[])[1]).toBe(7103);
  expect(String((rows.getRow(2).values as unknown[])[5])).toMatch(/^PMW\d+$/);
});

test('a file without a lead id column is refused with a clear message', async ({ page }, info) => {
  const bad = info.outputPath('names.csv');
  await writeFile(bad, 'name,mobile\nAsha,9876500001\n');
  await page.goto('/bueno/output');
  await page.getByLabel('Leads file (.xlsx or .csv)').setInputFiles(bad);
  await page.getByLabel('Passcode', { exact: true }).fill(PASSCODE);
  await page.getByRole('button', { name: 'Generate Data' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No lead id column found' })).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByLabel('Passcode', { exact: true })).toHaveValue(PASSCODE);
});
