import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '@pmw/contract/time';
import { api } from '../../shared/api-client';
import { Dialog } from '../../shared/dialog';
import { Loader } from '../../shared/loader';
import { showError } from '../../shared/message-bar';
import { opsRoutes } from '@pmw/contract/ops';
import { t } from './messages';

export const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
export const when = (iso: string) => formatDateTime(iso);

/** Loading, error (with retry) and empty states around a query's content. */
export function QueryView<T>(props: { query: UseQueryResult<T>; isEmpty?: (data: T) => boolean; children: (data: T) => ReactNode }) {
  const { query } = props;
  if (query.isPending) return <div className="ops__state"><Loader /></div>;
  if (query.isError) {
    return (
      <div className="ops__state" role="alert">
        <p>{t('loadFailed')}</p>
        <button type="button" className="button button--small" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (props.isEmpty?.(query.data)) return <p className="empty">{t('empty')}</p>;
  return <>{props.children(query.data)}</>;
}

export function Pager(props: { page: number; limit: number; count: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.count / props.limit));
  return (
    <nav className="ops__pager" aria-label="Pages">
      <button type="button" className="button button--ghost button--small" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t('prev')}
      </button>
      <span>{t('pageOf', { page: props.page, pages, count: props.count })}</span>
      <button type="button" className="button button--ghost button--small" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {t('next')}
      </button>
    </nav>
  );
}

/** Opens a lead attachment or KYC image in a new tab through a short-lived signed URL. */
export function FileButton(props: { fileId: number; label: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        // Opened first so the browser treats it as the click's own window.
        const win = window.open('', '_blank');
        try {
          const f = await api(opsRoutes.fileView, { query: { file_id: props.fileId } });
          if (win) win.location.href = f.url;
          else window.location.href = f.url;
        } catch (err) {
          win?.close();
          showError(err);
        } finally {
          setBusy(false);
        }
      }}
    >
      {props.label}
    </button>
  );
}

/** A dialog asking for a comment or reason; keeps the text when the request fails. */
export function ReasonDialog(props: { open: boolean; title: string; label: string; confirm: string; danger?: boolean; onClose: () => void; onSubmit: (text: string) => Promise<void> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await props.onSubmit(text.trim());
      setText('');
      props.onClose();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={props.onClose}>
            {t('cancel')}
          </button>
          <button type="submit" form="ops-reason-form" className={`button${props.danger ? ' button--danger' : ''}`} disabled={busy || text.trim().length < 3}>
            {busy ? t('saving') : props.confirm}
          </button>
        </>
      }
    >
      <form
        id="ops-reason-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor="ops-reason">{props.label}</label>
          <textarea id="ops-reason" className="input" rows={3} value={text} onChange={(e) => setText(e.target.value)} autoFocus maxLength={500} />
        </div>
      </form>
    </Dialog>
  );
}

export function StatusBadge({ status, subStatus, archived }: { status: number; subStatus?: number; archived?: number }) {
  if (archived === 1 && status === 0) return <span className="badge">{t('sExpired')}</span>;
  if (status === 1) return <span className="badge badge--success">{t('sApproved')}</span>;
  if (status === 2) return <span className="badge badge--danger">{t('sRejected')}</span>;
  if (subStatus === 1) return <span className="badge badge--warning">{t('sNeedsDetails')}</span>;
  return <span className="badge badge--warning">{t('sPending')}</span>;
}
