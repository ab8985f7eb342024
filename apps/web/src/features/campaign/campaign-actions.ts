// The page policy allows no eval: zod is set jitless before this chunk's schemas parse.
import '../../zod-config';
import { campaignRoutes, type CampaignTaskForm, type Customer } from '@pmw/contract/campaign';
import { api } from '../../shared/api-client';
import { showError, showSuccess } from '../../shared/message-bar';
import { t } from './messages';

/** The campaign page's calls after its first screen (this module and the schemas load when first needed). */
export const loadForm = (utmCode: string, jobId: number): Promise<CampaignTaskForm> =>
  api(campaignRoutes.taskForm, { params: { utm_code: utmCode }, query: { job_id: jobId } });

export const loadCustomer = (): Promise<Customer | null> => api(campaignRoutes.customerSession);

/** Not you?: forgets the customer on this device; answers whether it did. */
export async function logout(): Promise<boolean> {
  try {
    await api(campaignRoutes.logoutCustomer);
    showSuccess(t('signedOut'));
    return true;
  } catch (err) {
    showError(err);
    return false;
  }
}
