import { t } from './messages';

/** The shared loader: a spinner with a text a screen reader reads. */
export function Loader({ label }: { label?: string }) {
  return (
    <div className="loader" role="status">
      <span className="loader__spinner" aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

export function PageLoader() {
  return (
    <div className="page-loader">
      <Loader />
    </div>
  );
}
