import type { FastifyInstance } from 'fastify';
import { partnerRoutes } from '@pmw/contract/partner';
import { route, type RouteContext } from '../../http/route';
import { financialYearOf } from '@pmw/contract/tds';
import type { WalletService } from './wallet.service';
import type { PayoutsService } from '../ops/payouts.service';
import { financialYearOfMonth } from '@pmw/contract/invoices';
import { pmwId, type UsersService } from '../users/users.service';
import { requestLocale } from '../locale/locale';
import { monthName } from '../invoices/invoice-pdf';
import { sendPdf } from '../invoices/invoices.routes';
import { monthOfStatement, statementPdf, statementPeriod } from './statement-pdf';

/** The partner's Payouts page: balance and earnings, the ledger (Wallet Logs) and the year's payouts with their TDS. */
export function registerWalletRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  wallet: WalletService,
  payouts: PayoutsService,
  users: Pick<UsersService, 'names'>,
) {
  route(app, ctx, partnerRoutes.walletAmount, async ({ session }) => wallet.summary(session.subjectId));
  route(app, ctx, partnerRoutes.walletTransactions, async ({ session, query }) => {
    const page = await wallet.transactions(session.subjectId, query);
    return {
      count: page.count,
      rows: page.rows.map((r) => ({
        wallet_transaction_id: r.wallet_transaction_id,
        type: r.type,
        amount: r.amount_paise,
        reason: r.reason,
        reason_code: r.reason_code,
        reason_vars: r.reason_vars,
        remark: r.remark,
        remark_code: r.remark_code,
        remark_vars: r.remark_vars,
        created_on: r.created_on.toISOString(),
      })),
    };
  });
  route(app, ctx, partnerRoutes.payoutStatement, async ({ session, query }) =>
    payouts.statement(session.subjectId, query.fy ?? financialYearOf(new Date())),
  );
  route(app, ctx, partnerRoutes.payoutStatementCsv, async ({ session, query, reply }) => {
    const file = await payouts.statementCsv(session.subjectId, query.fy ?? financialYearOf(new Date()));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(file.csv);
  });
  route(app, ctx, partnerRoutes.payoutStatementPdf, async ({ session, query, req, reply }) => {
    const fy = query.fy ?? (query.month ? financialYearOfMonth(query.month) : financialYearOf(new Date()));
    const year = await payouts.statement(session.subjectId, fy);
    const statement = query.month ? monthOfStatement(year, query.month) : year;
    const locale = requestLocale(req);
    const period = {
      label: statementPeriod(locale, query.month ? { month: query.month } : { fy }),
      file: query.month ?? fy,
      english: query.month ? monthName(query.month) : `FY ${fy}`,
    };
    const name = (await users.names([session.subjectId])).get(session.subjectId) ?? null;
    const pdf = await statementPdf(statement, { id: pmwId(session.subjectId), name }, period, locale);
    return sendPdf(reply, `pmw-payouts-${period.file}.pdf`, pdf);
  });
}
