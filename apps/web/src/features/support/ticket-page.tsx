import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@pmw/contract/auth';
import {
  CHAT_DIRECTION,
  TICKET_STATUS,
  closingCode,
  hostMessages,
  mentionsIntroVideo,
  ratingAsksForComment,
  supportRoutes,
  supportTexts,
  ticketTypeCode,
  ticketTypeText,
  timeline,
  withNewerShown,
  withOlderPage,
  type ChatEntry,
  type Conversation,
  type TicketDetail,
  TICKET_TYPE,
} from '@pmw/contract/support';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { Dialog } from '../../shared/dialog';
import { ApiError } from '../../shared/api-client';
import { allQueries, QueryView } from '../../shared/query-view';
import { showError, showSuccess } from '../../shared/message-bar';
import { useBusy } from '../../shared/use-busy';
import { useSupportSocket } from '../../shared/support-socket';
import { TicketTypeIcon } from '../../shared/ticket-type-icon';
import { uploadTicketFile } from '../../shared/ticket-upload';
import { useBackToList } from './back-to-list';
import { isEmbedded, postToHost } from './embedded';
import { addChat, attachmentUrl, closeTicket, fetchConversation, fetchTicket, keys, requestCallback } from './support-api';
import { useTypewriter } from './use-typewriter';
import { UpdateQuerySheet } from './update-query-sheet';
import { t } from './messages';
import { formatDateTime, saidOf, storedTextOf, textOf } from '../../shared/i18n';
import { supportCatalogue } from '@pmw/contract/texts/support';
import { commonCatalogue } from '@pmw/contract/texts/common';
import { LanguageSwitch } from '../../shared/language-switch';
import { openInNewTab } from '../../shared/safe-url';

const FACES = [
  { rating: 1, name: 'faceVeryBad', color: '#c62828' },
  { rating: 2, name: 'faceBad', color: '#e0662b' },
  { rating: 3, name: 'faceOkay', color: '#c79100' },
  { rating: 4, name: 'faceGood', color: '#5a9e2f' },
  { rating: 5, name: 'faceGreat', color: '#1b7f3b' },
] as const;

