import type { CampaignPageData } from '@pmw/contract/campaign-rules';
import type { Locale } from '@pmw/contract/locale';
import { renderPage } from '../../shared/public-page/render';
import { CampaignProblem, CampaignView } from './campaign-view';
import { LeadPanel } from './lead-panel';

/** The campaign page on the server: the same view the browser entry hydrates, the lead form rendered open for a product link. */
export const render = (locale: Locale, data: CampaignPageData) =>
  renderPage(locale, data, (d) => (d.owner ? <CampaignView data={d} Panel={LeadPanel} /> : <CampaignProblem invalid />));
