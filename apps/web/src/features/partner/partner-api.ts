import { partnerAuthRoutes } from '@pmw/contract/auth';
import { api } from '../../shared/api-client';

export const sessionQueryKey = ['partner', 'session'] as const;
export const fetchPartnerSession = () => api(partnerAuthRoutes.me);
export const sendPartnerOtp = (mobile: string) => api(partnerAuthRoutes.sendOtp, { body: { mobile } });
export const loginPartner = (mobile: string, otp: string) => api(partnerAuthRoutes.login, { body: { mobile, otp } });
export const logoutPartner = () => api(partnerAuthRoutes.logout);
