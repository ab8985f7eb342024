import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPES } from '@pmw/contract/files';
import { dataDownloadRoutes } from '@pmw/contract/data-download';
import { route, type RouteContext } from '../../http/route';
import type { DataDownloadService } from './data-download.service';

/** Scripts get little from here: wrong passcodes also lock the address (see passcode.ts). */
const LIMIT = { max: 30, timeWindow: '1 minute' };

export function registerDataDownloadRoutes(app: FastifyInstance, ctx: RouteContext, dataDownload: DataDownloadService) {
  route(app, ctx, dataDownloadRoutes.signUpload, async ({ body, req }) => dataDownload.signUpload(body, req.ip), { rateLimit: LIMIT });

  route(
    app,
    ctx,
    dataDownloadRoutes.generate,
    async ({ body, req, reply }) => {
      const file = await dataDownload.generateFromUpload(body, req.ip);
      const stream = createReadStream(file.path);
      stream.on('close', () => void file.dispose());
      reply
        .header('content-type', CONTENT_TYPES[file.format] ?? 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName.replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'no-store')
        .header('x-row-count', String(file.rows));
      return reply.send(stream);
    },
    { rateLimit: LIMIT },
  );
}
