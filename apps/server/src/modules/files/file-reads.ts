import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { files } from '../../db/schema/files';

/**
 * Files' names for other modules that list them (a chat's attachment), read
 * the files module's way. Who may fetch a file stays the files service's
 * decision.
 */

/** The name of each file asked for, by file id (absent ids are left out). */
export async function fileNames(db: DbOrTx, fileIds: readonly number[]): Promise<Map<number, string>> {
  if (!fileIds.length) return new Map();
  const rows = await db
    .select({ file_id: files.file_id, file_name: files.file_name })
    .from(files)
    .where(inArray(files.file_id, [...fileIds]));
  return new Map(rows.map((r) => [r.file_id, r.file_name]));
}
