import type { FastifyInstance } from 'fastify';
import type { SessionKind } from '@pmw/contract/api';
import { fileRoutes } from '@pmw/contract/files';
import { AppError } from '../../errors';
import { route, type RouteContext } from '../../http/route';
import type { FilesService } from './files.service';
import { say } from '@pmw/contract/texts/said';

/** Mounts the three calls of the upload flow under an area's prefix, for its kind of session. */
export function registerFileRoutes(
  app: FastifyInstance,
  ctx: RouteContext,
  files: FilesService,
  mounts: { prefix: string; kind: SessionKind }[],
) {
  for (const { prefix, kind } of mounts) {
    const routes = fileRoutes(prefix, kind);
    // Query attachments bind to a ticket, which only the support routes check the caller owns.
    route(app, ctx, routes.signUpload, async ({ body, session }) => {
      if (body.file_purpose === 'TICKET') throw new AppError('BAD_REQUEST', say('common.ticketUploadElsewhere'));
      return files.signUpload({ kind, id: session.subjectId }, { file_name: body.file_name, file_purpose: body.file_purpose });
    });
    route(app, ctx, routes.add, async ({ body, session }) => files.add({ kind, id: session.subjectId }, body));
    route(app, ctx, routes.fetchUrl, async ({ query, session }) => [await files.signedUrl({ kind, id: session.subjectId }, query.file_id)]);
  }
}
