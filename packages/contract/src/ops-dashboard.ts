import { z } from 'zod';
import { text, int, bigInt } from './base';
import { defineRoute } from './api';
import { dashboardQuerySchema } from './dashboard';

/**
 * The ops console's first screen: the day's (or a period's) leads by state,
 * how long pending leads wait, who decided them, what the next payout run
 * will cost and how support keeps up.
 */

/** Without dates the ops dashboard shows the last two weeks, today included. */
export const OPS_DASHBOARD_DEFAULT_DAYS = 14;
/** Pending leads are counted as waiting more than each of these many days. */
export const PENDING_AGE_DAYS = [1, 3, 7] as const;
/** Lead states as the Leads Report names them, in the chart's order. */
export const OPS_LEAD_STATES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type OpsLeadState = (typeof OPS_LEAD_STATES)[number];

const states = { pending: int(), approved: int(), rejected: int(), expired: int() };
export const opsDashboardSchema = z.object({
  start_date: text(),
  end_date: text(),
  /** Leads by the IST day they came in and their state now. */
  days: z.array(z.object({ date: text(), ...states })),
  totals: z.object(states),
  /** Every pending lead now, whatever day it came in, by how long it has waited. */
  pending_age: z.object({
    total: int(),
    over_1_day: int(),
    over_3_days: int(),
    over_7_days: int(),
    /** When the oldest pending lead came in; null with none waiting. */
    oldest_created_on: text().nullable(),
  }),
  /** Leads each agent approved and rejected in the period, most approvals first. */
  agents: z.array(z.object({ user_id: int(), name: text().nullable(), approved: int(), rejected: int() })),
  /** What a payout run started now would do. */
  payout: z.object({
    partners: int(),
    net_paise: bigInt(),
    tds_paise: bigInt(),
    held_count: int(),
    held_paise: bigInt(),
    /** The scheduled day of the next run (IST, YYYY-MM-DD); null without a schedule. */
    next_run_on: text().nullable(),
  }),
  support: z.object({
    /** Tickets not yet resolved or closed. */
    open: int(),
    /** Of those, the ones waiting for support's answer. */
    waiting: int(),
    oldest_waiting_since: text().nullable(),
    /** Tickets raised in the period that support answered, and the median and slowest minutes to that first answer. */
    answered: int(),
    first_response_median_minutes: int().nullable(),
    first_response_max_minutes: int().nullable(),
  }),
});
export type OpsDashboard = z.output<typeof opsDashboardSchema>;

export const opsDashboardRoutes = {
  opsDashboard: defineRoute({
    method: 'GET',
    path: '/ops/dashboard',
    summary: 'Leads by day and state, pending leads by age, approvals per agent, the next payout run and support at a glance',
    auth: 'ops',
    query: dashboardQuerySchema,
    response: opsDashboardSchema,
  }),
};

/** A day's leads in one state, from a partner or team day row. */
export function leadStates(r: { leads: number; approved: number; rejected: number; expired: number }): Record<OpsLeadState, number> {
  return { pending: r.leads - r.approved - r.rejected - r.expired, approved: r.approved, rejected: r.rejected, expired: r.expired };
}

/** The audit log's actions of a lead decided by an agent, counted per agent. */
export const LEAD_ACTIONS_DECIDED = { approved: 'lead.approve', rejected: 'lead.reject' } as const;
