import { campaignRoutes } from '@pmw/contract/campaign';
import { partnerCampaignRoutes } from '@pmw/contract/partner-campaign';
import { api, apiWithMessage } from '../../../shared/api-client';

export const campaignQueryKey = ['partner', 'campaign'] as const;
export const campaignProductsQueryKey = (code: string) => ['partner', 'campaign', 'products', code] as const;

export const fetchCampaign = () => api(partnerCampaignRoutes.fetch);
export const changeCampaignCode = (utm_code: string) => apiWithMessage(partnerCampaignRoutes.changeCode, { body: { utm_code } });
/** The products the partner's campaign page lists: the same call the page makes. */
export const fetchCampaignProducts = (code: string) => api(campaignRoutes.tasks, { params: { utm_code: code }, query: {} });
