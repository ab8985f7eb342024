import type { FastifyInstance, FastifyReply } from 'fastify';
import { opsMoneyRoutes, payoutWebhookRoutes } from '@pmw/contract/ops';
import { BANK_STATUS } from '@pmw/contract/partner-profile';
import type { TdsQuarter } from '@pmw/contract/tds';
import { answer, route, type RouteContext } from '../../http/route';
import type { PayoutsService } from './payouts.service';
import type { MoneyDeskService } from './money-desk.service';
import { say } from '@pmw/contract/texts/said';
import { keepRawJsonBodies, rawBodyOf } from '../../http/raw-body';

/** A file the console downloads: never cached, saved under its name. */
function sendCsv(reply: FastifyReply, file: { name: string; csv: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .header('cache-control', 'no-store')
    .send(file.csv);
}

/** Payout runs, bank review and assigned-customer imports: admin only. */
export function registerOpsMoneyRoutes(app: FastifyInstance, ctx: RouteContext, deps: { payouts: PayoutsService; desk: MoneyDeskService }) {
  const { payouts, desk } = deps;

  route(app, ctx, opsMoneyRoutes.payoutPreview, async () => payouts.preview());
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
  route(app, ctx, opsMoneyRoutes.payoutRunPoll, async ({ params }) => payouts.pollRun(params.payout_run_id));
  route(app, ctx, opsMoneyRoutes.payoutRuns, async () => payouts.list());
  route(app, ctx, opsMoneyRoutes.payoutRunGet, async ({ params }) => payouts.get(params.payout_run_id));
  route(app, ctx, opsMoneyRoutes.payoutRunFile, async ({ agent, params, reply }) =>
    sendCsv(reply, await payouts.file(agent.user_id, params.payout_run_id)),
  );
  route(app, ctx, opsMoneyRoutes.tdsReport, async ({ agent, query, reply }) =>
    sendCsv(reply, await payouts.tdsReport(agent.user_id, query.fy, query.quarter as TdsQuarter | undefined)),
  );

  route(app, ctx, opsMoneyRoutes.banks, async ({ query }) => desk.bankQueue(query.page, query.limit));
  route(app, ctx, opsMoneyRoutes.bankStatus, async ({ agent, params, body }) =>
    answer(
      await desk.decideBank(agent.user_id, params.bank_detail_id, body.status, body.status === BANK_STATUS.rejected ? body.reason : null),
      body.status === BANK_STATUS.verified ? say('ops.bankVerified') : say('ops.bankRejected'),
    ),
  );

  route(app, ctx, opsMoneyRoutes.importCustomers, async ({ agent, body }) => {
    const result = await desk.importCustomers(agent.user_id, body.partner_user_id, body.csv);
    return answer(result, say('ops.customersImported', { added: result.added, skipped: result.skipped, invalid: result.invalid.length }));
  });
}

/**
 * The payout provider's webhook. Its signature covers the raw body, so this
 * scope keeps the body as received before parsing it.
 */
export function registerPayoutWebhookRoutes(app: FastifyInstance, ctx: RouteContext, payouts: PayoutsService) {
  void app.register(async (scope) => {
    keepRawJsonBodies(scope, 64 * 1024);
    route(scope, ctx, payoutWebhookRoutes.webhook, async ({ req, params }) => {
      const signature = req.headers['x-razorpay-signature'];
      return payouts.webhook(params.provider, rawBodyOf(req), typeof signature === 'string' ? signature : undefined);
    });
  });
}
