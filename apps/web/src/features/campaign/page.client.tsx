import { lazy, type ComponentType } from 'react';
import type { CampaignPageData } from '@pmw/contract/campaign-rules';
import { withCatalogues } from '../../shared/i18n';
import { hydratePage, whenIdle } from '../../shared/public-page/hydrate';
import { CampaignProblem, CampaignView, type LeadPanelProps } from './campaign-view';
import '../../shared/lead-form/lead-form.css';
import './campaign.css';

/**
 * The campaign page's browser entry: no router, no query cache, no schemas.
 * The lead form loads when a product is chosen (fetched when the browser is
 * idle); a product link's page, whose form the server rendered open, loads it
 * before hydrating.
 */
const loadPanel = () => import('./lead-panel');
let Panel: ComponentType<LeadPanelProps> = lazy(withCatalogues(() => loadPanel().then((m) => ({ default: m.LeadPanel }))));

const data = hydratePage<CampaignPageData>(
  (d) => (d.owner ? <CampaignView data={d} Panel={Panel} preloadPanel={() => void loadPanel()} /> : <CampaignProblem invalid />),
  async (d) => {
    if (d.form) Panel = (await loadPanel()).LeadPanel;
  },
);
if (!data.form) whenIdle(loadPanel);
