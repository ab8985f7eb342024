import { t } from './messages';

/** What a person sees when a screen failed: the same for the app's router and an area's own entry. */
export function ErrorScreen() {
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
