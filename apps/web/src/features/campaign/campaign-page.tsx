import { lazy } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { campaignRoutes } from '@pmw/contract/campaign';
import { api, ApiError, isRefusal } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { withCatalogues } from '../../shared/i18n';
import { LoadFailed } from '../../shared/query-view';
import { CampaignProblem, CampaignView } from './campaign-view';
import { t } from './messages';
import './campaign.css';

const LeadPanel = lazy(withCatalogues(() => import('./lead-panel').then((m) => ({ default: m.LeadPanel }))));

/**
 * The campaign page inside the app's router (the development server, which
 * renders nothing on the server): the same view, its data fetched here.
 */
export function CampaignPage() {
  const params = useParams();
  const utmCode = params.utmCode ?? '';
  const jid = params.jid && /^[0-9]+$/.test(params.jid) ? Number(params.jid) : null;
  const page = useQuery({
    queryKey: ['utm-page', utmCode, jid],
    queryFn: async () => {
      const [owner, tasks, customer] = await Promise.all([
        api(campaignRoutes.ownerProfile, { params: { utm_code: utmCode } }),
        api(campaignRoutes.tasks, { params: { utm_code: utmCode } }),
        api(campaignRoutes.customerSession),
      ]);
      const listed = jid !== null && tasks.categories.some((c) => c.products.some((p) => p.job_id === jid));
      const form = listed ? await api(campaignRoutes.taskForm, { params: { utm_code: utmCode }, query: { job_id: jid } }) : null;
      return {
        utm_code: utmCode,
        jid: listed ? jid : null,
        unavailable: jid !== null && !listed,
        owner,
        categories: tasks.categories,
        customer,
        form,
      };
    },
    retry: (n, err) => !isRefusal(err) && n < 1,
  });
  if (page.error) {
    const invalid = page.error instanceof ApiError && (page.error.httpStatus === 404 || page.error.httpStatus === 400);
    return (
      <CampaignProblem invalid={invalid}>
        <LoadFailed
          failed={t('somethingWentWrong')}
          retry={t('tryAgain')}
          error={page.error}
          busy={page.isFetching}
          onRetry={() => void page.refetch()}
        />
      </CampaignProblem>
    );
  }
  if (!page.data) {
    return (
      <main className="campaign campaign--center">
        <Loader label={t('loading')} />
      </main>
    );
  }
  return <CampaignView key={utmCode} data={page.data} Panel={LeadPanel} />;
}
