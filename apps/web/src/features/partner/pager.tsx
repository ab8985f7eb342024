import { t } from './messages';

/**
 * Which rows are shown ('21–40 of 75') with Previous and Next, as the Leads
 * Report pages. Another page starts at the top of the screen, where its first
 * row is, not where the Next button was.
 */
export function Pager(props: {
  rows: number;
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  label: string;
  always?: boolean;
}) {
  if (!props.always && props.total <= props.pageSize && props.page === 0) return null;
  const from = props.rows === 0 ? 0 : props.page * props.pageSize + 1;
  const to = props.page * props.pageSize + props.rows;
  const go = (page: number) => {
    props.onPage(page);
    window.scrollTo({ top: 0 });
  };
  return (
    <nav className="pager" aria-label={t('pagesOf', { list: props.label })}>
      <span>{t('rowsOf', { from, to, total: props.total })}</span>
      <span className="pager__buttons">
        <button type="button" className="button button--ghost button--small" disabled={props.page === 0} onClick={() => go(props.page - 1)}>
          {t('previous')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={(props.page + 1) * props.pageSize >= props.total}
          onClick={() => go(props.page + 1)}
        >
          {t('next')}
        </button>
      </span>
    </nav>
  );
}
