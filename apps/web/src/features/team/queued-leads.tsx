import { useState } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { showError } from '../../shared/message-bar';
import { discardLead, fileToFix, filesWaiting, queuedLeadWithFiles, useQueuedLeads, type QueuedLead } from './offline-queue';
import { draftId, saveDraft, valuesOfQueued } from './lead-draft';
import { t } from './messages';
import { formatDateTime } from '../../shared/i18n';

/** 'N photo(s) waiting to upload' (or files, when not all are photos). */
function waitingFilesText(q: QueuedLead): string | undefined {
  const waiting = filesWaiting(q);
  if (waiting.length === 0) return undefined;
  const photos = waiting.every((f) => f.type.startsWith('image/'));
  if (waiting.length === 1) return photos ? t('queuePhotoOne') : t('queueFileOne');
  return t(photos ? 'queuePhotos' : 'queueFiles', { count: waiting.length });
}

/**
 * Leads kept on the device, each with its state (waiting to send, sending,
 * or not sent and why) and the photos waiting with it. A file the server
 * refused (type, size) or that is gone from the phone is named with the
 * reason, and *Fix* opens the lead's form again, as filled, to replace it.
 */
export function QueuedLeads({ userId, onFix }: { userId: number; onFix: (jobId: number) => void }) {
  const items = useQueuedLeads(userId);
  const [discard, setDiscard] = useState<string>();
  if (items.length === 0) return null;

  async function fix(q: QueuedLead) {
    if (q.job_id === undefined) return;
    try {
      const taken = await queuedLeadWithFiles(q.key);
      if (!taken) return;
      // The form gets the lead (same key, its files' bytes) before the entry and its stored files go.
      await saveDraft(draftId(q.user_id, q.job_id), { key: q.key, values: valuesOfQueued(taken.lead, taken.blobs) });
      await discardLead(q.key);
      onFix(q.job_id);
    } catch (err) {
      showError(err);
    }
  }

  return (
    <section className="card team-queue" aria-labelledby="team-queue-title">
      <h2 id="team-queue-title">{t('queueTitle')}</h2>
      <ul className="team-queue__list">
        {items.map((q) => {
          const files = waitingFilesText(q);
          const toFix = fileToFix(q);
          return (
            <li key={q.key} className="team-queue__item">
              <div>
                <strong>{q.job_title}</strong>
                <span className="muted"> · {q.customer}</span>
                <div className="muted team-queue__meta">
                  {formatDateTime(q.queued_at)}
                  {files && <span className="team-queue__files"> · {files}</span>}
                </div>
                {toFix && (
                  <p className="team-queue__problem" role="alert">
                    {toFix.missing
                      ? t('queueFileMissing', { name: toFix.file_name })
                      : t('queueFileRefused', { name: toFix.file_name, reason: toFix.problem ?? '' })}
                  </p>
                )}
              </div>
              <span className={`badge ${q.state === 'failed' ? 'badge--danger' : 'badge--warning'}`}>
                {q.state === 'failed' && !toFix
                  ? t('queueFailed', { error: q.error ?? '' })
                  : q.state === 'sending'
                    ? t('queueSending')
                    : q.state === 'failed'
                      ? t('queueNotSent')
                      : t('queueState')}
              </span>
              {toFix && q.job_id !== undefined && (
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t('queueFixLabel', { customer: q.customer })}
                  onClick={() => void fix(q)}
                >
                  {t('queueFix')}
                </button>
              )}
              {q.state === 'failed' && (
                <button type="button" className="link-button" onClick={() => setDiscard(q.key)}>
                  {t('queueDiscard')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={discard !== undefined}
        message={t('queueDiscardConfirm')}
        onCancel={() => setDiscard(undefined)}
        onConfirm={() => {
          if (discard) void discardLead(discard);
          setDiscard(undefined);
        }}
      />
    </section>
  );
}
