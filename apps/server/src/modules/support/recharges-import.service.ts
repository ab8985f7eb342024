import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  RECHARGE_IMPORT_MAX_ROWS,
  checkRechargeRow,
  parseRechargeCsv,
  rechargeKey,
  type CheckedRecharge,
  type RechargeImportResult,
} from '@pmw/contract/recharges';
import { istDateString, istDayStart } from '@pmw/contract/time';
import type { Db } from '../../db/client';
import { servicePurchases } from '../../db/schema/support';
import type { UsersService } from '../users/users.service';
import { badRequest } from '../../errors';
import { say } from '@pmw/contract/texts/said';
import { englishOf } from '../locale/locale';

/** Advisory lock namespace of recharge imports: two files at once must not both pass the duplicate check. */
const IMPORT_LOCK = 7311;

/**
 * Service purchases come in from the operator's CSV. Each row is checked on
 * its own; the good rows are written together in one transaction and every
 * refused row is reported with its line and reason, so a file can be fixed
 * and imported again (rows already in are then reported, never doubled).
 */
export function createRechargeImportService(deps: { db: Db; users: Pick<UsersService, 'idsByMobile'>; now?: () => number }) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  return {
    async importCsv(csv: string): Promise<RechargeImportResult> {
      const rows = parseRechargeCsv(csv);
      if (!rows) throw badRequest(say('ops.rechargeBadColumns'));
      if (rows.length > RECHARGE_IMPORT_MAX_ROWS) throw badRequest(say('ops.rechargeTooManyRows'));
      const today = istDateString(now());
      const refused: RechargeImportResult['refused'] = [];
      const checked: CheckedRecharge[] = [];
      for (const r of rows) {
        const c = checkRechargeRow(r, today);
        if ('reason' in c) refused.push({ row: c.row, mobile: r.mobile, reason: c.reason });
        else checked.push(c);
      }
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK})`);
        const mobiles = [...new Set(checked.map((c) => c.mobile))];
        const userOf = await deps.users.idsByMobile(mobiles, tx);
        const known = checked.flatMap((c) => {
          const user_id = userOf.get(c.mobile);
          if (user_id === undefined) {
            refused.push({ row: c.row, mobile: c.mobile, reason: englishOf(say('ops.rechargeUnknownMobile')) });
            return [];
          }
          return [{ ...c, user_id }];
        });
        const existing = new Set<string>();
        if (known.length) {
          const days = known.map((k) => k.date).sort();
          const from = istDayStart(days[0]!);
          const to = new Date(istDayStart(days[days.length - 1]!).getTime() + 86_400_000);
          const found = await tx
            .select({
              user_id: servicePurchases.user_id,
              account_number: servicePurchases.account_number,
              amount: servicePurchases.amount,
              created_on: servicePurchases.created_on,
            })
            .from(servicePurchases)
            .where(
              and(
                inArray(servicePurchases.user_id, [...new Set(known.map((k) => k.user_id))]),
                gte(servicePurchases.created_on, from),
                lt(servicePurchases.created_on, to),
              ),
            );
          for (const f of found)
            existing.add(
              rechargeKey({
                user_id: f.user_id,
                account_number: f.account_number,
                amount_paise: f.amount,
                date: istDateString(f.created_on),
              }),
            );
        }
        const firstRow = new Map<string, number>();
        const fresh = known.filter((k) => {
          const key = rechargeKey(k);
          const earlier = firstRow.get(key);
          if (earlier !== undefined) {
            refused.push({ row: k.row, mobile: k.mobile, reason: englishOf(say('ops.rechargeDuplicateInFile', { row: earlier })) });
            return false;
          }
          firstRow.set(key, k.row);
          if (existing.has(key)) {
            refused.push({ row: k.row, mobile: k.mobile, reason: englishOf(say('ops.rechargeAlreadyImported')) });
            return false;
          }
          return true;
        });
        for (let i = 0; i < fresh.length; i += 500) {
          await tx.insert(servicePurchases).values(
            fresh.slice(i, i + 500).map((f) => ({
              user_id: f.user_id,
              account_number: f.account_number,
              amount: f.amount_paise,
              status: 'SUCCESS',
              created_on: istDayStart(f.date),
            })),
          );
        }
        refused.sort((a, b) => a.row - b.row);
        return { added: fresh.length, refused };
      });
    },
  };
}
export type RechargeImportService = ReturnType<typeof createRechargeImportService>;
