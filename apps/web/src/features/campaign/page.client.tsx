import { lazy, type ComponentType } from 'react';
import type { CampaignPageData } from '@pmw/contract/campaign-rules';
import { withCatalogues } from '../../shared/i18n';
import { hydratePage, whenIdle } from '../../shared/public-page/hydrate';
import { actions, CampaignProblem, CampaignView, type LeadPanelProps } from './campaign-view';
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

/** Whether the lead form's code and the page's calls are here, so Get Now can open the form in place. */
let ready = false;
const prefetch = () =>
  Promise.all([loadPanel(), actions()]).then(() => {
    ready = true;
    // For tests and the phone bench: Get Now now opens the form in place.
    document.documentElement.dataset.formReady = 'true';
  });

const data = hydratePage<CampaignPageData>(
  (d) =>
    d.owner ? (
      <CampaignView data={d} Panel={Panel} preloadPanel={() => void loadPanel()} inPlaceReady={() => ready} />
    ) : (
      <CampaignProblem invalid />
    ),
  async (d) => {
    if (d.form) Panel = (await loadPanel()).LeadPanel;
  },
);
if (data.form) void prefetch();
else whenIdle(prefetch);
