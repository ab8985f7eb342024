import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, onUnauthorized } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { Loader } from '../../shared/loader';
import { showError } from '../../shared/message-bar';
import { LoginPage } from './login-page';
import { fetchPartnerSession, logoutPartner, sessionQueryKey } from './partner-api';
import { t } from './messages';
import './partner.css';

/** /partner/*: 'Loading...' while the session is checked, then the login or the portal. */
export function PartnerArea() {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchPartnerSession,
    retry: (count, err) => !(err instanceof ApiError && err.httpStatus < 500) && count < 1,
  });
  // Any 401 from a partner call returns the person to the login.
  useEffect(() => onUnauthorized(() => queryClient.setQueryData(sessionQueryKey, null)), [queryClient]);

  if (session.isPending) {
    return (
      <div className="page-loader">
        <Loader label={t('loading')} />
      </div>
    );
  }
  if (!session.data) {
    return <LoginPage onLoggedIn={() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })} />;
  }
  return <PortalPlaceholder name={session.data.first_name ?? session.data.mobile} />;
}

function PortalPlaceholder({ name }: { name: string }) {
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  async function logout() {
    try {
      await logoutPartner();
      queryClient.setQueryData(sessionQueryKey, null);
    } catch (err) {
      showError(err);
    }
  }
  return (
    <main className="center-page">
      <h1>PickMyWork</h1>
      <p>{t('portalComing', { name })}</p>
      <button type="button" className="button button--ghost" onClick={() => setConfirm(true)}>
        {t('logout')}
      </button>
      <ConfirmDialog open={confirm} message={t('logoutConfirm')} onCancel={() => setConfirm(false)} onConfirm={() => { setConfirm(false); void logout(); }} />
    </main>
  );
}
