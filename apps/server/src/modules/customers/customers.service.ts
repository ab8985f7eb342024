import { and, count, desc, eq, ilike } from 'drizzle-orm';
import { isCallActive, partnerMessages, type Call, type CustomerLead } from '@pmw/contract/partner';
import { isValidMobile, normaliseMobile } from '@pmw/contract/mobile';
import type { Db } from '../../db/client';
import { customerCalls, customerLeads } from '../../db/schema/index';
import { AppError, notFound } from '../../errors';
import type { CallingProvider } from '../../providers/calling';
import type { UsersService } from '../users/users.service';

type CallRow = typeof customerCalls.$inferSelect;

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

  async function ownLead(partnerId: number, customerLeadId: number) {
    const [row] = await db.select().from(customerLeads).where(eq(customerLeads.customer_lead_id, customerLeadId)).limit(1);
    if (!row || row.partner_user_id !== partnerId) throw notFound(partnerMessages.customerNotFound);
    return row;
  }

  return {
    async list(partnerId: number, q: { search?: string | undefined; limit: number; offset: number }): Promise<{ count: number; rows: CustomerLead[] }> {
      const conds = [eq(customerLeads.partner_user_id, partnerId)];
      if (q.search) conds.push(ilike(customerLeads.name, `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      const where = and(...conds);
      const rows = await db.select().from(customerLeads).where(where).orderBy(desc(customerLeads.created_on), desc(customerLeads.customer_lead_id)).limit(q.limit).offset(q.offset);
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
        const inserted = await db.insert(customerLeads).values(valid.slice(i, i + 500)).onConflictDoNothing().returning({ id: customerLeads.customer_lead_id });
        added += inserted.length;
      }
      return { added, skipped: valid.length - added, invalid };
    },

    /** Rings the partner and bridges the customer; the customer must be assigned to this partner. */
    async connect(partnerId: number, customerLeadId: number): Promise<Call> {
      const lead = await ownLead(partnerId, customerLeadId);
      const partner = await users.byId(partnerId);
      if (!partner) throw notFound('User not found');
      let sid: string;
      try {
        sid = (await calling.connect({ from: partner.mobile, to: lead.mobile })).sid;
      } catch {
        throw new AppError('INTERNAL', partnerMessages.callFailed, 502);
      }
      const [row] = await db
        .insert(customerCalls)
        .values({ customer_lead_id: lead.customer_lead_id, partner_user_id: partnerId, provider: calling.name, sid, status: 'queued', created_on: new Date(now()) })
        .returning();
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
      if (!row || row.call.partner_user_id !== partnerId) throw notFound(partnerMessages.callNotFound);
      if (!isCallActive(row.call.status)) return viewCall(row.call, row.name);
      let s: Awaited<ReturnType<CallingProvider['status']>>;
      try {
        s = await calling.status({ sid: row.call.sid, started: row.call.created_on, to: row.mobile });
      } catch {
        // The provider did not answer: keep the last known status; the next poll asks again.
        return viewCall(row.call, row.name);
      }
      const ended = !isCallActive(s.status);
      const [updated] = await db
        .update(customerCalls)
        .set({
          status: s.status,
          answered_at: s.answered_at ?? row.call.answered_at,
          ended_at: ended ? (s.ended_at ?? new Date(now())) : null,
        })
        .where(and(eq(customerCalls.call_id, callId), eq(customerCalls.status, row.call.status)))
        .returning();
      return viewCall(updated ?? row.call, row.name);
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