/** A drawn face: the mouth bends from a frown (1) to a wide smile (5). */
function Face({ rating, color }: { rating: number; color: string }) {
  const bend = (rating - 3) * 3.5;
  return (
    <svg width="34" height="34" viewBox="0 0 34 34" aria-hidden="true" focusable="false">
      <circle cx="17" cy="17" r="15" fill={color} opacity="0.16" stroke={color} strokeWidth="2" />
      <circle cx="12" cy="13.5" r="1.8" fill={color} />
      <circle cx="22" cy="13.5" r="1.8" fill={color} />
      <path
        d={`M10.5 ${22 - bend / 2} Q17 ${22 + bend} 23.5 ${22 - bend / 2}`}
        fill="none"
        stroke={color}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** /support/ticket?user_id&ticket_id: the conversation with the support team. */
export function TicketPage({ user }: { user: SessionUser }) {
  const [params] = useSearchParams();
  const ticketId = Number(params.get('ticket_id'));
  if (!Number.isInteger(ticketId) || ticketId <= 0)
    return <TicketProblem userId={user.user_id} ticketId={null} message={textOf(supportCatalogue, 'support.ticketNotFound')} />;
  return <TicketView key={ticketId} user={user} ticketId={ticketId} />;
}

/** The chat's header with its back arrow; inside the app's web view back closes the page. */
function ChatHeader({ userId, title, children }: { userId: number; title: string; children?: ReactNode }) {
  const backToList = useBackToList(userId);
  const back = () => (isEmbedded() ? postToHost(hostMessages.closeTicket(userId)) : backToList());
  return (
    <header className="support__header">
      <button type="button" className="icon-button" aria-label={t('back')} onClick={back}>
        ←
      </button>
      <h1>{title}</h1>
      {children}
      <LanguageSwitch className="lang-switch--on-brand" />
    </header>
  );
}

/** A chat line in the reader's language: a line said by code from the catalogue, what a person typed as typed. */
const chatText = (c: ChatEntry) => storedTextOf(supportCatalogue, { code: c.message_code, vars: c.message_vars }, c.chat_message);

/** A ticket that is missing or someone else's (the server's words, already in the reader's language): the header, why, and the way back. */
function TicketProblem({ userId, ticketId, message }: { userId: number; ticketId: number | null; message: string }) {
  const backToList = useBackToList(userId);
  return (
    <div className="support">
      <ChatHeader userId={userId} title={ticketId ? t('chatTitle', { id: ticketId }) : t('listTitle')} />
      <main className="support__body">
        <div className="empty" role="alert">
          <p>{message}</p>
          <button type="button" className="button" onClick={backToList}>
            {t('backToQueries')}
          </button>
        </div>
      </main>
    </div>
  );
}

function TicketView({ user, ticketId }: { user: SessionUser; ticketId: number }) {
  const queryClient = useQueryClient();
  const userId = user.user_id;
  const ticket = useQuery({ queryKey: keys.ticket(ticketId), queryFn: () => fetchTicket(userId, ticketId), staleTime: 0 });
  // A read again (a socket's update, a reconnect) keeps what this screen added while it was on its way.
  const conversation = useQuery({
    queryKey: keys.conversation(ticketId),
    queryFn: async () =>
      withNewerShown(await fetchConversation(userId, ticketId), queryClient.getQueryData<Conversation>(keys.conversation(ticketId))),
    staleTime: 0,
  });
  const typewriter = useTypewriter();
  const [sheet, setSheet] = useState<null | { reopen: boolean }>(null);
  const [feedbackFor, setFeedbackFor] = useState<number | null>(null);
  const [feedback, setFeedback] = useState('');
  const [confirmCall, setConfirmCall] = useState(false);
  const [videoOpen, setVideoOpen] = useState(false);
  const { busy, run } = useBusy();
  const bottom = useRef<HTMLDivElement>(null);

  const setTicket = (patch: Partial<TicketDetail>) =>
    queryClient.setQueryData<TicketDetail>(keys.ticket(ticketId), (old) => (old ? { ...old, ...patch } : old));
  const appendChat = (chat: ChatEntry) =>
    queryClient.setQueryData<Conversation>(keys.conversation(ticketId), (old) =>
      old && !old.chats.some((c) => c.ticket_chat_id === chat.ticket_chat_id) ? { ...old, chats: [...old.chats, chat] } : old,
    );
  const refetchAll = () => Promise.all([ticket.refetch(), conversation.refetch()]);

  useSupportSocket('worker', ticketId, {
    onChatAdd: (event) => {
      const known = queryClient
        .getQueryData<Conversation>(keys.conversation(ticketId))
        ?.chats.some((c) => c.ticket_chat_id === event.chat.ticket_chat_id);
      appendChat(event.chat);
      setTicket({ status: event.status });
      if (!known && event.chat.direction === CHAT_DIRECTION.SUPPORT)
        typewriter.enqueue(event.chat.ticket_chat_id, chatText(event.chat).length);
      if (event.chat.direction === CHAT_DIRECTION.SUPPORT) void ticket.refetch();
    },
    onResolved: (event) => {
      setTicket({ status: TICKET_STATUS.RESOLVED });
      queryClient.setQueryData<Conversation>(keys.conversation(ticketId), (old) =>
        old && !old.history.some((h) => h.ticket_history_id === event.history.ticket_history_id)
          ? { ...old, history: [...old.history, event.history] }
          : old,
      );
      if (event.chat) {
        const known = queryClient
          .getQueryData<Conversation>(keys.conversation(ticketId))
          ?.chats.some((c) => c.ticket_chat_id === event.chat!.ticket_chat_id);
        appendChat(event.chat);
        if (!known) typewriter.enqueue(event.chat.ticket_chat_id, chatText(event.chat).length);
      }
    },
    onUpdated: () => void refetchAll(),
    onReconnect: () => void refetchAll(),
  });

  const items = useMemo(() => (conversation.data ? timeline(conversation.data) : []), [conversation.data]);
  // Earlier messages are joined at the top; the view stays where the reader is.
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const keepScroll = useRef(false);
  async function showEarlier() {
    const cursor = conversation.data?.older_cursor;
    if (!cursor || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const older = await fetchConversation(userId, ticketId, cursor);
      keepScroll.current = true;
      queryClient.setQueryData<Conversation>(keys.conversation(ticketId), (old) => (old ? withOlderPage(old, older) : old));
    } catch (err) {
      showError(err);
    } finally {
      setLoadingEarlier(false);
    }
  }
  useEffect(() => {
    if (keepScroll.current) {
      keepScroll.current = false;
      return;
    }
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [items.length, typewriter.typing?.shown]);

  const failure = ticket.error ?? conversation.error;
  // Missing (404) or someone else's (403): nothing to retry, only the way back.
  if (failure instanceof ApiError && (failure.httpStatus === 404 || failure.httpStatus === 403)) {
    return <TicketProblem userId={userId} ticketId={ticketId} message={failure.message} />;
  }
  if (!ticket.data || !conversation.data) {
    return (
      <div className="support">
        <ChatHeader userId={userId} title={t('chatTitle', { id: ticketId })} />
        <main className="support__body">
          <QueryView query={allQueries(ticket, conversation)} failed={t('ticketLoadFailed')} retry={t('retry')} loading={t('loading')}>
            {() => null}
          </QueryView>
        </main>
      </div>
    );
  }

  const tk = ticket.data;
  const status = tk.status;
  const typing = typewriter.typing;
  const canCall = status < TICKET_STATUS.CLOSED && tk.agent_user_id !== null;
  const callDisabled = tk.callback_requested || typewriter.busy || busy;
  const hasVideo = !!tk.intro_video_url;
  // The type is said once: a 'Payment Query' ticket is titled 'Payment Query' already.
  const typeLine = [
    tk.ticket_title !== ticketTypeText(tk.ticket_type) ? textOf(supportCatalogue, ticketTypeCode(tk.ticket_type)) : null,
    tk.jobData?.job_title,
  ]
    .filter(Boolean)
    .join(' · ');

  function send(text: string, file: File | null, reopen: boolean): Promise<boolean> {
    return run(async () => {
      const fileId = file
        ? await uploadTicketFile({ sign: supportRoutes.signUpload, add: supportRoutes.addAttachment }, file, ticketId, userId)
        : undefined;
      const chat = await addChat({
        user_id: userId,
        ticket_id: ticketId,
        chat_message: text,
        ...(fileId ? { file_id: fileId } : {}),
        ...(reopen ? { isReopen: true } : {}),
      });
      appendChat(chat);
      if (reopen) await refetchAll();
      else if (status === TICKET_STATUS.RESOLVED || status === TICKET_STATUS.CLOSED || status === TICKET_STATUS.ANSWERED)
        setTicket({ status: TICKET_STATUS.WAITING });
    });
  }

  function callBack() {
    setConfirmCall(false);
    return run(async () => {
      // The request first: 'Callback Requested' goes in the chat only once it is true.
      const { data, message } = await requestCallback(userId, ticketId);
      setTicket({ callback_requested: true });
      if (data.message || message) showSuccess(data.message || message);
      const chat = await addChat({
        user_id: userId,
        ticket_id: ticketId,
        chat_message: supportTexts.callbackRequested,
        message_code: 'support.callbackRequested',
      });
      appendChat(chat);
      if (status !== TICKET_STATUS.NEW) setTicket({ status: TICKET_STATUS.WAITING });
    });
  }

  function rate(rating: number, comment?: string) {
    return run(async () => {
      const closed = await closeTicket({
        user_id: userId,
        ticket_id: ticketId,
        rating,
        ...(comment?.trim() ? { rating_comment: comment.trim() } : {}),
      });
      setTicket({ status: closed.status, rating: closed.rating, rating_comment: closed.rating_comment });
      setFeedbackFor(null);
      setFeedback('');
      await Promise.all([conversation.refetch(), queryClient.invalidateQueries({ queryKey: keys.tickets })]);
    });
  }

  function openAttachment(fileId: number) {
    return openInNewTab(async () => (await attachmentUrl(userId, ticketId, fileId))[0]?.url).catch(() =>
      showError(textOf(commonCatalogue, 'common.somethingWentWrong')),
    );
  }

  return (
    <div className="support support--chat">
      <ChatHeader userId={userId} title={t('chatTitle', { id: tk.ticket_id })}>
        {canCall && (
          <button
            type="button"
            className="icon-button support__call"
            aria-label={t('callSupport')}
            disabled={callDisabled}
            onClick={() => setConfirmCall(true)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
              />
            </svg>
          </button>
        )}
      </ChatHeader>

      <section className="ticket-head">
        <TicketTypeIcon type={tk.ticket_type} />
        <div>
          <p className="ticket-head__title">{storedTextOf(supportCatalogue, { code: tk.title_code }, tk.ticket_title)}</p>
          {typeLine && <p className="ticket-head__type">{typeLine}</p>}
        </div>
      </section>

      <main className="chat" aria-label={t('conversation')}>
        {conversation.data.older_cursor !== null && (
          <button type="button" className="link-button chat__earlier" onClick={() => void showEarlier()} disabled={loadingEarlier}>
            {t('showEarlier')}
          </button>
        )}
        <ol className="chat__list">
          {items.map((item) => {
            if (item.kind !== 'chat') {
              return (
                <li key={item.key} className="chat__event">
                  <span>{saidOf(supportCatalogue, item.said)}</span>
                  <time dateTime={item.created_on}>{formatDateTime(item.created_on)}</time>
                </li>
              );
            }
            const c = item.chat;
            const mine = c.direction === CHAT_DIRECTION.USER;
            const isTyping = typing?.chatId === c.ticket_chat_id;
            const full = chatText(c);
            const text = isTyping ? (typing.phase === 'indicator' ? '' : full.slice(0, typing.shown)) : full;
            return (
              <li key={item.key} className={`chat__row ${mine ? 'chat__row--mine' : ''}`}>
                <div className={`bubble ${mine ? 'bubble--mine' : 'bubble--support'}`}>
                  <p className="bubble__meta">
                    <span className="bubble__who">{mine ? t('you') : c.created_by || t('support')}</span>
                    <time dateTime={c.created_on}>{formatDateTime(c.created_on)}</time>
                  </p>
                  {isTyping && typing.phase === 'indicator' ? (
                    <p className="typing" role="status">
                      <span className="visually-hidden">{t('typing')}</span>
                      <span className="typing__dot" aria-hidden="true" />
                      <span className="typing__dot" aria-hidden="true" />
                      <span className="typing__dot" aria-hidden="true" />
                    </p>
                  ) : (
                    <p className="bubble__text">{text}</p>
                  )}
                  {!isTyping && c.translated_message && c.translated_message !== c.chat_message && (
                    <div className="bubble__translated">
                      <p className="bubble__translated-label">{t('translated')}</p>
                      <p className="bubble__translated-text" lang="hi">
                        {c.translated_message}
                      </p>
                    </div>
                  )}
                  {!isTyping && (c.file_id || (hasVideo && mentionsIntroVideo(c.chat_message))) && (
                    <p className="bubble__links">
                      {c.file_id && (
                        <button type="button" className="link-button" onClick={() => void openAttachment(c.file_id!)}>
                          {t('attachment')}
                          {c.file_name ? <span className="visually-hidden"> {c.file_name}</span> : null}
                        </button>
                      )}
                      {hasVideo && mentionsIntroVideo(c.chat_message) && (
                        <button type="button" className="link-button" onClick={() => setVideoOpen(true)}>
                          {t('watchVideo')}
                        </button>
                      )}
                    </p>
                  )}
                </div>
                {!mine && !isTyping && tk.ticket_type === TICKET_TYPE.HOW_TO_START && canCall && (
                  <button
                    type="button"
                    className="bubble bubble--support bubble--action"
                    disabled={callDisabled}
                    onClick={() => setConfirmCall(true)}
                  >
                    {t('needHelpNow')}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
        <div ref={bottom} />
      </main>

      <footer className="chat-footer">
        {status === TICKET_STATUS.RESOLVED && !typewriter.busy && (
          <div className="rate">
            <p>{t('ratePrompt')}</p>
            <div className="rate__faces" role="group" aria-label={t('ratePrompt')}>
              {FACES.map((f) => (
                <button
                  key={f.rating}
                  type="button"
                  className="rate__face"
                  disabled={busy}
                  aria-label={t('rateLabel', { n: f.rating, name: t(f.name) })}
                  onClick={() => (ratingAsksForComment(f.rating) ? setFeedbackFor(f.rating) : void rate(f.rating))}
                >
                  <Face rating={f.rating} color={f.color} />
                </button>
              ))}
            </div>
            <p className="rate__or">{t('or')}</p>
          </div>
        )}
        {status < TICKET_STATUS.CLOSED && (
          <button
            type="button"
            className="button button--block"
            disabled={typewriter.busy || busy}
            onClick={() => setSheet({ reopen: false })}
          >
            {status === TICKET_STATUS.RESOLVED ? t('stillHaveQuery') : t('reply')}
          </button>
        )}
        {status === TICKET_STATUS.CLOSED && (
          <div className="closed">
            <p role="status">{textOf(supportCatalogue, closingCode(tk.rating))}</p>
            <button type="button" className="button button--block" disabled={busy} onClick={() => setSheet({ reopen: true })}>
              {t('reopen')}
            </button>
          </div>
        )}
      </footer>

      <UpdateQuerySheet
        open={sheet !== null}
        onClose={() => setSheet(null)}
        onSubmit={async (text, file) => {
          const ok = await send(text, file, sheet?.reopen ?? false);
          if (ok) setSheet(null);
          return ok;
        }}
      />

      <Dialog
        open={feedbackFor !== null}
        variant="sheet"
        title={t('feedbackTitle')}
        onClose={() => setFeedbackFor(null)}
        footer={
          <button type="button" className="button" disabled={busy} onClick={() => void rate(feedbackFor!, feedback)}>
            {t('submitFeedback')}
          </button>
        }
      >
        <div className="field">
          <label htmlFor="support-feedback">{t('feedbackLabel')}</label>
          <textarea
            id="support-feedback"
            className="input"
            rows={4}
            maxLength={750}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
          />
          <p className="field__hint">{t('charsLeft', { n: 750 - feedback.length })}</p>
        </div>
      </Dialog>

      <ConfirmDialog
        open={confirmCall}
        message={t('callConfirm')}
        onCancel={() => setConfirmCall(false)}
        onConfirm={() => void callBack()}
        busy={busy}
      />

      {tk.intro_video_url && (
        <Dialog open={videoOpen} title={t('introVideo')} onClose={() => setVideoOpen(false)}>
          <video className="intro-video" src={tk.intro_video_url} controls autoPlay playsInline>
            <track kind="captions" />
          </video>
        </Dialog>
      )}
    </div>
  );
}
