import { useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { discardLead, useQueuedLeads } from './offline-queue';
import { t } from './messages';
import { formatDateTime } from '../../shared/i18n';

/** Leads kept on the device, each with its state: waiting to send, sending, or not sent and why. */
export function QueuedLeads({ userId }: { userId: number }) {
  const items = useQueuedLeads(userId);
  const [discard, setDiscard] = useState<string>();
  if (items.length === 0) return null;
  return (
    <section className="card team-queue" aria-labelledby="team-queue-title">
      <h2 id="team-queue-title">{t('queueTitle')}</h2>
      <ul className="team-queue__list">
        {items.map((q) => (
          <li key={q.key} className="team-queue__item">
            <div>
              <strong>{q.job_title}</strong>
              <span className="muted"> · {q.customer}</span>
              <div className="muted team-queue__meta">{formatDateTime(q.queued_at)}</div>
            </div>
            <span className={`badge ${q.state === 'failed' ? 'badge--danger' : 'badge--warning'}`}>
              {q.state === 'failed' ? t('queueFailed', { error: q.error ?? '' }) : q.state === 'sending' ? t('queueSending') : t('queueState')}
            </span>
            {q.state === 'failed' && (
              <button type="button" className="link-button" onClick={() => setDiscard(q.key)}>
                {t('queueDiscard')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={discard !== undefined}
        message={t('queueDiscardConfirm')}
        onCancel={() => setDiscard(undefined)}
        onConfirm={() => {
          if (discard) discardLead(discard);
          setDiscard(undefined);
        }}
      />
    </section>
  );
}
