import { lazy } from 'react';
import type { CampaignPageData } from '@pmw/contract/campaign-rules';
import { withCatalogues } from '../../shared/i18n';
import { hydratePage, whenIdle } from '../../shared/public-page/hydrate';
import { CampaignProblem, CampaignView } from './campaign-view';
import '../../shared/lead-form/lead-form.css';
import './campaign.css';

/** The campaign page's browser entry: no router, no query cache, no schemas; the lead form loads when a product is chosen. */
const loadPanel = () => import('./lead-panel');
const LeadPanel = lazy(withCatalogues(() => loadPanel().then((m) => ({ default: m.LeadPanel }))));

const data = hydratePage<CampaignPageData>((d) => (d.owner ? <CampaignView data={d} Panel={LeadPanel} /> : <CampaignProblem invalid />));
if (data.form) void loadPanel();
else whenIdle(loadPanel);
