import { useQueryClient } from '@tanstack/react-query';
import type { AreaLoginState } from '@pmw/contract/area-pages';

/** The query-cache key of a server-drawn login's state after a plain form post (seeded on the server and from the page's data). */
export const AREA_LOGIN_KEY = ['area-login'] as const;

/** Where the login the server drew stands (the OTP step, a refusal at its field), or null for a fresh login. */
export function useAreaLoginState(): AreaLoginState | null {
  return useQueryClient().getQueryData<AreaLoginState | null>(AREA_LOGIN_KEY) ?? null;
}

/** The address of a plain form post to the API (the login works before the page's script arrives). */
export const formAction = (path: string) => `/api/v2${path}`;
