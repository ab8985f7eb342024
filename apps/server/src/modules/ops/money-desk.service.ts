import { BANK_STATUS } from '@pmw/contract/partner-profile';
import { parseCustomerCsv } from '@pmw/contract/ops';
import { say } from '@pmw/contract/texts/said';
import { notFound } from '../../errors';
import type { UsersService } from '../users/users.service';
import type { BanksService } from '../profile/banks.service';
import type { CustomersService } from '../customers/customers.service';
import type { AuditService } from './audit.service';

/**
 * The admin's money desk besides payout runs: the bank review queue with
 * each account holder's name and mobile, a decision on an account, and the
 * import of a partner's assigned customers; each change goes in the audit log.
 */
export function createMoneyDeskService(deps: {
  users: UsersService;
  banks: BanksService;
  customers: CustomersService;
  audit: AuditService;
}) {
  const { banks, audit } = deps;

  /** Rows with their holder's first name and mobile, as the review screen lists them. */
  async function withHolders<T extends { user_id: number }>(rows: T[]) {
    const who = await deps.users.contacts([...new Set(rows.map((r) => r.user_id))]);
    return rows.map((r) => ({ ...r, first_name: who.get(r.user_id)?.first_name ?? null, mobile: who.get(r.user_id)?.mobile ?? '' }));
  }

  return {
    async bankQueue(page: number, limit: number) {
      const found = await banks.reviewQueue({ limit, offset: (page - 1) * limit });
      return { count: found.count, rows: await withHolders(found.rows) };
    },

    /** Verifies or rejects (with the reason) an account, audited with its state before and after. */
    async decideBank(
      agentId: number,
      bankDetailId: number,
      status: typeof BANK_STATUS.verified | typeof BANK_STATUS.rejected,
      reason: string | null,
    ) {
      const before = await banks.byId(bankDetailId);
      if (!before) throw notFound(say('ops.bankNotFound'));
      const rejectReason = status === BANK_STATUS.rejected ? reason : null;
      const after = await banks.setStatus(bankDetailId, status, rejectReason);
      await audit.record({
        actor_user_id: agentId,
        action: status === BANK_STATUS.verified ? 'bank.verify' : 'bank.reject',
        entity_type: 'bank',
        entity_id: bankDetailId,
        before: { status: before.status, is_default: before.is_default, reject_reason: before.reject_reason },
        after: { status: after.status, is_default: after.is_default, reject_reason: rejectReason },
      });
      const [row] = await withHolders([{ ...after, user_id: before.user_id, pan_name: before.pan_name }]);
      return row!;
    },

    /** A partner's assigned customers from a CSV, audited with the counts. */
    async importCustomers(agentId: number, partnerUserId: number, csv: string) {
      const partner = (await deps.users.contacts([partnerUserId])).get(partnerUserId);
      if (!partner) throw notFound(say('ops.partnerNotFound'));
      const rows = parseCustomerCsv(csv);
      const result = await deps.customers.assignToPartner(partnerUserId, rows, agentId);
      await audit.record({
        actor_user_id: agentId,
        action: 'customers.import',
        entity_type: 'user',
        entity_id: partnerUserId,
        after: { rows: rows.length, ...result, invalid: result.invalid.length },
      });
      return result;
    },
  };
}
export type MoneyDeskService = ReturnType<typeof createMoneyDeskService>;
