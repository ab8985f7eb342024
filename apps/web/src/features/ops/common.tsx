import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { formatDateTime } from '@pmw/contract/time';
import { api } from '../../shared/api-client';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { QueryView as SharedQueryView, type QueryState } from '../../shared/query-view';
import { showError } from '../../shared/message-bar';
import { opsRoutes } from '@pmw/contract/ops';
import { Field } from '../../shared/field';
import { t } from './messages';
import { openInNewTab } from '../../shared/safe-url';
import { LEAD_ARCHIVE_STATUS, LEAD_STATUS, LEAD_SUB_STATUS } from '@pmw/contract/lead-status';

export const rupees = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
export const when = (iso: string) => formatDateTime(iso);

/** The shared QueryView with the console's words; a page may name what failed in its own. */
export function QueryView<T>(props: {
  query: QueryState<T>;
  failed?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <SharedQueryView
      query={props.query}
      failed={props.failed ?? t('loadFailed')}
      retry={t('retry')}
      empty={props.empty ?? t('empty')}
      {...(props.isEmpty ? { isEmpty: props.isEmpty } : {})}
      className="ops__state"
    >
      {props.children}
    </SharedQueryView>
  );
}

/**
 * What an empty list says on a new install: what to do first, with links to
 * the pages where it is done.
 */
export function EmptyState(props: { text: string; links?: readonly { to: string; label: string }[] }) {
  return (
    <div className="empty ops__empty" role="status">
      <p>{props.text}</p>
      {props.links && props.links.length > 0 && (
        <p className="ops__empty-links">
          {props.links.map((l) => (
            <Link key={l.to} className="button button--ghost button--small" to={l.to}>
              {l.label}
            </Link>
          ))}
        </p>
      )}
    </div>
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
        try {
          await openInNewTab(async () => (await api(opsRoutes.fileView, { query: { file_id: props.fileId } })).url);
        } catch (err) {
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

const reasonSchema = z.object({ text: z.string().trim().min(3, t('reasonShort')).max(500) });

/** A dialog asking for a comment or reason; keeps the text when the request fails. */
export function ReasonDialog(props: {
  open: boolean;
  title: string;
  label: string;
  confirm: string;
  danger?: boolean;
  onClose: () => void;
  onSubmit: (text: string) => Promise<void>;
}) {
  const form = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { text: '' } });
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ text }) => {
    try {
      await props.onSubmit(text);
      form.reset();
      props.onClose();
    } catch (err) {
      showError(err);
    }
  });
  return (
    <ConfirmDialog
      open={props.open}
      message={props.title}
      onCancel={props.onClose}
      confirmLabel={busy ? t('saving') : props.confirm}
      cancelLabel={t('cancel')}
      busy={busy}
      danger={props.danger}
      formId="ops-reason-form"
    >
      <form id="ops-reason-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label={props.label} error={form.formState.errors.text}>
          {(a11y) => <textarea {...a11y} className="input" rows={3} maxLength={500} {...form.register('text')} />}
        </Field>
      </form>
    </ConfirmDialog>
  );
}

export function StatusBadge({ status, subStatus, archived }: { status: number; subStatus?: number; archived?: number }) {
  if (archived === LEAD_ARCHIVE_STATUS.expired && status === LEAD_STATUS.pending) return <span className="badge">{t('sExpired')}</span>;
  if (status === LEAD_STATUS.approved) return <span className="badge badge--success">{t('sApproved')}</span>;
  if (status === LEAD_STATUS.rejected) return <span className="badge badge--danger">{t('sRejected')}</span>;
  if (subStatus === LEAD_SUB_STATUS.needsDetails) return <span className="badge badge--warning">{t('sNeedsDetails')}</span>;
  return <span className="badge badge--warning">{t('sPending')}</span>;
}

/** Verify and Reject of a document or bank account under review; a missing action is not offered. */
export function ReviewButtons(props: {
  subject: string;
  busy: boolean;
  onVerify?: (() => void) | undefined;
  onReject?: (() => void) | undefined;
  note?: string | null | undefined;
}) {
  return (
    <>
      {props.onVerify && (
        <button
          type="button"
          className="button button--small"
          disabled={props.busy}
          onClick={props.onVerify}
          aria-label={`${t('verify')} ${props.subject}`}
        >
          {t('verify')}
        </button>
      )}{' '}
      {props.onReject && (
        <button
          type="button"
          className="button button--small button--danger"
          onClick={props.onReject}
          aria-label={`${t('reject')} ${props.subject}`}
        >
          {t('reject')}
        </button>
      )}
      {props.note && <p className="muted">{props.note}</p>}
    </>
  );
}

/** Whether a person is blocked, with the button that changes it. */
export function BlockToggle(props: { name: string; blocked: boolean; busy?: boolean; onToggle: () => void }) {
  return (
    <>
      <span className={`badge ${props.blocked ? 'badge--danger' : 'badge--success'}`}>{props.blocked ? t('blocked') : t('active')}</span>{' '}
      <button
        type="button"
        className={`button button--small${props.blocked ? '' : ' button--danger'}`}
        disabled={props.busy}
        onClick={props.onToggle}
        aria-label={`${props.blocked ? t('unblock') : t('block')} ${props.name}`}
      >
        {props.blocked ? t('unblock') : t('block')}
      </button>
    </>
  );
}
