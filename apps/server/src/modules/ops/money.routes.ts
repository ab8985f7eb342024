import type { FastifyInstance } from 'fastify';
import { opsMoneyRoutes, parseCustomerCsv, payoutWebhookRoutes } from '@pmw/contract/ops';
import type { TdsQuarter } from '@pmw/contract/tds';
import { answer, route, type RouteContext } from '../../http/route';
import { notFound } from '../../errors';
import type { UsersService } from '../users/users.service';
import type { BanksService } from '../profile/banks.service';
import type { CustomersService } from '../customers/customers.service';
import type { AuditService } from './audit.service';
import type { PayoutsService } from './payouts.service';
import { say } from '@pmw/contract/texts/said';

/** Payout runs, bank review and assigned-customer imports: admin only. */
export function registerOpsMoneyRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { users: UsersService; payouts: PayoutsService; banks: BanksService; customers: CustomersService; audit: AuditService },
) {
  const { payouts, banks, audit } = deps;

  const people = (ids: number[]) => deps.users.contacts(ids);

  route(app, ctx, opsMoneyRoutes.payoutPreview, async () => {
    return payouts.preview();
  });
  route(app, ctx, opsMoneyRoutes.payoutRun, async ({ agent, body }) => {
    const run = await payouts.run(agent.user_id, body);
    return answer(run, say('ops.payoutRunSent', { id: run.payout_run_id, sent: run.paid_count, held: run.held_count }));
  });
  route(app, ctx, opsMoneyRoutes.payoutRunResponse, async ({ agent, params, body }) => {
    const result = await payouts.bankResponse(agent.user_id, params.payout_run_id, body.csv);
    const skipped = result.unknown.length + result.repeated.length + result.invalid.length;
    return answer(
      result,
      skipped
        ? say('ops.bankResponseSkipped', { paid: result.paid, failed: result.failed, skipped })
        : say('ops.bankResponse', { paid: result.paid, failed: result.failed }),
    );
  });
  route(app, ctx, opsMoneyRoutes.payoutRunPoll, async ({ params }) => {
    return payouts.pollRun(params.payout_run_id);
  });
  route(app, ctx, opsMoneyRoutes.payoutRuns, async () => {
    return payouts.list();
  });
  route(app, ctx, opsMoneyRoutes.payoutRunGet, async ({ params }) => {
    return payouts.get(params.payout_run_id);
  });
  route(app, ctx, opsMoneyRoutes.payoutRunFile, async ({ agent, params, reply }) => {
    const file = await payouts.file(agent.user_id, params.payout_run_id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.csv);
    return reply;
  });

  route(app, ctx, opsMoneyRoutes.tdsReport, async ({ agent, query, reply }) => {
    const file = await payouts.tdsReport(agent.user_id, query.fy, query.quarter as TdsQuarter | undefined);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.csv);
  });

  route(app, ctx, opsMoneyRoutes.banks, async ({ query }) => {
    const found = await banks.reviewQueue({ limit: query.limit, offset: (query.page - 1) * query.limit });
    const who = await people([...new Set(found.rows.map((b) => b.user_id))]);
    return {
      count: found.count,
      rows: found.rows.map((b) => ({ ...b, first_name: who.get(b.user_id)?.first_name ?? null, mobile: who.get(b.user_id)?.mobile ?? '' })),
    };
  });
  route(app, ctx, opsMoneyRoutes.bankStatus, async ({ agent, params, body }) => {
    const before = await banks.byId(params.bank_detail_id);
    if (!before) throw notFound(say('ops.bankNotFound'));
    const after = await banks.setStatus(params.bank_detail_id, body.status, body.status === 2 ? body.reason : null);
    await audit.record({
      actor_user_id: agent.user_id,
      action: body.status === 1 ? 'bank.verify' : 'bank.reject',
      entity_type: 'bank',
      entity_id: params.bank_detail_id,
      before: { status: before.status, is_default: before.is_default, reject_reason: before.reject_reason },
      after: { status: after.status, is_default: after.is_default, reject_reason: body.status === 2 ? body.reason : null },
    });
    const who = await people([before.user_id]);
    return answer(
      {
        ...after,
        user_id: before.user_id,
        pan_name: before.pan_name,
        first_name: who.get(before.user_id)?.first_name ?? null,
        mobile: who.get(before.user_id)?.mobile ?? '',
      },
      body.status === 1 ? say('ops.bankVerified') : say('ops.bankRejected'),
    );
  });

  route(app, ctx, opsMoneyRoutes.importCustomers, async ({ agent, body }) => {
    const partner = (await people([body.partner_user_id])).get(body.partner_user_id);
    if (!partner) throw notFound(say('ops.partnerNotFound'));
    const rows = parseCustomerCsv(body.csv);
    const result = await deps.customers.assignToPartner(body.partner_user_id, rows, agent.user_id);
    await audit.record({
      actor_user_id: agent.user_id,
      action: 'customers.import',
      entity_type: 'user',
      entity_id: body.partner_user_id,
      after: { rows: rows.length, ...result, invalid: result.invalid.length },
    });
    return answer(result, say('ops.customersImported', { added: result.added, skipped: result.skipped, invalid: result.invalid.length }));
  });
}

/**
 * The payout provider's webhook. Its signature covers the raw body, so this
 * scope keeps the body as received before parsing it.
 */
export function registerPayoutWebhookRoutes(app: FastifyInstance, ctx: RouteContext, payouts: PayoutsService) {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (req, raw, done) => {
      const text = typeof raw === 'string' ? raw : raw.toString('utf8');
      rawBodies.set(req, text);
      try {
        done(null, JSON.parse(text));
      } catch {
        done(null, {});
      }
    });
    route(scope, ctx, payoutWebhookRoutes.webhook, async ({ req, params }) => {
      const signature = req.headers['x-razorpay-signature'];
      return payouts.webhook(params.provider, rawBodies.get(req) ?? '', typeof signature === 'string' ? signature : undefined);
    });
  });
}
const rawBodies = new WeakMap<object, string>();
