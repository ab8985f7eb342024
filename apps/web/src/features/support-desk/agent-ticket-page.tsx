import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsAgent } from '@pmw/contract/ops-auth';
import {
  ATTACHMENT_ACCEPT,
  CHAT_DIRECTION,
  CHAT_MAX_LENGTH,
  agentSupportRoutes,
  attachmentProblem,
  callOutcomes,
  chatMessageSchema,
  rupees,
  ticketTypeText,
  timeline,
  withOlderPage,
  type AgentTicket,
  TICKET_STATUS,
  ticketTransition,
} from '@pmw/contract/support';
import { formatDate, formatDateTime } from '@pmw/contract/time';
import { commonCatalogue } from '@pmw/contract/texts/common';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { QueryView } from '../../shared/query-view';
import { showError, showSuccess } from '../../shared/message-bar';
import { useBusy } from '../../shared/use-busy';
import { TicketTypeIcon } from '../../shared/ticket-type-icon';
import { uploadTicketFile } from '../../shared/ticket-upload';
import {
  agentAttachmentUrl,
  closeTicketByAgent,
  deskKeys,
  fetchAgentConversation,
  fetchAgentTicket,
  logCall,
  resolveTicket,
  sendReply,
} from './desk-api';
import { t } from './messages';
import { openInNewTab } from '../../shared/safe-url';
import { textOf } from '../../shared/i18n';
import { LEAD_ARCHIVE_STATUS } from '@pmw/contract/lead-status';
import { englishOf } from '@pmw/contract/texts/said';

/** One ticket for an agent: the worker's context, the conversation, a reply box, resolve and close, call logging. */
export function AgentTicketPage({ agent }: { agent: OpsAgent }) {
  const ticketId = Number(useParams().ticketId);
  const data = useQuery({
    queryKey: deskKeys.ticket(ticketId),
    queryFn: () => fetchAgentTicket(ticketId),
    enabled: Number.isInteger(ticketId) && ticketId > 0,
    staleTime: 0,
  });
  if (data.data) return <TicketView agent={agent} data={data.data} refetch={() => void data.refetch()} />;
  return (
    <main className="desk__main">
      <Link to="/ops/support">{t('backToInbox')}</Link>
      <QueryView query={data} failed={t('ticketLoadError')} retry={t('retry')} loading={t('loading')}>
        {() => null}
      </QueryView>
    </main>
  );
}

