import type { FastifyInstance } from 'fastify';
import { partnerRoutes } from '@pmw/contract/partner';
import { answer, route, type RouteContext } from '../../http/route';
import type { CustomersService } from './customers.service';
import { say } from '@pmw/contract/texts/said';

/** Customer Leads and click-to-call under /api/v2/partner. */
export function registerCustomersRoutes(app: FastifyInstance, ctx: RouteContext, customers: CustomersService) {
  route(app, ctx, partnerRoutes.customerLeads, async ({ session, query }) => customers.list(session.subjectId, query));
  route(app, ctx, partnerRoutes.callConnect, async ({ session, body }) =>
    answer(await customers.connect(session.subjectId, body.customer_lead_id), say('partner.callStarted')),
  );
  route(app, ctx, partnerRoutes.callEnquiry, async ({ session, query }) => customers.enquiry(session.subjectId, query.call_id));
}
