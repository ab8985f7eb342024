import { useEffect } from 'react';
import { Route, Routes, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RESEND_COUNTDOWN } from '@pmw/contract/constants';
import type { SessionUser } from '@pmw/contract/auth';
import { ApiError, onUnauthorized } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { showError } from '../../shared/message-bar';
import { OtpLoginForm } from '../../shared/otp-login-form';
import { LoadFailed } from '../../shared/query-view';
import { fetchSession, keys, login, logout, sendOtp } from './support-api';
import { ListPage } from './list-page';
import { CreatePage } from './create-page';
import { TicketPage } from './ticket-page';
import { t } from './messages';
import './support.css';
import { LanguageSwitch } from '../../shared/language-switch';

/**
 * /support/*: the worker is the logged-in user. Without a session the page
 * offers the OTP login; a user_id in the link that is not theirs is refused.
 */
export function SupportArea() {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: keys.session,
    queryFn: async () => {
      try {
        return await fetchSession();
      } catch (err) {
        if (err instanceof ApiError && err.httpStatus === 401) return null;
        throw err;
      }
    },
  });
  useEffect(() => onUnauthorized(() => queryClient.setQueryData(keys.session, null)), [queryClient]);

  if (session.isPending) {
    return (
      <div className="page-loader">
        <Loader label={t('loading')} />
      </div>
    );
  }
  if (session.isError) {
    return (
      <main className="center-page">
        <LanguageSwitch />
        <LoadFailed
          failed={t('sessionLoadFailed')}
          retry={t('retry')}
          error={session.error}
          busy={session.isFetching}
          onRetry={() => void session.refetch()}
        />
      </main>
    );
  }
  if (!session.data) {
    return (
      <main className="center-page">
        <LanguageSwitch />
        <OtpLoginForm
          title={t('loginTitle')}
          subtitle={t('loginSubtitle')}
          resendSeconds={RESEND_COUNTDOWN.partnerLogin}
          sendOtp={sendOtp}
          login={async (mobile, otp) => {
            const user = await login(mobile, otp);
            queryClient.setQueryData(keys.session, user);
          }}
        />
      </main>
    );
  }
  return <SupportRoutes user={session.data} />;
}

function SupportRoutes({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const claimed = params.get('user_id');
  if (claimed && claimed !== String(user.user_id)) {
    return (
      <main className="center-page">
        <LanguageSwitch />
        <p role="alert">{t('notYourQueries')}</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={async () => {
            try {
              await logout();
              queryClient.removeQueries({ queryKey: ['support'] });
              queryClient.setQueryData(keys.session, null);
            } catch (err) {
              showError(err);
            }
          }}
        >
          {t('logout')}
        </button>
      </main>
    );
  }
  return (
    <Routes>
      <Route index element={<ListPage user={user} />} />
      <Route path="create" element={<CreatePage user={user} />} />
      <Route path="ticket" element={<TicketPage user={user} />} />
      <Route path="*" element={<ListPage user={user} />} />
    </Routes>
  );
}
