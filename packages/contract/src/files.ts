import { z } from 'zod';
import { text, int, coerceInt } from './base';
import { defineRoute, queryInt, type SessionKind } from './api';
import { saidIn, say } from './texts/said';
import { commonCatalogue } from './texts/common';

/** This file's validation messages, said by code (see `saidIn`). */
const commonSaid = saidIn(commonCatalogue);

export const filePurposes = [
  'USER_AADHAR_FILE',
  'USER_PAN_FILE',
  'USER_DOCUMENT',
  'USER_PROFILE',
  'TASK_DATA',
  'TICKET',
  'FORM_RESPONSE',
  'UTM_LINK',
  'JOB_MEDIA',
] as const;
export type FilePurpose = (typeof filePurposes)[number];

const MB = 1024 * 1024;
const IMAGES = ['png', 'jpg', 'jpeg'];

/** What each purpose accepts, checked on the server whatever the client sends. */
export const FILE_RULES: Record<FilePurpose, { extensions: string[]; maxBytes: number }> = {
  USER_AADHAR_FILE: { extensions: [...IMAGES, 'pdf'], maxBytes: 5 * MB },
  USER_PAN_FILE: { extensions: [...IMAGES, 'pdf'], maxBytes: 5 * MB },
  USER_DOCUMENT: { extensions: [...IMAGES, 'pdf'], maxBytes: 5 * MB },
  USER_PROFILE: { extensions: IMAGES, maxBytes: 5 * MB },
  TASK_DATA: { extensions: ['xlsx', 'csv'], maxBytes: 10 * MB },
  TICKET: { extensions: [...IMAGES, 'mp4', 'pdf'], maxBytes: 15 * MB },
  FORM_RESPONSE: { extensions: [...IMAGES, 'webp', 'mp4', 'pdf'], maxBytes: 15 * MB },
  UTM_LINK: { extensions: [...IMAGES, 'webp', 'mp4', 'pdf'], maxBytes: 15 * MB },
  JOB_MEDIA: { extensions: [...IMAGES, 'webp'], maxBytes: 5 * MB },
};

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  mp4: 'video/mp4',
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** 'The file can be at most 5 MB': a refusal by size that says the limit. */
export const fileAtMostMessage = (maxBytes: number) => `The file can be at most ${Math.round(maxBytes / MB)} MB`;
/** The same refusal by its code, for the server to say in the reader's language. */
export const fileAtMostSaid = (maxBytes: number) => say('common.fileAtMost', { mb: Math.round(maxBytes / MB) });

/** 'File size is 16.20MB, It should be less than 15MB'. */
export function fileSizeMessage(bytes: number, maxBytes: number): string {
  return `File size is ${(bytes / MB).toFixed(2)}MB, It should be less than ${Math.round(maxBytes / MB)}MB`;
}

/** What a form input asks for: a photo, a video, or any file of its purpose. */
export type FileKind = 'IMAGE' | 'VIDEO' | 'FILE';
const KIND_EXTENSIONS: Record<Exclude<FileKind, 'FILE'>, readonly string[]> = { IMAGE: ['png', 'jpg', 'jpeg', 'webp'], VIDEO: ['mp4'] };

/** The extensions the server takes for a purpose, narrowed to photos or videos for such an input. */
export function allowedExtensions(purpose: FilePurpose, kind: FileKind = 'FILE'): string[] {
  const all = FILE_RULES[purpose].extensions;
  return kind === 'FILE' ? [...all] : all.filter((e) => KIND_EXTENSIONS[kind].includes(e));
}

/** A file input's `accept`: exactly those extensions and their media types, nothing the server refuses. */
export function acceptFor(extensions: readonly string[]): string {
  const types = [...new Set(extensions.map((e) => CONTENT_TYPES[e]).filter((x): x is string => !!x))];
  return [...extensions.map((e) => `.${e}`), ...types].join(',');
}

/** 'This type of file is not allowed here (png, jpg, jpeg, pdf)': the refusal names what is allowed. */
export const fileTypeMessage = (extensions: readonly string[]) => `This type of file is not allowed here (${extensions.join(', ')})`;
/** The same refusal by its code, for the server to say in the reader's language. */
export const fileTypeSaid = (extensions: readonly string[]) => say('common.fileTypeNotAllowedList', { extensions: extensions.join(', ') });

/** Why a chosen file would be refused by the server for a purpose (type, then size), said by code, or null. */
export function fileProblem(purpose: FilePurpose, file: { name: string; size: number }, kind: FileKind = 'FILE'): string | null {
  const extensions = allowedExtensions(purpose, kind);
  if (!extensions.includes(fileExtension(file.name)))
    return commonSaid('common.fileTypeNotAllowedList', { extensions: extensions.join(', ') });
  const max = FILE_RULES[purpose].maxBytes;
  if (file.size > max) return commonSaid('common.fileSize', { size: (file.size / MB).toFixed(2), max: Math.round(max / MB) });
  return null;
}

const fileName = text().trim().min(1, commonSaid('common.fileNameRequired')).max(200);

export const signedUploadBodySchema = z.object({
  file_name: fileName,
  file_purpose: z.enum(filePurposes),
  /** Support uploads name the ticket they belong to. */
  ticket_id: coerceInt().optional(),
  user_id: coerceInt().optional(),
});
export const signedUploadSchema = z.object({ url: text(), key: text(), content_type: text() });

export const fileAddBodySchema = z.object({
  file_key: text().min(1),
  file_name: fileName,
  file_purpose: z.enum(filePurposes),
  ticket_id: coerceInt().optional(),
  user_id: coerceInt().optional(),
});
export const fileAddedSchema = z.object({ file_id: int(), file_key: text() });

export const fileUrlQuerySchema = z.object({ file_id: queryInt });
/** The spec reads `data[0].url`. */
export const fileUrlSchema = z.array(z.object({ file_id: int(), url: text(), file_name: text() }));

/** The three calls of the upload flow, mounted by each area under its own prefix and session. */
export function fileRoutes<P extends string, K extends SessionKind>(prefix: P, auth: K) {
  return {
    signUpload: defineRoute({
      method: 'PUT',
      path: `${prefix}/file/s3/url/signed` as const,
      auth,
      summary: "Gives a key and a signed URL to PUT one file's bytes to, after checking its type and size",
      body: signedUploadBodySchema,
      response: signedUploadSchema,
    }),
    add: defineRoute({
      method: 'POST',
      path: `${prefix}/file/add` as const,
      auth,
      summary: 'Records an uploaded file once its bytes are stored and answers its file_id',
      body: fileAddBodySchema,
      response: fileAddedSchema,
    }),
    fetchUrl: defineRoute({
      method: 'GET',
      path: `${prefix}/file/fetch/with/url` as const,
      auth,
      summary: 'A short-lived signed URL to read a file the caller may see',
      query: fileUrlQuerySchema,
      response: fileUrlSchema,
    }),
  };
}

export const partnerFileRoutes = fileRoutes('/partner', 'worker');
export const userFileRoutes = fileRoutes('/user', 'worker');
