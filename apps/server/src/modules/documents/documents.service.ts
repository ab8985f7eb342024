import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { DOCUMENT_STATUS, documentNumberSchema, type DocumentDecision, isKycComplete, type DocumentType } from '@pmw/contract/kyc';
import type { FilePurpose } from '@pmw/contract/files';
import type { Db, DbOrTx } from '../../db/client';
import { documents } from '../../db/schema/documents';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors';
import { documentNumberHash, type FieldCipher } from '../../lib/crypto';
import type { FileCaller, FilesService } from '../files/files.service';
import type { UsersService } from '../users/users.service';
import { saidOf, say } from '@pmw/contract/texts/said';

export type DocumentRow = typeof documents.$inferSelect;

export interface DocumentView {
  document_id: number;
  user_id: number;
  type: DocumentType;
  /** Masked: all but the last four characters hidden. */
  number: string;
  file_id: number | null;
  file_id2: number | null;
  status: number;
  reject_reason: string | null;
  created_on: string;
}

const FILE_PURPOSES: FilePurpose[] = ['USER_DOCUMENT', 'USER_AADHAR_FILE', 'USER_PAN_FILE'];

/**
 * Owns the documents table: KYC (PAN, Aadhaar) and business documents (firm
 * PAN, GST). Numbers are validated, encrypted at rest and shown masked.
 */
