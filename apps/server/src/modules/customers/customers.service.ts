import { and, count, desc, eq, gt, ilike, inArray, sql } from 'drizzle-orm';
import { CALLS_PER_CUSTOMER_PER_HOUR, LIVE_CALL_MAX_MINUTES, isCallActive, type Call, type CustomerLead } from '@pmw/contract/partner';
import { isValidMobile, normaliseMobile } from '@pmw/contract/mobile';
import type { Db } from '../../db/client';
import { customerCalls, customerLeads } from '../../db/schema/customers';
import { AppError, notFound } from '../../errors';
import type { CallingProvider } from '../../providers/calling';
import type { UsersService } from '../users/users.service';
import { say } from '@pmw/contract/texts/said';

type CallRow = typeof customerCalls.$inferSelect;

const ACTIVE = ['queued', 'ringing', 'in-progress'] as const;
/** Advisory lock namespace of click-to-call (partner, then customer mobile). */
const CALL_LOCK = 7301;

/** Customers assigned to a partner, and click-to-call to them. */
export function createCustomersService(deps: { db: Db; users: UsersService; calling: CallingProvider; now?: () => number }) {
  const { db, users, calling } = deps;
  const now = deps.now ?? Date.now;

  const viewLead = (r: typeof customerLeads.$inferSelect): CustomerLead => ({
    customer_lead_id: r.customer_lead_id,
    created_on: r.created_on.toISOString(),
    CustomerLead: { name: r.name, mobile: r.mobile },
  });

  function viewCall(row: CallRow, name: string): Call {
    const end = row.ended_at?.getTime() ?? now();
    const timer = row.answered_at ? Math.max(0, Math.floor((end - row.answered_at.getTime()) / 1000)) : 0;
    return { call_id: row.call_id, Sid: row.sid, status: row.status, timer, customer_name: name };
  }

  /** A call's status now, asked of the provider while the call is active, and stored. */
  async function refresh(call: CallRow, mobile: string): Promise<CallRow> {
    if (!isCallActive(call.status) || !call.sid) return call;
    let s: Awaited<ReturnType<CallingProvider['status']>>;
    try {
      s = await calling.status({ sid: call.sid, started: call.created_on, to: mobile });
    } catch {
      // The provider did not answer: keep the last known status; the next poll asks again.
      return call;
    }
    const ended = !isCallActive(s.status);
    const [updated] = await db
      .update(customerCalls)
      .set({
        status: s.status,
        answered_at: s.answered_at ?? call.answered_at,
        ended_at: ended ? (s.ended_at ?? new Date(now())) : null,
      })
      .where(and(eq(customerCalls.call_id, call.call_id), eq(customerCalls.status, call.status)))
      .returning();
    return updated ?? call;
  }

  async function ownLead(partnerId: number, customerLeadId: number) {
    const [row] = await db.select().from(customerLeads).where(eq(customerLeads.customer_lead_id, customerLeadId)).limit(1);
    if (!row || row.partner_user_id !== partnerId) throw notFound(say('partner.customerNotFound'));
    return row;
  }

  return {
    async list(
      partnerId: number,
      q: { search?: string | undefined; limit: number; offset: number },
    ): Promise<{ count: number; rows: CustomerLead[] }> {
      const conds = [eq(customerLeads.partner_user_id, partnerId)];
      if (q.search) conds.push(ilike(customerLeads.name, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const where = and(...conds);
      const rows = await db
        .select()
        .from(customerLeads)
        .where(where)
        .orderBy(desc(customerLeads.created_on), desc(customerLeads.customer_lead_id))
        .limit(q.limit)
        .offset(q.offset);
      const [total] = await db.select({ n: count() }).from(customerLeads).where(where);
      return { count: total?.n ?? 0, rows: rows.map(viewLead) };
    },

    /**
     * Assigns customers to a partner (the ops console imports them). A mobile
     * already assigned to the partner is skipped; an invalid one is reported.
     */
    async assignToPartner(
      partnerId: number,
      customers: { name: string; mobile: string }[],
      createdBy: number | null = null,
    ): Promise<{ added: number; skipped: number; invalid: { row: number; mobile: string }[] }> {
      const invalid: { row: number; mobile: string }[] = [];
      const valid: { partner_user_id: number; name: string; mobile: string; created_by: number | null }[] = [];
      customers.forEach((c, i) => {
        const mobile = normaliseMobile(c.mobile);
        const name = c.name.trim();
        if (!isValidMobile(mobile) || !name) invalid.push({ row: i + 1, mobile: c.mobile });
        else valid.push({ partner_user_id: partnerId, name: name.slice(0, 120), mobile, created_by: createdBy });
      });
      let added = 0;
      for (let i = 0; i < valid.length; i += 500) {
        const inserted = await db
          .insert(customerLeads)
          .values(valid.slice(i, i + 500))
          .onConflictDoNothing()
          .returning({ id: customerLeads.customer_lead_id });
        added += inserted.length;
      }
      return { added, skipped: valid.length - added, invalid };
    },

    /**
     * Rings the partner and bridges the customer; the customer must be assigned
     * to this partner. One live call per partner, and a few calls per customer
     * mobile an hour (see CALLS_PER_CUSTOMER_PER_HOUR).
     */
    async connect(partnerId: number, customerLeadId: number): Promise<Call> {
      const lead = await ownLead(partnerId, customerLeadId);
      const partner = await users.byId(partnerId);
      if (!partner) throw notFound(say('common.userNotFound'));
      // A live call whose status was last seen as active is asked about again first.
      const live = await db
        .select({ call: customerCalls, name: customerLeads.name, mobile: customerLeads.mobile })
        .from(customerCalls)
        .innerJoin(customerLeads, eq(customerLeads.customer_lead_id, customerCalls.customer_lead_id))
        .where(
          and(
            eq(customerCalls.partner_user_id, partnerId),
            inArray(customerCalls.status, [...ACTIVE]),
            gt(customerCalls.created_on, new Date(now() - LIVE_CALL_MAX_MINUTES * 60_000)),
          ),
        );
      for (const r of live) {
        if (isCallActive((await refresh(r.call, r.mobile)).status)) throw new AppError('RATE_LIMITED', say('partner.callInProgress'));
      }
      // The checks and the reservation hold advisory locks on the partner and the customer's mobile,
      // so two taps at once cannot both pass.
      const reserved = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${CALL_LOCK}, ${partnerId})`);
        await tx.execute(sql`select pg_advisory_xact_lock(${CALL_LOCK + 1}, hashtext(${lead.mobile}))`);
        const recent = new Date(now() - LIVE_CALL_MAX_MINUTES * 60_000);
        const [busy] = await tx
          .select({ n: count() })
          .from(customerCalls)
          .where(
            and(
              eq(customerCalls.partner_user_id, partnerId),
              inArray(customerCalls.status, [...ACTIVE]),
              gt(customerCalls.created_on, recent),
            ),
          );
        if ((busy?.n ?? 0) > 0) throw new AppError('RATE_LIMITED', say('partner.callInProgress'));
        const [calls] = await tx
          .select({ n: count() })
          .from(customerCalls)
          .innerJoin(customerLeads, eq(customerLeads.customer_lead_id, customerCalls.customer_lead_id))
          .where(and(eq(customerLeads.mobile, lead.mobile), gt(customerCalls.created_on, new Date(now() - 3_600_000))));
        if ((calls?.n ?? 0) >= CALLS_PER_CUSTOMER_PER_HOUR) throw new AppError('RATE_LIMITED', say('partner.customerCallLimit'));
        const [row] = await tx
          .insert(customerCalls)
          .values({
            customer_lead_id: lead.customer_lead_id,
            partner_user_id: partnerId,
            provider: calling.name,
            sid: '',
            status: 'queued',
            created_on: new Date(now()),
          })
          .returning();
        return row!;
      });
      let sid: string;
      try {
        sid = (await calling.connect({ from: partner.mobile, to: lead.mobile })).sid;
      } catch {
        await db
          .update(customerCalls)
          .set({ status: 'failed', ended_at: new Date(now()) })
          .where(eq(customerCalls.call_id, reserved.call_id));
        throw new AppError('INTERNAL', say('partner.callFailed'), 502);
      }
      const [row] = await db.update(customerCalls).set({ sid }).where(eq(customerCalls.call_id, reserved.call_id)).returning();
      return viewCall(row!, lead.name);
    },

    /** The call's status now, asked of the provider while the call is active. */
    async enquiry(partnerId: number, callId: number): Promise<Call> {
      const [row] = await db
        .select({ call: customerCalls, name: customerLeads.name, mobile: customerLeads.mobile })
        .from(customerCalls)
        .innerJoin(customerLeads, eq(customerLeads.customer_lead_id, customerCalls.customer_lead_id))
        .where(eq(customerCalls.call_id, callId))
        .limit(1);
      if (!row || row.call.partner_user_id !== partnerId) throw notFound(say('partner.callNotFound'));
      return viewCall(await refresh(row.call, row.mobile), row.name);
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