function TicketView({ data, refetch }: { agent: OpsAgent; data: AgentTicket; refetch: () => void }) {
  const { ticket, worker, job, lead, recharge, callbacks, conversation } = data;
  const items = timeline(conversation);
  const closed = ticket.status === TICKET_STATUS.CLOSED;
  const [confirmClose, setConfirmClose] = useState(false);
  const { busy, run: runBusy } = useBusy();

  const queryClient = useQueryClient();
  function showEarlier(cursor: number) {
    return runBusy(async () => {
      const older = await fetchAgentConversation(ticket.ticket_id, cursor);
      queryClient.setQueryData<AgentTicket>(deskKeys.ticket(ticket.ticket_id), (old) =>
        old ? { ...old, conversation: withOlderPage(old.conversation, older) } : old,
      );
    });
  }

  function run(action: () => Promise<unknown>, success?: string) {
    return runBusy(async () => {
      await action();
      if (success) showSuccess(success);
      refetch();
    });
  }

  function openAttachment(fileId: number) {
    return openInNewTab(async () => (await agentAttachmentUrl(ticket.ticket_id, fileId))[0]?.url).catch(() =>
      showError(textOf(commonCatalogue, 'common.somethingWentWrong')),
    );
  }

  return (
    <main className="desk__main desk-ticket">
      <Link to="/ops/support">← {t('backToInbox')}</Link>
      <header className="desk-ticket__head">
        <TicketTypeIcon type={ticket.ticket_type} />
        <div>
          <h2>
            {t('ticketTitle', { id: ticket.ticket_id })}: {ticket.ticket_title}
          </h2>
          <p className="muted">
            {ticketTypeText(ticket.ticket_type)} · <span className="badge">{t(`status.${ticket.status}` as 'status.0')}</span> ·{' '}
            {formatDateTime(ticket.created_on)}
          </p>
        </div>
      </header>

      <div className="desk-ticket__grid">
        <aside className="desk-context">
          <section className="card" aria-labelledby="ctx-worker">
            <h3 id="ctx-worker">{t('worker')}</h3>
            <p>
              <strong>{worker.first_name ?? '—'}</strong> ({worker.pmw_id})
            </p>
            <p>
              <a href={`tel:+91${worker.mobile}`} aria-label={t('call', { mobile: worker.mobile })}>
                {worker.mobile}
              </a>
            </p>
            <p className="muted">{worker.is_worked ? t('worked') : t('notWorked')}</p>
          </section>
          {job && (
            <section className="card" aria-labelledby="ctx-job">
              <h3 id="ctx-job">{t('project')}</h3>
              <p>
                <strong>{job.title}</strong>
              </p>
              <p className="muted">
                {job.Employer.employer_name} · {job.JobCategory.title}
              </p>
            </section>
          )}
          {lead && (
            <section className="card" aria-labelledby="ctx-lead">
              <h3 id="ctx-lead">{t('lead')}</h3>
              <p>
                <strong>{lead.name}</strong> {lead.number}
              </p>
              <p>
                {t('leadStatus')}:{' '}
                {lead.archive_status === LEAD_ARCHIVE_STATUS.expired ? t('expired') : t(`lead.${lead.status}` as 'lead.0')}
              </p>
              {lead.status_comment && <p className="muted">{lead.status_comment}</p>}
              <p className="muted">{formatDate(lead.created_on)}</p>
            </section>
          )}
          {recharge && (
            <section className="card" aria-labelledby="ctx-recharge">
              <h3 id="ctx-recharge">{t('recharge')}</h3>
              <p>
                <strong>{recharge.account_number}</strong> · ₹{rupees(recharge.amount)}
              </p>
              <p className="muted">
                {recharge.operator} · {formatDate(recharge.created_on)}
              </p>
            </section>
          )}
          {ticket.rating !== null && ticket.rating > 0 && (
            <section className="card" aria-labelledby="ctx-rating">
              <h3 id="ctx-rating">{t('rating')}</h3>
              <p>{t('ratingValue', { n: ticket.rating })}</p>
              {ticket.rating_comment && <p className="muted">{ticket.rating_comment}</p>}
            </section>
          )}
          <CallLogForm ticketId={ticket.ticket_id} pending={callbacks.some((c) => c.status === 'PENDING')} onSaved={refetch} />
        </aside>

        <section className="desk-conversation card" aria-labelledby="desk-conv">
          <h3 id="desk-conv">{t('conversation')}</h3>
          {conversation.older_cursor !== null && (
            <button type="button" className="link-button" onClick={() => void showEarlier(conversation.older_cursor!)} disabled={busy}>
              {t('showEarlier')}
            </button>
          )}
          <ol className="desk-chat">
            {items.map((item) =>
              item.kind === 'chat' ? (
                <li
                  key={item.key}
                  className={`desk-chat__msg ${item.chat.direction === CHAT_DIRECTION.USER ? 'desk-chat__msg--worker' : ''}`}
                >
                  <p className="desk-chat__meta">
                    <strong>{item.chat.direction === CHAT_DIRECTION.USER ? (worker.first_name ?? t('you')) : item.chat.created_by}</strong>{' '}
                    <time dateTime={item.created_on}>{formatDateTime(item.created_on)}</time>
                  </p>
                  <p className="desk-chat__text">{item.chat.chat_message}</p>
                  {item.chat.translated_message && item.chat.translated_message !== item.chat.chat_message && (
                    <p className="muted">
                      {t('translated')}: {item.chat.translated_message}
                    </p>
                  )}
                  {item.chat.file_id && (
                    <button type="button" className="link-button" onClick={() => void openAttachment(item.chat.file_id!)}>
                      {t('attachment')}
                      {item.chat.file_name ? `: ${item.chat.file_name}` : ''}
                    </button>
                  )}
                </li>
              ) : (
                <li key={item.key} className="desk-chat__event">
                  {item.text} · <time dateTime={item.created_on}>{formatDateTime(item.created_on)}</time>
                </li>
              ),
            )}
          </ol>
          {closed ? (
            <p className="muted" role="status">
              {t('closedNote')}
            </p>
          ) : (
            <ReplyBox
              ticketId={ticket.ticket_id}
              busy={busy}
              canResolve={ticketTransition(ticket.status, 'agent_resolves') !== null}
              onReply={(text, file) =>
                run(async () => {
                  const fileId = file
                    ? await uploadTicketFile(
                        { sign: agentSupportRoutes.signUpload, add: agentSupportRoutes.addAttachment },
                        file,
                        ticket.ticket_id,
                      )
                    : undefined;
                  await sendReply({ ticket_id: ticket.ticket_id, chat_message: text, ...(fileId ? { file_id: fileId } : {}) });
                }, t('replySent'))
              }
              onResolve={(text) =>
                run(async () => {
                  const res = await resolveTicket({ ticket_id: ticket.ticket_id, ...(text ? { chat_message: text } : {}) });
                  showSuccess(res.message);
                })
              }
              onClose={() => setConfirmClose(true)}
            />
          )}
        </section>
      </div>
      <ConfirmDialog
        open={confirmClose}
        message={t('closeConfirm')}
        busy={busy}
        onCancel={() => setConfirmClose(false)}
        onConfirm={() => {
          setConfirmClose(false);
          void run(async () => showSuccess((await closeTicketByAgent(ticket.ticket_id)).message));
        }}
      />
    </main>
  );
}

