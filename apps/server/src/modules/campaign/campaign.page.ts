import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CampaignPageData } from '@pmw/contract/campaign-rules';
import { utmCodeSchema, type CampaignTaskForm } from '@pmw/contract/campaign';
import { CAMPAIGN_PAGE_JOB_ID } from '@pmw/contract/dashboard';
import type { RouteContext } from '../../http/route';
import { requestLocale } from '../locale/locale';
import { absoluteUrl, type PublicPages } from '../../http/public-pages';
import type { LinkOrigin } from '../../http/link-origin';
import { AppError } from '../../errors';
import type { PageMeta } from '../../http/spa';
import type { CampaignService } from './campaign.service';
import type { VisitRecorder } from '../dashboard/dashboard.routes';

const notFound = (err: unknown) => err instanceof AppError && err.statusCode === 404;

/**
 * The page a partner shares, /utm/{code}[/{jid}], rendered on the server with
 * its partner, products and (for a product link) that product's open lead
 * form, so it reads and works before any script runs.
 */
export function registerCampaignPage(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { campaign: CampaignService; pages: PublicPages; linkOrigin: LinkOrigin; countVisit?: VisitRecorder },
) {
  const { campaign, pages } = deps;

  async function pageData(req: FastifyRequest, code: string, jidParam: string | undefined): Promise<CampaignPageData> {
    const jid = jidParam && /^[0-9]{1,9}$/.test(jidParam) ? Number(jidParam) : null;
    const parsed = utmCodeSchema.safeParse(code);
    const empty: CampaignPageData = {
      utm_code: code,
      jid: null,
      unavailable: false,
      owner: null,
      categories: [],
      customer: null,
      form: null,
    };
    if (!parsed.success) return empty;
    const locale = requestLocale(req);
    try {
      const [owner, tasks, session] = await Promise.all([
        campaign.ownerProfile(parsed.data),
        campaign.tasks(parsed.data, jid ?? undefined, locale),
        ctx.sessions.optional(req, 'customer'),
      ]);
      // A listed product whose form is gone is as unavailable as one the page does not list.
      const form: CampaignTaskForm | null =
        tasks.utm_selected === null
          ? null
          : await campaign
              .taskForm(parsed.data, tasks.utm_selected, locale)
              .catch((err: unknown) => (notFound(err) ? null : Promise.reject(err)));
      return {
        utm_code: parsed.data,
        jid: form ? tasks.utm_selected : null,
        unavailable: jid !== null && !form,
        owner,
        categories: tasks.categories,
        customer: await campaign.sessionCustomer(session?.subjectId),
        form,
      };
    } catch (err) {
      if (notFound(err)) return empty;
      throw err;
    }
  }

  function meta(req: FastifyRequest, data: CampaignPageData): PageMeta {
    const origin = deps.linkOrigin(req);
    const url = origin + req.url.split('?')[0];
    if (!data.owner) return { title: 'PickMyWork', description: 'Invalid Link/QR Code', url, robots: 'noindex' };
    const name = [data.owner.first_name, data.owner.last_name].filter(Boolean).join(' ') || 'Your PickMyWork partner';
    const product = data.form ? data.categories.flatMap((c) => c.products).find((p) => p.job_id === data.form?.job_id) : undefined;
    const image = product?.logo_url ?? data.owner.profile_picture_url ?? '/favicon.svg';
    if (data.form) {
      const description =
        [product?.tag_line, ...data.form.customerFeatures].filter(Boolean).join(' · ') ||
        `${data.form.job_title} from ${data.form.employer_name}`;
      return { title: `${data.form.job_title}: ${name}'s recommended products`, description, image: absoluteUrl(origin, image), url };
    }
    const count = data.categories.reduce((n, c) => n + c.products.length, 0);
    const kinds = data.categories.map((c) => c.title).join(', ');
    return {
      title: `${name}'s recommended products`,
      description: `${count} products ${name} recommends on PickMyWork${kinds ? `: ${kinds}` : ''}. Apply in a minute.`,
      image: absoluteUrl(origin, image),
      url,
    };
  }

  app.get<{ Params: { code: string; jid?: string } }>('/utm/:code/:jid?', async (req, reply) => {
    if (!pages.available('utm')) return reply.callNotFound();
    let data: CampaignPageData;
    try {
      data = await pageData(req, req.params.code, req.params.jid);
    } catch (err) {
      req.log.error({ err }, 'campaign page data failed; the app page fetches it itself');
      return pages.sendApp(req, reply);
    }
    const html = await pages.render(req, 'utm', data, meta(req, data));
    const code = data.utm_code;
    if (data.owner) deps.countVisit?.(req, reply, { job_id: data.jid ?? CAMPAIGN_PAGE_JOB_ID, partner: () => campaign.ownerUserId(code) });
    return pages.send(reply, html, data.owner ? 200 : 404);
  });
}
