import type { FastifyInstance } from 'fastify';
import { NOTIFY_AUDIENCE, notificationRoutes } from '@pmw/contract/notifications';
import { route, type RouteContext } from '../../http/route';
import type { NotificationsService } from './notifications.service';

/** The bell's list and read marks, for the partner portal, the team area and the worker's support list. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: RouteContext, notifications: NotificationsService) {
  const lists = [
    [notificationRoutes.partnerList, notificationRoutes.partnerRead, NOTIFY_AUDIENCE.partner],
    [notificationRoutes.teamList, notificationRoutes.teamRead, NOTIFY_AUDIENCE.team],
    [notificationRoutes.workerList, notificationRoutes.workerRead, NOTIFY_AUDIENCE.worker],
  ] as const;
  for (const [list, read, audience] of lists) {
    route(app, ctx, list, async ({ session, query }) => notifications.list(session.subjectId, audience, query));
    route(app, ctx, read, async ({ session, body }) => notifications.markRead(session.subjectId, audience, body.notification_ids));
  }
}
