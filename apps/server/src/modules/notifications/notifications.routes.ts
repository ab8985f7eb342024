import type { FastifyInstance } from 'fastify';
import {
  NOTIFY_AUDIENCE,
  notificationRoutes,
  notificationSettingsRoutes,
  opsNotificationRoutes,
  whatsappWebhookRoutes,
} from '@pmw/contract/notifications';
import { AppError } from '../../errors';
import { say } from '@pmw/contract/texts/said';
import { parseWhatsAppStatuses, type WhatsAppProvider } from '../../providers/whatsapp';
import type { Db } from '../../db/client';
import type { AuditService } from '../ops/audit.service';
import { route, type RouteContext } from '../../http/route';
import type { NotificationsService } from './notifications.service';
import { keepRawJsonBodies, rawBodyOf } from '../../http/raw-body';

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
    route(app, ctx, r.setting, async ({ session, body }) =>
      'whatsapp' in body
        ? notifications.setWhatsApp(session.subjectId, audience, body.whatsapp)
        : notifications.setKind(session.subjectId, audience, body.kind, body.on),
    );
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

/**
 * The WhatsApp platform's webhook: its GET check of the address, and its
 * signed message statuses. The signature covers the raw body, so this scope
 * keeps the body as received before parsing it. Without WhatsApp on the
 * server both answer 404.
 */
export function registerWhatsAppWebhookRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  notifications: NotificationsService,
  whatsapp: WhatsAppProvider | null,
) {
  void app.register(async (scope) => {
    keepRawJsonBodies(scope, 256 * 1024);
    route(scope, ctx, whatsappWebhookRoutes.verify, async ({ query, reply }) => {
      if (!whatsapp) throw new AppError('NOT_FOUND', say('common.notFound'));
      if (query['hub.mode'] !== 'subscribe' || query['hub.verify_token'] !== whatsapp.verifyToken || !query['hub.challenge'])
        throw new AppError('FORBIDDEN', say('common.forbidden'));
      // The platform wants the challenge back as it is, not in our envelope.
      return reply.type('text/plain; charset=utf-8').send(query['hub.challenge']);
    });
    route(scope, ctx, whatsappWebhookRoutes.status, async ({ req, body }) => {
      if (!whatsapp) throw new AppError('NOT_FOUND', say('common.notFound'));
      const signature = req.headers['x-hub-signature-256'];
      if (!whatsapp.verifySignature(rawBodyOf(req), typeof signature === 'string' ? signature : undefined))
        throw new AppError('UNAUTHORIZED', say('ops.webhookSignature'));
      return { applied: await notifications.applyWhatsAppStatuses(parseWhatsAppStatuses(body)) };
    });
  });
}
