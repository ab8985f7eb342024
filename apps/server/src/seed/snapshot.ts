import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { bankDetails, creditConsents, documents, otpRequests, payoutRunItems } from '../db/schema/index';
import { createFieldCipher, documentNumberHash, hmac } from '../lib/crypto';

/**
 * The key the build's demo snapshot is sealed with. Not a secret: the snapshot
 * holds only demo data, and a start from it seals that data again with the
 * data dir's own key (`rekeySealedData`) before it serves anyone.
 */
export const SNAPSHOT_SECRET_KEY = 'pmw-demo-snapshot-key-public-not-a-secret';

/**
 * Seals again, with `toKey`, everything sealed with `fromKey`: document
 * numbers (and the hash that finds one), bank and payout account numbers (and the hash that finds a bank
 * account), credit consents' PANs. OTP codes sealed with the old key are
 * dropped (they live 5 minutes anyway). One transaction: all or nothing.
 */
export async function rekeySealedData(db: Db, fromKey: string, toKey: string): Promise<void> {
  if (fromKey === toKey) return;
  const from = createFieldCipher(fromKey);
  const to = createFieldCipher(toKey);
  const reseal = (sealed: string) => to.encrypt(from.decrypt(sealed));
  await db.transaction(async (tx) => {
    for (const row of await tx.select({ id: documents.document_id, enc: documents.number_enc, type: documents.type }).from(documents)) {
      const number = from.decrypt(row.enc);
      await tx
        .update(documents)
        .set({ number_enc: to.encrypt(number), number_hash: documentNumberHash(toKey, row.type, number) })
        .where(eq(documents.document_id, row.id));
    }
    for (const row of await tx.select({ id: bankDetails.bank_detail_id, enc: bankDetails.account_no_enc }).from(bankDetails)) {
      const account = from.decrypt(row.enc);
      await tx
        .update(bankDetails)
        .set({ account_no_enc: to.encrypt(account), account_no_hash: hmac(toKey, `bank-account:${account}`) })
        .where(eq(bankDetails.bank_detail_id, row.id));
    }
    for (const row of await tx.select({ id: creditConsents.consent_id, enc: creditConsents.pan_enc }).from(creditConsents)) {
      await tx
        .update(creditConsents)
        .set({ pan_enc: reseal(row.enc) })
        .where(eq(creditConsents.consent_id, row.id));
    }
    const items = await tx
      .select({ run: payoutRunItems.payout_run_id, user: payoutRunItems.user_id, enc: payoutRunItems.account_no_enc })
      .from(payoutRunItems)
      .where(isNotNull(payoutRunItems.account_no_enc));
    for (const row of items) {
      await tx
        .update(payoutRunItems)
        .set({ account_no_enc: reseal(row.enc!) })
        .where(and(eq(payoutRunItems.payout_run_id, row.run), eq(payoutRunItems.user_id, row.user)));
    }
    await tx.delete(otpRequests);
  });
}
