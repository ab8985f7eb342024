import type { FastifyInstance } from 'fastify';
import { decodeApplicationParams, hiringRoutes, payRange, type JobPageData } from '@pmw/contract/hiring';
import { answer, route, type RouteContext } from '../../http/route';
import { notFound } from '../../errors';
import type { DocumentsService } from '../documents/documents.service';
import type { HiringService } from './hiring.service';
import { absoluteUrl, type PublicPages } from '../../http/public-pages';
import type { VisitRecorder } from '../dashboard/dashboard.routes';
import type { LinkOrigin } from '../../http/link-origin';
import { requestLocale, smsLocaleOf, speak } from '../locale/locale';
import { say } from '@pmw/contract/texts/said';

export function registerHiringRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { hiring: HiringService; documents: DocumentsService; pages: PublicPages; linkOrigin: LinkOrigin; countVisit?: VisitRecorder },
) {
  const { hiring, documents, pages } = deps;

  route(app, ctx, hiringRoutes.partnerJobs, async ({ query, session, req }) =>
    hiring.partnerJobs(session.subjectId, query, requestLocale(req)),
  );
  route(app, ctx, hiringRoutes.myProjects, async ({ session, req }) => hiring.myProjects(session.subjectId, requestLocale(req)));

  route(app, ctx, hiringRoutes.jobById, async ({ query, req }) => {
    const job = await hiring.publicJob(query.job_id, query.recruiter_id, requestLocale(req));
    if (!job) throw notFound(say('hiring.jobNotFound'));
    return job;
  });

  route(app, ctx, hiringRoutes.apply, async ({ body, session }) => {
    const { application } = await hiring.apply(session.subjectId, body);
    return answer(application, say('hiring.applied'));
  });

  route(app, ctx, hiringRoutes.slots, async ({ query, session }) => hiring.slots(session.subjectId, query));
  route(app, ctx, hiringRoutes.bookedSlot, async ({ query, session }) => {
    if (query.id !== undefined && query.id !== session.subjectId) throw notFound();
    return hiring.bookedSlot(session.subjectId, query.job_id);
  });
  route(app, ctx, hiringRoutes.rescheduleSlot, async ({ body, session, req }) => {
    const { booking, moved } = await hiring.rescheduleSlot(session.subjectId, body, smsLocaleOf(req));
    return answer(booking, moved ? say('hiring.slotRescheduled') : say('hiring.slotBooked'));
  });
  route(app, ctx, hiringRoutes.bookSlot, async ({ body, session }) =>
    answer(await hiring.bookSlot(session.subjectId, body), say('hiring.slotBooked')),
  );

  route(app, ctx, hiringRoutes.updateUser, async ({ body, session }) =>
    answer(await hiring.updateName(session.subjectId, body), say('hiring.nameUpdated')),
  );
  route(app, ctx, hiringRoutes.addDocument, async ({ body, session }) => {
    const doc = await documents.add({ kind: 'worker', id: session.subjectId }, body);
    return answer(
      { document_id: doc.document_id, type: doc.type, number: doc.number, file_id: doc.file_id, status: doc.status },
      say('hiring.documentAdded'),
    );
  });

  // The job page, rendered on the server with React (WhatsApp runs no script,
  // a slow phone reads it before any script). Anything that does not resolve goes to /.
  app.get<{ Params: { a: string; b: string; c: string } }>('/application/:a/:b/:c', async (req, reply) => {
    const ids = decodeApplicationParams(req.params.a, req.params.b, req.params.c);
    const job = ids ? await hiring.publicJob(ids.job_id, ids.recruiter_id, requestLocale(req)) : undefined;
    const location = job?.JobLocations.find((l) => l.job_location_id === ids?.job_location_id);
    if (!ids || !job || !location) return reply.redirect('/', 302);
    if (!pages.available('application'))
      return reply.status(404).send({ status: false, message: speak(req, say('common.notFound')), code: 'NOT_FOUND' });
    const pay = payRange(job);
    const description = [job.tag_line, `${location.city}`, pay].filter(Boolean).join(' · ');
    const origin = deps.linkOrigin(req);
    const image = job.banner_url ?? job.logo_url;
    const data: JobPageData = { ids, job };
    const html = await pages.render(req, 'application', data, {
      title: `${job.job_title} at ${job.Employer.employer_name}`,
      description,
      ...(image ? { image: absoluteUrl(origin, image) } : {}),
      url: origin + req.url.split('?')[0],
    });
    deps.countVisit?.(req, reply, { job_id: ids.job_id, partner: () => ids.recruiter_id });
    return pages.send(reply, html);
  });
}
