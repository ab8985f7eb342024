import { partnerFirstCalls } from '@pmw/contract/first-calls';
import { firstCall } from '../../shared/api-client';

/** The portal's session check, without schemas (so the login loads no zod); every other call is in partner-api.ts. */
export const sessionQueryKey = ['partner', 'session'] as const;
export const fetchPartnerSession = () => firstCall(partnerFirstCalls.me);
