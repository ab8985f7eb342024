import { FEATURES_LIMIT, HIRING_CATEGORY_ID, hiringRoutes } from '@pmw/contract/hiring';
import { api } from '../../../shared/api-client';

export const partnerJobsQueryKey = ['partner', 'projects', 'available'] as const;
export const myProjectsQueryKey = ['partner', 'projects', 'mine'] as const;

/** The partner jobs call as the spec names it: hiring category, 3 features, payout at the partner's level. */
export const fetchPartnerJobs = () =>
  api(hiringRoutes.partnerJobs, {
    query: { job_category_id: HIRING_CATEGORY_ID, featuresLimit: FEATURES_LIMIT, appendUserLevelPayout: true },
  });
export const fetchMyProjects = () => api(hiringRoutes.myProjects);
