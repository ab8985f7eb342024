import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { opsInvoiceRoutes, partnerInvoiceRoutes } from '@pmw/contract/invoices';
import { say } from '@pmw/contract/texts/said';
import { answer, route, type RouteContext } from '../../http/route';
import { invoicePdf } from './invoice-pdf';
import type { InvoiceRow, InvoicesService } from './invoices.service';

/** A PDF made on request, streamed as it is drawn; never cached. */
export function sendPdf(reply: FastifyReply, name: string, pdf: Readable) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

const pdfName = (row: InvoiceRow) => `pmw-invoice-${row.invoice_number.replace(/\//g, '-')}.pdf`;

/** GST invoices: the partner's list, accept, upload and PDF; the ops console's queue, approval and PDF. */
export function registerInvoiceRoutes(app: FastifyInstance, ctx: RouteContext, deps: { invoices: InvoicesService; sac: string }) {
  const { invoices, sac } = deps;

  async function pdfOf(row: InvoiceRow) {
    const [view, lines] = await Promise.all([invoices.getForOps(row.invoice_id), invoices.lines(row.invoice_id)]);
    return invoicePdf(view, lines, sac);
  }

  route(app, ctx, partnerInvoiceRoutes.list, async ({ session }) => invoices.listForPartner(session.subjectId));
  route(app, ctx, partnerInvoiceRoutes.get, async ({ session, params }) => invoices.getForPartner(session.subjectId, params.invoice_id));
  route(app, ctx, partnerInvoiceRoutes.accept, async ({ session, params }) => {
    const done = await invoices.accept(session.subjectId, params.invoice_id);
    return answer(done, say('invoice.accepted', { number: done.invoice_number }));
  });
  route(app, ctx, partnerInvoiceRoutes.upload, async ({ session, params, body }) => {
    const done = await invoices.upload(session.subjectId, params.invoice_id, body.file_id);
    return answer(done, say('invoice.uploaded', { number: done.invoice_number }));
  });
  route(app, ctx, partnerInvoiceRoutes.pdf, async ({ session, params, reply }) => {
    const row = await invoices.ownRow(session.subjectId, params.invoice_id);
    return sendPdf(reply, pdfName(row), await pdfOf(row));
  });

  route(app, ctx, opsInvoiceRoutes.list, async ({ query }) => invoices.listForOps(query.status));
  route(app, ctx, opsInvoiceRoutes.get, async ({ params }) => invoices.getForOps(params.invoice_id));
  route(app, ctx, opsInvoiceRoutes.approve, async ({ agent, params }) => {
    const done = await invoices.approve(agent.user_id, params.invoice_id);
    return answer(done, say('ops.invoiceApproved', { number: done.invoice_number }));
  });
  route(app, ctx, opsInvoiceRoutes.reject, async ({ agent, params, body }) => {
    const done = await invoices.reject(agent.user_id, params.invoice_id, body.reason);
    return answer(done, say('ops.invoiceRejected', { number: done.invoice_number }));
  });
  route(app, ctx, opsInvoiceRoutes.pdf, async ({ params, reply }) => {
    const row = await invoices.rowForOps(params.invoice_id);
    return sendPdf(reply, pdfName(row), await pdfOf(row));
  });
}