function ReplyBox(props: {
  ticketId: number;
  busy: boolean;
  canResolve: boolean;
  onReply: (text: string, file: File | null) => Promise<boolean>;
  onResolve: (text: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const clear = () => {
    setText('');
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = chatMessageSchema.safeParse(text);
    if (!parsed.success) return setError(englishOf(parsed.error.issues[0]?.message) ?? null);
    setError(null);
    if (await props.onReply(parsed.data, file)) clear();
  }
  async function resolve() {
    const trimmed = text.trim();
    if (trimmed.length > CHAT_MAX_LENGTH)
      return setError(englishOf(chatMessageSchema.safeParse(trimmed).error?.issues[0]?.message) ?? null);
    setError(null);
    if (await props.onResolve(trimmed)) clear();
  }

  return (
    <form className="desk-reply" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-text`}>{t('replyLabel')}</label>
        <textarea
          id={`${id}-text`}
          className="input"
          rows={3}
          maxLength={CHAT_MAX_LENGTH}
          value={text}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-file`}>{t('attachLabel')}</label>
        <input
          id={`${id}-file`}
          ref={fileInput}
          type="file"
          accept={ATTACHMENT_ACCEPT}
          onChange={(e) => {
            const next = e.target.files?.[0];
            if (!next) return setFile(null);
            const problem = attachmentProblem(next);
            if (problem) {
              showError(problem);
              e.target.value = '';
              return setFile(null);
            }
            setFile(next);
          }}
        />
      </div>
      <div className="desk-reply__actions">
        <button type="submit" className="button" disabled={props.busy}>
          {t('send')}
        </button>
        {props.canResolve && (
          <button type="button" className="button button--ghost" disabled={props.busy} onClick={() => void resolve()}>
            {t('markResolved')}
          </button>
        )}
        <button type="button" className="button button--ghost" disabled={props.busy} onClick={props.onClose}>
          {t('close')}
        </button>
      </div>
    </form>
  );
}

function CallLogForm({ ticketId, pending, onSaved }: { ticketId: number; pending: boolean; onSaved: () => void }) {
  const [direction, setDirection] = useState('2');
  const [outcome, setOutcome] = useState<(typeof callOutcomes)[number]>('completed');
  const { busy, run } = useBusy();
  const id = useId();
  function save(e: FormEvent) {
    e.preventDefault();
    return run(async () => {
      await logCall({ ticket_id: ticketId, direction: Number(direction), status: outcome });
      showSuccess(t('callSaved'));
      onSaved();
    });
  }
  return (
    <form className="card" onSubmit={save} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('logCall')}</h3>
      {pending && <p className="badge badge--danger">{t('callbackRequested')}</p>}
      <div className="field">
        <label htmlFor={`${id}-dir`}>{t('callDirection')}</label>
        <select id={`${id}-dir`} className="input" value={direction} onChange={(e) => setDirection(e.target.value)}>
          <option value="2">{t('direction.2')}</option>
          <option value="1">{t('direction.1')}</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-outcome`}>{t('callOutcome')}</label>
        <select
          id={`${id}-outcome`}
          className="input"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as (typeof callOutcomes)[number])}
        >
          {callOutcomes.map((o) => (
            <option key={o} value={o}>
              {t(`outcome.${o}` as 'outcome.completed')}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--small" disabled={busy}>
        {t('saveCall')}
      </button>
    </form>
  );
}
