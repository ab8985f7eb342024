import type { FastifyInstance } from 'fastify';
import { campaignPath, partnerCampaignRoutes } from '@pmw/contract/partner-campaign';
import { answer, route, type RouteContext } from '../../http/route';
import type { LinkOrigin } from '../../http/link-origin';
import type { OwnCampaign, PartnerCampaignService } from './partner-campaign.service';
import { say } from '@pmw/contract/texts/said';

/** The partner portal's own campaign link, under /api/v2/partner/campaign. */
export function registerPartnerCampaignRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { campaigns: PartnerCampaignService; linkOrigin: LinkOrigin },
) {
  const { campaigns, linkOrigin } = deps;
  // Links go out on the site's public origin, as every link the server hands out.
  const withLink = (origin: string, c: OwnCampaign) => ({ ...c, link: origin + campaignPath(c.utm_code) });

  route(app, ctx, partnerCampaignRoutes.fetch, async ({ req, session }) =>
    withLink(linkOrigin(req), await campaigns.fetch(session.subjectId)),
  );

  route(app, ctx, partnerCampaignRoutes.changeCode, async ({ req, session, body }) =>
    answer(withLink(linkOrigin(req), await campaigns.changeCode(session.subjectId, body.utm_code)), say('campaign.codeChanged')),
  );
}