export function createDocumentsService(deps: { db: Db; cipher: FieldCipher; files: FilesService; users: UsersService; secretKey: string }) {
  const { db, cipher, files, users } = deps;
  const numberHash = (type: DocumentType, number: string) => documentNumberHash(deps.secretKey, type, number);

  const mask = (row: DocumentRow) => {
    const full = row.type === 'AADHAAR' ? 12 : row.type === 'GST' ? 15 : 10;
    return 'X'.repeat(full - row.number_last4.length) + row.number_last4;
  };
  const view = (row: DocumentRow): DocumentView => ({
    document_id: row.document_id,
    user_id: row.user_id,
    type: row.type as DocumentType,
    number: mask(row),
    file_id: row.file_id,
    file_id2: row.file_id2,
    status: row.status,
    reject_reason: row.reject_reason,
    created_on: row.created_on.toISOString(),
  });

  const service = {
    view,
    async list(userId: number, tx: DbOrTx = db): Promise<DocumentView[]> {
      const rows = await tx.select().from(documents).where(eq(documents.user_id, userId)).orderBy(documents.document_id);
      return rows.map(view);
    },
    async byId(documentId: number): Promise<DocumentRow | undefined> {
      const [row] = await db.select().from(documents).where(eq(documents.document_id, documentId)).limit(1);
      return row;
    },
    /** Each partner's PAN in clear (not rejected ones), for the TDS return ops file: callers audit who saw them. */
    async pansOf(userIds: number[]): Promise<Map<number, string>> {
      if (!userIds.length) return new Map();
      const rows = await db
        .select()
        .from(documents)
        .where(and(inArray(documents.user_id, userIds), eq(documents.type, 'PAN'), ne(documents.status, DOCUMENT_STATUS.rejected)));
      return new Map(rows.map((r) => [r.user_id, cipher.decrypt(r.number_enc)]));
    },
    /**
     * The partner's GSTIN in clear once ops verified it (it is printed on their invoices) and when it was added,
     * or null: without one they are paid without invoices.
     */
    async verifiedGstin(userId: number, tx: DbOrTx = db): Promise<{ gstin: string; added_on: Date } | null> {
      const [row] = await tx
        .select()
        .from(documents)
        .where(and(eq(documents.user_id, userId), eq(documents.type, 'GST'), eq(documents.status, DOCUMENT_STATUS.verified)))
        .limit(1);
      return row ? { gstin: cipher.decrypt(row.number_enc), added_on: row.created_on } : null;
    },
    /** The number in clear, for its owner or an ops reviewer (callers decide who may see it). */
    reveal(row: DocumentRow): string {
      return cipher.decrypt(row.number_enc);
    },
    /** The people whose document of this type has this number (a rejected one too: it was still theirs). */
    async holders(type: DocumentType, number: string): Promise<number[]> {
      const rows = await db
        .select({ user_id: documents.user_id })
        .from(documents)
        .where(and(eq(documents.type, type), eq(documents.number_hash, numberHash(type, number))))
        .limit(20);
      return rows.map((r) => r.user_id);
    },
    async types(userId: number): Promise<DocumentType[]> {
      const rows = await db.select({ type: documents.type }).from(documents).where(eq(documents.user_id, userId));
      return rows.map((r) => r.type as DocumentType);
    },
    /** First name, PAN and Aadhaar present. */
    async kycComplete(userId: number): Promise<boolean> {
      const user = await users.byId(userId);
      return !!user && isKycComplete(user, await service.types(userId));
    },
    /**
     * Adds a document. A document is read-only once saved; adding the same
     * number again (a retried request) answers the saved one instead of a second row.
     */
    async add(
      caller: FileCaller & { kind: 'worker' },
      input: {
        user_id: number;
        type: DocumentType;
        number: string;
        file_id?: number | null | undefined;
        file_id2?: number | null | undefined;
        description?: string | null | undefined;
      },
    ): Promise<DocumentView> {
      if (input.user_id !== caller.id) throw new AppError('FORBIDDEN', say('kyc.ownDocuments'));
      const parsed = documentNumberSchema[input.type].safeParse(input.number);
      if (!parsed.success)
        throw new AppError('VALIDATION', parsed.error.issues[0] ? saidOf(parsed.error.issues[0].message) : say('kyc.invalidNumber'));
      const number = parsed.data;
      for (const fileId of [input.file_id, input.file_id2]) {
        if (fileId) await files.ownUploaded(caller, fileId, FILE_PURPOSES);
      }
      const [existing] = await db
        .select()
        .from(documents)
        .where(and(eq(documents.user_id, input.user_id), eq(documents.type, input.type)))
        .limit(1);
      if (existing) {
        if (cipher.decrypt(existing.number_enc) === number && existing.status !== DOCUMENT_STATUS.rejected) return view(existing);
        // A rejected document may be submitted again; it goes back to review.
        if (existing.status === DOCUMENT_STATUS.rejected) {
          const [row] = await db
            .update(documents)
            .set({
              number_enc: cipher.encrypt(number),
              number_last4: number.slice(-4),
              number_hash: numberHash(input.type, number),
              file_id: input.file_id ?? null,
              file_id2: input.file_id2 ?? null,
              status: DOCUMENT_STATUS.submitted,
              reject_reason: null,
              modified_on: new Date(),
            })
            .where(eq(documents.document_id, existing.document_id))
            .returning();
          return view(row!);
        }
        throw conflict(say('kyc.alreadyAdded', { type: input.type === 'AADHAAR' ? 'Aadhaar' : input.type }));
      }
      try {
        const [row] = await db
          .insert(documents)
          .values({
            user_id: input.user_id,
            type: input.type,
            number_enc: cipher.encrypt(number),
            number_last4: number.slice(-4),
            number_hash: numberHash(input.type, number),
            file_id: input.file_id ?? null,
            file_id2: input.file_id2 ?? null,
            description: input.description ?? null,
          })
          .returning();
        return view(row!);
      } catch (err) {
        // Two parallel adds: the other one won; answer it when it is the same number.
        if (isUniqueViolation(err)) return service.add(caller, input);
        throw err;
      }
    },
    /** Documents in a review status, oldest first, for the ops KYC queue. */
    async reviewQueue(status: number, page: { limit: number; offset: number }): Promise<{ count: number; rows: DocumentView[] }> {
      const rows = await db
        .select()
        .from(documents)
        .where(eq(documents.status, status))
        .orderBy(asc(documents.created_on), asc(documents.document_id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db.select({ n: count() }).from(documents).where(eq(documents.status, status));
      return { count: total?.n ?? 0, rows: rows.map(view) };
    },
    /** Ops review: verify (1) or reject (2) with a reason the owner sees. */
    async setStatus(documentId: number, status: DocumentDecision, reason: string | null, tx: DbOrTx = db): Promise<DocumentView> {
      const [row] = await tx
        .update(documents)
        .set({ status, reject_reason: status === DOCUMENT_STATUS.rejected ? reason : null, modified_on: new Date() })
        .where(eq(documents.document_id, documentId))
        .returning();
      if (!row) throw notFound(say('common.documentNotFound'));
      return view(row);
    },
  };
  return service;
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
