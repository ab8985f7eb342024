// The page policy allows no eval: zod is set jitless before this chunk's schemas parse (the area's entry loads no zod).
import '../../zod-config';
import { teamFileRoutes, teamRoutes } from '@pmw/contract/team';
import type { DevicePosition, LeadInputValue } from '@pmw/contract/lead-form';
import { api, apiWithMessage } from '../../shared/api-client';
import type { LeadUploadConfig } from '../../shared/lead-form';

export { teamKeys, fetchTeam, fetchMe } from './team-session';
export const sendTeamOtp = (mobile: string, team_code: string) => api(teamRoutes.sendOtp, { body: { mobile, feature: 'MT', team_code } });
export const loginTeam = (body: { request_id: string; team_code: string; first_name: string; mobile: string; otp: string }) =>
  api(teamRoutes.login, { body });
export const logoutTeam = () => api(teamRoutes.logout);
export const fetchProjects = () => api(teamRoutes.projects);
export const fetchProjectData = (job_id: number) => api(teamRoutes.projectData, { query: { job_id } });
export const fetchProjectInfo = (job_id: number) => api(teamRoutes.projectInfo, { query: { job_id } });
export const filterByPincode = (job_ids: number[], pincode: string) => api(teamRoutes.pincodeFilter, { body: { job_ids, pincode } });
export const fetchShareLink = (entity_id: number) => api(teamRoutes.utmLink, { query: { entity_type: 'JOB', entity_id } });
export const fetchMapConfig = () => api(teamRoutes.mapConfig);
export const reverseGeocode = (lat: number, lng: number) => api(teamRoutes.reverseGeocode, { query: { lat, lng } });
export const fetchTaskCount = (range: { start_date?: string; end_date?: string }) => api(teamRoutes.taskCount, { query: range });
export const fetchProjectReport = (range: { start_date?: string; end_date?: string }) => api(teamRoutes.projectReport, { query: range });
export const fetchReportData = (q: { form_id: number; status: number; archive_status: number }) => api(teamRoutes.reportData, { query: q });

export interface SubmitLeadBody {
  form_id: number;
  input: LeadInputValue[];
  location?: DevicePosition;
  idempotency_key: string;
  /** The customer's OTP, on a form that asks for one. */
  otp?: string;
  /** A lead queued offline on a form with OTP: sent without it, marked unverified. */
  offline_unverified?: true;
}
export const sendLeadOtp = (form_id: number, mobile: string) => api(teamRoutes.leadOtp, { body: { form_id, mobile } });
export const submitLead = (body: SubmitLeadBody) => apiWithMessage(teamRoutes.submit, { body });
export const completeLead = (body: Omit<SubmitLeadBody, 'idempotency_key' | 'otp' | 'offline_unverified'> & { form_response_id: number }) =>
  apiWithMessage(teamRoutes.complete, { body });

/** A field agent's photo picked without a signal is kept on the phone and uploads with the queued lead. */
export const teamUpload: LeadUploadConfig = {
  signUpload: teamFileRoutes.signUpload,
  add: teamFileRoutes.add,
  purpose: 'FORM_RESPONSE',
  keepOffline: true,
};
