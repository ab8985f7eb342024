import { LEAD_ACTIONS_DECIDED, type OpsDashboard } from '@pmw/contract/ops-dashboard';
import { LEAD_ACTION_APPROVAL_UNDONE } from '@pmw/contract/ops';
import { istDayStart } from '@pmw/contract/time';
import type { AuditService } from '../ops/audit.service';
import type { LeadVerificationService } from '../ops/lead-verification.service';
import type { PayoutsService } from '../ops/payouts.service';
import type { SupportService } from '../support/support.service';
import type { UsersService } from '../users/users.service';
import type { DashboardService } from './dashboard.service';

const DAY_MS = 86_400_000;

/**
 * The ops console's first screen, gathered from the modules that own each
 * part: leads by day (this module's day rows), pending leads (the queue),
 * decisions per agent (the audit log), the next payout run (its preview) and
 * support's tickets.
 */
export function createOpsDashboardService(deps: {
  dashboard: Pick<DashboardService, 'leadsByDay'>;
  verification: Pick<LeadVerificationService, 'pendingAges'>;
  audit: Pick<AuditService, 'countsByActor'>;
  payouts: Pick<PayoutsService, 'preview' | 'nextRunOn'>;
  support: Pick<SupportService, 'responseFigures'>;
  users: Pick<UsersService, 'names'>;
}) {
  return {
    async day(q: { start_date?: string | undefined; end_date?: string | undefined }, now = new Date()): Promise<OpsDashboard> {
      const leads = await deps.dashboard.leadsByDay(q, now);
      const from = istDayStart(leads.start_date);
      const to = new Date(istDayStart(leads.end_date).getTime() + DAY_MS);
      const [pending_age, decisions, preview, support, next_run_on] = await Promise.all([
        deps.verification.pendingAges(now),
        // An approval undone within its window was never a decision.
        deps.audit.countsByActor([LEAD_ACTIONS_DECIDED.approved, LEAD_ACTIONS_DECIDED.rejected], from, to, {
          undone: { action: LEAD_ACTIONS_DECIDED.approved, by: LEAD_ACTION_APPROVAL_UNDONE },
        }),
        deps.payouts.preview(),
        deps.support.responseFigures(from, to),
        deps.payouts.nextRunOn(now),
      ]);
      const agents = new Map<number, { user_id: number; name: string | null; approved: number; rejected: number }>();
      for (const d of decisions) {
        let a = agents.get(d.actor_user_id);
        if (!a) agents.set(d.actor_user_id, (a = { user_id: d.actor_user_id, name: null, approved: 0, rejected: 0 }));
        if (d.action === LEAD_ACTIONS_DECIDED.approved) a.approved += d.n;
        else a.rejected += d.n;
      }
      const names = await deps.users.names([...agents.keys()]);
      const payout = { partners: 0, net_paise: 0, tds_paise: 0, held_count: 0, held_paise: 0, next_run_on };
      for (const c of preview.candidates) {
        if (c.hold_reason) {
          payout.held_count++;
          payout.held_paise += c.balance_paise;
        } else if (c.net_paise > 0) {
          payout.partners++;
          payout.net_paise += c.net_paise;
          payout.tds_paise += c.tds_paise;
        }
      }
      return {
        ...leads,
        pending_age,
        agents: [...agents.values()]
          .map((a) => ({ ...a, name: names.get(a.user_id) ?? null }))
          .sort((a, b) => b.approved - a.approved || b.rejected - a.rejected || a.user_id - b.user_id),
        payout,
        support,
      };
    },
  };
}
export type OpsDashboardService = ReturnType<typeof createOpsDashboardService>;
