import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { CONTENT_TYPES, FILE_RULES, fileAtMostSaid, fileExtension, fileTypeSaid, type FilePurpose } from '@pmw/contract/files';
import type { SessionKind } from '@pmw/contract/api';
import type { Db, DbOrTx } from '../../db/client';
import { files } from '../../db/schema/files';
import { AppError, forbidden, notFound } from '../../errors';
import type { StorageProvider } from '../../providers/storage';
import { say } from '@pmw/contract/texts/said';

export type FileRow = typeof files.$inferSelect;

/**
 * Who is asking for a file: a session's kind and subject. 'data_download' is
 * the passcode-gated data download page, which has no login (id 0).
 */
export interface FileCaller {
  kind: SessionKind | 'data_download';
  id: number;
}

/**
 * A module that shows files to others (support agents, the partner whose lead
 * holds the file) registers a rule for the purposes it owns.
 */
export type FileAccessRule = (caller: FileCaller, file: FileRow) => Promise<boolean>;

const UPLOAD_URL_SECONDS = 15 * 60;
const DOWNLOAD_URL_SECONDS = 5 * 60;

export function createFilesService(deps: { db: Db; storage: StorageProvider }) {
  const { db, storage } = deps;
  const rules = new Map<FilePurpose, FileAccessRule[]>();

  const sanitiseName = (name: string) =>
    name
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(-80) || 'file';

  function checkType(fileName: string, purpose: FilePurpose) {
    const ext = fileExtension(fileName);
    const rule = FILE_RULES[purpose];
    if (!rule.extensions.includes(ext)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', fileTypeSaid(rule.extensions));
    }
    return { ext, contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream', maxBytes: rule.maxBytes };
  }

  const service = {
    addAccessRule(purpose: FilePurpose, rule: FileAccessRule) {
      rules.set(purpose, [...(rules.get(purpose) ?? []), rule]);
    },

    /** Step 1 of the upload flow: a key and a URL to PUT the bytes to. */
    async signUpload(caller: FileCaller, input: { file_name: string; file_purpose: FilePurpose; ticket_id?: number | undefined }) {
      const { ext, contentType, maxBytes } = checkType(input.file_name, input.file_purpose);
      const base = sanitiseName(input.file_name.replace(/\.[^.]+$/, ''));
      const key = `${input.file_purpose.toLowerCase()}/${caller.kind}-${caller.id}/${randomUUID()}-${base}.${ext}`;
      await db.insert(files).values({
        file_key: key,
        file_name: input.file_name.slice(0, 200),
        file_purpose: input.file_purpose,
        content_type: contentType,
        owner_kind: caller.kind,
        owner_id: caller.id,
        ticket_id: input.ticket_id ?? null,
      });
      const url = await storage.signUpload({ key, contentType, maxBytes, expiresInSeconds: UPLOAD_URL_SECONDS });
      return { url, key, content_type: contentType };
    },

    /** Step 3: the bytes are there; the file gets its id. Only the uploader may add it. */
    async add(caller: FileCaller, input: { file_key: string; file_name: string; file_purpose: FilePurpose }) {
      const [row] = await db.select().from(files).where(eq(files.file_key, input.file_key)).limit(1);
      if (!row || row.owner_kind !== caller.kind || row.owner_id !== caller.id) throw notFound(say('common.fileNotFound'));
      if (row.file_purpose !== input.file_purpose) throw new AppError('BAD_REQUEST', say('common.filePurposeMismatch'));
      const head = await storage.head(row.file_key);
      if (!head) throw new AppError('BAD_REQUEST', say('common.fileNotUploaded'));
      const max = FILE_RULES[row.file_purpose as FilePurpose].maxBytes;
      if (head.size > max) {
        await storage.remove(row.file_key);
        throw new AppError('PAYLOAD_TOO_LARGE', fileAtMostSaid(max));
      }
      await db.update(files).set({ status: 'UPLOADED', size_bytes: head.size }).where(eq(files.file_id, row.file_id));
      return { file_id: row.file_id, file_key: row.file_key };
    },

    async byKey(fileKey: string): Promise<FileRow | undefined> {
      const [row] = await db.select().from(files).where(eq(files.file_key, fileKey)).limit(1);
      return row;
    },

    async byId(fileId: number, tx: DbOrTx = db): Promise<FileRow | undefined> {
      const [row] = await tx.select().from(files).where(eq(files.file_id, fileId)).limit(1);
      return row;
    },

    /** A file the caller uploaded themselves, ready to be referenced (documents, leads). */
    /** Hands every file of one owner to another (an anonymous visitor who turned out to be a known customer). */
    async transferOwner(from: FileCaller, to: FileCaller): Promise<void> {
      await db
        .update(files)
        .set({ owner_kind: to.kind, owner_id: to.id })
        .where(and(eq(files.owner_kind, from.kind), eq(files.owner_id, from.id)));
    },

    async ownUploaded(caller: FileCaller, fileId: number, purposes?: FilePurpose[]): Promise<FileRow> {
      const [row] = await db
        .select()
        .from(files)
        .where(and(eq(files.file_id, fileId), eq(files.owner_kind, caller.kind), eq(files.owner_id, caller.id)))
        .limit(1);
      if (!row || row.status !== 'UPLOADED') throw notFound(say('common.fileIdNotFound', { id: fileId }));
      if (purposes && !purposes.includes(row.file_purpose as FilePurpose)) {
        throw new AppError('BAD_REQUEST', say('common.fileNotForThis', { id: fileId }));
      }
      return row;
    },

    async canRead(caller: FileCaller, file: FileRow): Promise<boolean> {
      if (file.owner_kind === caller.kind && file.owner_id === caller.id) return true;
      for (const rule of rules.get(file.file_purpose as FilePurpose) ?? []) {
        if (await rule(caller, file)) return true;
      }
      return false;
    },

    /** A short-lived URL for a file the caller may see. */
    async signedUrl(caller: FileCaller, fileId: number) {
      const file = await service.byId(fileId);
      if (!file || file.status !== 'UPLOADED') throw notFound(say('common.fileNotFound'));
      if (!(await service.canRead(caller, file))) throw forbidden();
      const url = await storage.signDownload(file.file_key, { expiresInSeconds: DOWNLOAD_URL_SECONDS, fileName: file.file_name });
      return { file_id: file.file_id, url, file_name: file.file_name };
    },

    /** For server-side use where access was already decided (ops views, exports). */
    async signedUrlUnchecked(fileId: number) {
      const file = await service.byId(fileId);
      if (!file || file.status !== 'UPLOADED') return null;
      return storage.signDownload(file.file_key, { expiresInSeconds: DOWNLOAD_URL_SECONDS, fileName: file.file_name });
    },

    async signedUrlForKey(key: string) {
      return storage.signDownload(key, { expiresInSeconds: DOWNLOAD_URL_SECONDS });
    },
  };
  return service;
}
export type FilesService = ReturnType<typeof createFilesService>;
