import { lazy, Suspense, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isRefusal, onUnauthorized } from '../../shared/api-client';
import { Loader } from '../../shared/loader';
import { LoginPage, loadLoginActions } from './login-page';
import { fetchPartnerSession, sessionQueryKey } from './partner-session';
import { t } from './messages';
import { withCatalogues } from '../../shared/i18n';
import { IdlePrefetch } from '../../shared/when-idle';
import { fromServerHtml } from '../../shared/public-page/before-hydration';
import './partner.css';

/**
 * The portal's pages and their schemas load once the session is known, or
 * when the browser is idle on the login: the first screen a link opens is
 * the login, without zod.
 */
const loadPortal = () => import('./portal');
/** On the login, the person logs in next: the login's checks and the portal are fetched while nothing else is. */
const afterLogin = () => Promise.all([loadLoginActions(), loadPortal()]);
const Portal = lazy(withCatalogues(() => loadPortal().then((m) => ({ default: m.Portal }))));

/** /partner/*: 'Loading...' while the session is checked, then the login or the portal. */
export function PartnerArea() {
  const queryClient = useQueryClient();
  const session = useQuery({
    queryKey: sessionQueryKey,
    queryFn: fetchPartnerSession,
    retry: (count, err) => !isRefusal(err) && count < 1,
  });
  // Any 401 from a partner call returns the person to the login.
  useEffect(() => onUnauthorized(() => queryClient.setQueryData(sessionQueryKey, null)), [queryClient]);

  // The login the server drew stays while the session is asked: a partner already signed in is taken to the portal when it answers.
  if (session.isPending && !fromServerHtml()) {
    return (
      <div className="page-loader">
        <Loader label={t('loading')} />
      </div>
    );
  }
  if (session.isPending || !session.data) {
    return (
      <>
        <IdlePrefetch load={afterLogin} />
        <LoginPage onLoggedIn={() => void queryClient.invalidateQueries({ queryKey: sessionQueryKey })} />
      </>
    );
  }
  return (
    <Suspense
      fallback={
        <div className="page-loader">
          <Loader label={t('loading')} />
        </div>
      }
    >
      <Portal user={session.data} />
    </Suspense>
  );
}
