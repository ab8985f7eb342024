import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList, notificationRoutes } from '@pmw/contract/notifications';
import { api } from './api-client';
import { Dialog } from './dialog';
import { formatDateTime } from './i18n';
import { showError } from './message-bar';
import { QueryView } from './query-view';

/** How often the count is asked again while the area is open (it is also asked when the tab comes back). */
const REFRESH_MS = 60_000;

export interface BellWords {
  title: string;
  /** The bell's name with unread notifications: "3 unread notifications". */
  unread: (count: number) => string;
  failed: string;
  empty: string;
  markAll: string;
  isNew: string;
  close: string;
}

type Routes = typeof notificationRoutes;

/**
 * A bell with the unread count that opens the person's notifications; opening
 * one marks it read and goes where it links. Each area gives its own list and
 * read routes, words and way of going to a link.
 */
export function NotificationBell(props: {
  queryKey: readonly string[];
  list: Routes['partnerList'] | Routes['teamList'] | Routes['workerList'];
  read: Routes['partnerRead'] | Routes['teamRead'] | Routes['workerRead'];
  words: BellWords;
  go: (link: string) => void;
  className?: string;
  /** The area's page where the person chooses which kinds reach them by SMS and push. */
  settings?: { label: string; go: () => void } | undefined;
}) {
  const { words } = props;
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: props.queryKey,
    queryFn: () => api(props.list, { query: { limit: 30, offset: 0 } }),
    refetchInterval: REFRESH_MS,
  });
  const read = useMutation({
    mutationFn: (ids: number[]) => api(props.read, { body: { notification_ids: ids } }),
    onSuccess: (answer, ids) => {
      queryClient.setQueryData<NotificationList>(props.queryKey, (old) =>
        old ? { unread: answer.unread, rows: old.rows.map((r) => (ids.includes(r.notification_id) ? { ...r, read: true } : r)) } : old,
      );
    },
    onError: showError,
  });
  const unread = list.data?.unread ?? 0;
  const unreadIds = (list.data?.rows ?? []).filter((r) => !r.read).map((r) => r.notification_id);

  function openOne(n: Notification) {
    if (!n.read) read.mutate([n.notification_id]);
    setOpen(false);
    if (n.link) props.go(n.link);
  }

  return (
    <>
      <button
        type="button"
        className={`icon-button notify-bell ${props.className ?? ''}`}
        aria-label={unread ? words.unread(unread) : words.title}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {/* Drawn, not an emoji: a phone without an emoji font showed an empty box. */}
        <svg
          aria-hidden="true"
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
          <path d="M13.7 21a2 2 0 0 1-3.4 0" />
        </svg>
        {unread > 0 && (
          <span className="notify-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <Dialog
        open={open}
        title={words.title}
        onClose={() => setOpen(false)}
        footer={
          <>
            {props.settings && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  setOpen(false);
                  props.settings?.go();
                }}
              >
                {props.settings.label}
              </button>
            )}
            {unreadIds.length > 0 && (
              <button type="button" className="button button--ghost" disabled={read.isPending} onClick={() => read.mutate(unreadIds)}>
                {words.markAll}
              </button>
            )}
            <button type="button" className="button" onClick={() => setOpen(false)}>
              {words.close}
            </button>
          </>
        }
      >
        <QueryView query={list} failed={words.failed} isEmpty={(d) => d.rows.length === 0} empty={<p className="muted">{words.empty}</p>}>
          {(data) => (
            <ul className="notify-list">
              {data.rows.map((n) => (
                <li key={n.notification_id}>
                  <button
                    type="button"
                    className={`notify-list__item ${n.read ? '' : 'notify-list__item--unread'}`}
                    onClick={() => openOne(n)}
                  >
                    {!n.read && <span className="notify-list__new">{words.isNew}</span>}
                    <span className="notify-list__text">{n.text}</span>
                    <time className="muted" dateTime={n.created_on}>
                      {formatDateTime(n.created_on)}
                    </time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Dialog>
    </>
  );
}
