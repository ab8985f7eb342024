import type { FastifyInstance } from 'fastify';
import { NOTIFY_AUDIENCE, notificationRoutes, notificationSettingsRoutes, opsNotificationRoutes } from '@pmw/contract/notifications';
import type { Db } from '../../db/client';
import type { AuditService } from '../ops/audit.service';
import { route, type RouteContext } from '../../http/route';
import type { NotificationsService } from './notifications.service';

/** The bell's list and read marks, for the partner portal, the team area and the worker's support list. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  notifications: NotificationsService,
  push: { publicKey: string | null },
) {
  const lists = [
    [notificationRoutes.partnerList, notificationRoutes.partnerRead, NOTIFY_AUDIENCE.partner],
    [notificationRoutes.teamList, notificationRoutes.teamRead, NOTIFY_AUDIENCE.team],
    [notificationRoutes.workerList, notificationRoutes.workerRead, NOTIFY_AUDIENCE.worker],
  ] as const;
  for (const [list, read, audience] of lists) {
    route(app, ctx, list, async ({ session, query }) => notifications.list(session.subjectId, audience, query));
    route(app, ctx, read, async ({ session, body }) => notifications.markRead(session.subjectId, audience, body.notification_ids));
  }
  // Settings (which kinds reach the person by SMS and push) and this browser's push subscription.
  const areas = [
    [notificationSettingsRoutes.partner, NOTIFY_AUDIENCE.partner],
    [notificationSettingsRoutes.team, NOTIFY_AUDIENCE.team],
  ] as const;
  for (const [r, audience] of areas) {
    route(app, ctx, r.settings, async ({ session }) => notifications.settings(session.subjectId, audience));
    route(app, ctx, r.setting, async ({ session, body }) => notifications.setKind(session.subjectId, audience, body.kind, body.on));
    route(app, ctx, r.pushKey, async () => ({ public_key: push.publicKey }));
    route(app, ctx, r.subscribe, async ({ session, body }) => notifications.subscribe(session.subjectId, body));
    route(app, ctx, r.unsubscribe, async ({ session, body }) => notifications.unsubscribe(session.subjectId, body.endpoint));
  }
}

/** The ops console's view of the SMS outbox, and sending a failed one again (audited). */
export function registerOpsNotificationRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  deps: { db: Db; notifications: NotificationsService; audit: AuditService },
) {
  route(app, ctx, opsNotificationRoutes.outbox, async ({ query }) => deps.notifications.outboxPage(query));
  route(app, ctx, opsNotificationRoutes.resend, async ({ agent, params }) =>
    deps.db.transaction(async (tx) => {
      const { before, after } = await deps.notifications.resend(tx, params.outbox_id);
      await deps.audit.record(
        {
          actor_user_id: agent.user_id,
          action: 'notification.resend',
          entity_type: 'notification',
          entity_id: params.outbox_id,
          before: { state: before.state, attempts: before.attempts, gateway_answer: before.gateway_answer },
          after: { state: after.state, attempts: after.attempts },
        },
        tx,
      );
      return after;
    }),
  );
}
