import { z } from 'zod';
import { text } from './base';
import { defineRoute } from './api';
import { fileExtension, signedUploadSchema } from './files';
import { saidIn } from './texts/said';
import { dataDownloadCatalogue } from './texts/data-download';

/** This file's validation messages, said by code (see `saidIn`). */
const dataDownloadSaid = saidIn(dataDownloadCatalogue);

/** Limits of the data download utility. */
export const DATA_DOWNLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const DATA_DOWNLOAD_MAX_ROWS = 200_000;
export const DATA_DOWNLOAD_EXTENSIONS = ['xlsx', 'csv'] as const;
export type DataDownloadFormat = (typeof DATA_DOWNLOAD_EXTENSIONS)[number];
/** Wrong passcodes allowed from one address in the window before it is locked. */
export const PASSCODE_MAX_WRONG = 5;
export const PASSCODE_WINDOW_MINUTES = 15;
export const PASSCODE_LOCK_MINUTES = 15;

/** Headers recognised as the lead id column, compared after lower-casing and dropping spaces, '_' and '-'. */
export const LEAD_ID_HEADERS = ['leadid', 'formresponseid', 'lead'] as const;

export function normaliseHeader(header: string): string {
  return header.toLowerCase().replace(/[\s_\-.#]+/g, '');
}

/** The index of the lead id column in a header row, or -1. */
export function leadIdColumn(headers: readonly string[]): number {
  return headers.findIndex((h) => (LEAD_ID_HEADERS as readonly string[]).includes(normaliseHeader(h)));
}

/** Columns appended after the input's own, in this order. */
export const OUTPUT_COLUMNS = [
  'Project',
  'Partner Name',
  'Partner PMW ID',
  'Customer Name',
  'Customer Mobile',
  'Status',
  'Comment',
  'Payout (Rs)',
  'Created At (+05:30)',
  'Updated At (+05:30)',
] as const;

export const LEAD_NOT_FOUND = 'not found';

/** The sample offered on the page: the header the utility expects, and two example rows. */
export const SAMPLE_FILE_NAME = 'data_download_sample.csv';
export const SAMPLE_HEADER = ['lead_id', 'remarks'] as const;

/** 'report.xlsx' → 'report_output.xlsx'; keeps only safe characters. */
export function outputFileName(inputName: string): string {
  const ext = fileExtension(inputName);
  const base =
    inputName
      .slice(0, inputName.length - ext.length - 1)
      .replace(/[^A-Za-z0-9 ._-]+/g, '_')
      .trim() || 'data';
  return `${base}_output.${ext}`;
}

const passcodeSchema = text({ error: dataDownloadSaid('dataDownload.passcodeRequired') })
  .min(1, dataDownloadSaid('dataDownload.passcodeRequired'))
  .max(200);

export const dataDownloadSignBodySchema = z.object({
  file_name: text({ error: dataDownloadSaid('dataDownload.fileRequired') })
    .trim()
    .min(1, dataDownloadSaid('dataDownload.fileRequired'))
    .max(200)
    .refine(
      (n) => (DATA_DOWNLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(n)),
      dataDownloadSaid('dataDownload.fileRequired'),
    ),
  file_purpose: z.literal('TASK_DATA').default('TASK_DATA'),
  passcode: passcodeSchema,
});

export const dataDownloadGenerateBodySchema = z.object({
  key: text({ error: dataDownloadSaid('dataDownload.uploadFile') })
    .min(1, dataDownloadSaid('dataDownload.uploadFile'))
    .max(400),
  passcode: passcodeSchema,
});

/**
 * Data download: the upload flow's first step is
 * gated by the passcode (the page is used without a login); the file's key and
 * the passcode then answer the generated file itself (not an envelope).
 */
export const dataDownloadRoutes = {
  signUpload: defineRoute({
    method: 'PUT',
    path: '/bueno/file/s3/url/signed',
    auth: 'public',
    summary: 'Gives a signed URL to upload the .xlsx or .csv file the data download reads',
    body: dataDownloadSignBodySchema,
    response: signedUploadSchema,
  }),
  generate: defineRoute({
    method: 'POST',
    path: '/bueno/output/generate',
    auth: 'public',
    summary: "Turns the uploaded file into the data download's output file, behind the passcode",
    body: dataDownloadGenerateBodySchema,
    response: z.null(),
    produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
  }),
};

export { dataDownloadMessages } from './data-download-texts';
