import { t } from './messages';

/** 'x out of total' with Previous and Next, as the Leads Report pages (spec 001). */
export function Pager(props: { shown: number; total: number; page: number; pageSize: number; onPage: (page: number) => void; label: string; always?: boolean }) {
  if (!props.always && props.total <= props.pageSize && props.page === 0) return null;
  return (
    <nav className="pager" aria-label={t('pagesOf', { list: props.label })}>
      <span>{t('outOf', { x: props.shown, total: props.total })}</span>
      <span className="pager__buttons">
        <button type="button" className="button button--ghost button--small" disabled={props.page === 0} onClick={() => props.onPage(props.page - 1)}>
          {t('previous')}
        </button>
        <button type="button" className="button button--ghost button--small" disabled={(props.page + 1) * props.pageSize >= props.total} onClick={() => props.onPage(props.page + 1)}>
          {t('next')}
        </button>
      </span>
    </nav>
  );
}
