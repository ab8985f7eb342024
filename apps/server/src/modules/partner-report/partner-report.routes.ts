import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { leadsReportFileName, partnerRoutes } from '@pmw/contract/partner';
import { istDateString } from '@pmw/contract/time';
import { answer, route, type RouteContext } from '../../http/route';
import type { LeadsService } from '../leads/leads.service';
import type { Locale } from '@pmw/contract/locale';
import { localize, requestLocale } from '../locale/locale';
import { CSV_BOM, CSV_HEADER_CODES, ENGLISH_CSV_WORDS, type CsvWords } from './csv';
import type { SaidCode } from '@pmw/contract/texts/english';

/** The file's own words in the requester's language, by their codes: one language per file. */
function csvWords(locale: Locale): CsvWords {
  if (locale === 'en') return ENGLISH_CSV_WORDS;
  const word = (code: SaidCode) => localize(say(code), locale);
  return {
    locale,
    header: CSV_HEADER_CODES.map(word),
    status: {
      expired: word('partner.statusExpired'),
      approved: word('partner.statusApproved'),
      rejected: word('partner.statusRejected'),
      pending: word('partner.statusPending'),
    },
    attached: word('partner.csvAttached'),
  };
}
import type { PartnerReportService } from './partner-report.service';
import { say } from '@pmw/contract/texts/said';

/** The partner's Leads Report under /api/v2/partner. */
export function registerPartnerReportRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { report: PartnerReportService; leads: LeadsService },
) {
  const { report, leads } = deps;

  route(app, ctx, partnerRoutes.reportProjects, async ({ session, req }) => report.projects(session.subjectId, requestLocale(req)));
  route(app, ctx, partnerRoutes.reportCounts, async ({ session, query }) => report.counts(session.subjectId, query));
  route(app, ctx, partnerRoutes.reportData, async ({ session, query, req }) => report.page(session.subjectId, query, requestLocale(req)));

  route(
    app,
    ctx,
    partnerRoutes.reportDownload,
    async ({ session, query, reply, req }) => {
      const rows = report.csv(session.subjectId, query, csvWords(requestLocale(req)));
      async function* withBom() {
        yield CSV_BOM;
        yield* rows;
      }
      const name = leadsReportFileName(istDateString(new Date()));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      // A stream: the file is written as the rows are read, never held whole.
      return reply.send(Readable.from(withBom(), { objectMode: false }));
    },
    {
      // A report file is megabytes of text: compressed at the fastest setting it is still
      // about 10× smaller on the wire, for a fraction of the default settings' work.
      compress: { brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }, zlibOptions: { level: 1 } },
    },
  );

  route(app, ctx, partnerRoutes.inputAdd, async ({ session, body }) => {
    const caller = { kind: 'worker' as const, id: session.subjectId };
    const saved = await leads.attachFile({
      form_response_id: body.form_response_id,
      input_id: body.input_id,
      file_id: body.value,
      attribution: { partner_user_id: session.subjectId },
      uploader: caller,
    });
    return answer(saved, say('partner.attachmentAdded'));
  });
}
