import { useRouteError } from 'react-router';
import { t } from './messages';

/** Shown when a route fails to load (a chunk on a dropped connection) or throws. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="center-page">
      <h1>{t('routeErrorTitle')}</h1>
      <p>{t('routeErrorText')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('tryAgain')}
      </button>
    </main>
  );
}
