import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { opsAuthRoutes, type OpsAgent } from '@pmw/contract/ops-auth';
import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import { api } from './api-client';
import { ApiError } from './api-error';
import { Loader } from './loader';
import { OtpLoginForm } from './otp-login-form';
import { t } from './ops-login-messages';

export const opsSessionKey = ['ops', 'session'] as const;

/** Shows the ops OTP login until an agent is logged in, then the console with the agent. */
export function OpsLoginGate({ children }: { children: (agent: OpsAgent, logout: () => Promise<void>) => ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: opsSessionKey,
    queryFn: async () => {
      try {
        return await api(opsAuthRoutes.me);
      } catch (err) {
        if (err instanceof ApiError && err.httpStatus === 401) return null;
        throw err;
      }
    },
  });
  if (session.isPending)
    return (
      <div className="page-loader">
        <Loader />
      </div>
    );
  if (!session.data) {
    return (
      <main className="center-page">
        <OtpLoginForm
          title={t('title')}
          subtitle={t('subtitle')}
          resendSeconds={RESEND_COUNTDOWN.partnerLogin}
          sendOtp={(mobile) => api(opsAuthRoutes.sendOtp, { body: { mobile } })}
          login={async (mobile, otp) => {
            const agent = await api(opsAuthRoutes.login, { body: { mobile, otp } });
            queryClient.setQueryData(opsSessionKey, agent);
          }}
        />
      </main>
    );
  }
  const logout = async () => {
    await api(opsAuthRoutes.logout);
    queryClient.setQueryData(opsSessionKey, null);
  };
  return <>{children(session.data, logout)}</>;
}
