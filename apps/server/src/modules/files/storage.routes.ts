import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONTENT_TYPES, fileAtMostSaid, fileExtension } from '@pmw/contract/files';
import { AppError } from '../../errors';
import { LOCAL_OBJECT_PATH, type LocalStorage } from '../../providers/storage';
import { speak } from '../locale/locale';
import { sniffMatches } from './sniff';
import { say } from '@pmw/contract/texts/said';

const MAX_ANY_UPLOAD = 16 * 1024 * 1024;

/**
 * The local storage provider's signed URLs: PUT stores the bytes of an upload
 * grant, GET serves an object. The signature is the only credential.
 */
export function registerLocalStorageRoutes(app: FastifyInstance, storage: LocalStorage) {
  // Uploads arrive as raw bytes of any type; stream them, never buffer the whole body.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    scope.put(LOCAL_OBJECT_PATH, { bodyLimit: MAX_ANY_UPLOAD }, async (req, reply) => {
      const grant = storage.verify('PUT', req.query as Record<string, string>);
      if (!grant.ok)
        throw new AppError(
          grant.reason === 'expired' ? 'FORBIDDEN' : 'FORBIDDEN',
          grant.reason === 'expired' ? say('common.fileLinkExpired') : say('common.invalidUploadLink'),
        );
      const declared = Number(req.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > grant.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', fileAtMostSaid(grant.maxBytes));
      // Single-use: once the bytes are there (and the file may be registered), the URL cannot replace them.
      if (await storage.head(grant.key)) throw new AppError('CONFLICT', say('common.uploadUrlUsed'));
      const written = await storage.writeNew(grant.key, limitedBody(req, grant.maxBytes, fileExtension(grant.key)));
      if (!written) throw new AppError('CONFLICT', say('common.uploadUrlUsed'));
      return reply.status(200).send({ status: true, message: speak(req, say('common.uploaded')), data: null });
    });
  });

  app.get(LOCAL_OBJECT_PATH, async (req, reply) => {
    const grant = storage.verify('GET', req.query as Record<string, string>);
    if (!grant.ok)
      throw new AppError('FORBIDDEN', grant.reason === 'expired' ? say('common.fileLinkExpired') : say('common.invalidFileLink'));
    const head = await storage.head(grant.key);
    if (!head) throw new AppError('NOT_FOUND', say('common.fileNotFound'));
    const type = CONTENT_TYPES[fileExtension(grant.key)] ?? 'application/octet-stream';
    reply.header('content-type', type);
    reply.header('content-length', head.size);
    reply.header('cache-control', 'private, max-age=300');
    reply.header('x-content-type-options', 'nosniff');
    if (grant.fileName) {
      const disposition = type.startsWith('image/') || type === 'application/pdf' || type.startsWith('video/') ? 'inline' : 'attachment';
      reply.header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(grant.fileName)}`);
    }
    return reply.send(createReadStream(storage.pathFor(grant.key)));
  });
}

/** Passes the body through, failing once it exceeds the grant or its first bytes do not match the type. */
function limitedBody(req: FastifyRequest, maxBytes: number, ext: string) {
  let seen = 0;
  let head = Buffer.alloc(0);
  let checked = false;
  const guard = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > maxBytes) return cb(new AppError('PAYLOAD_TOO_LARGE', fileAtMostSaid(maxBytes)));
      if (!checked) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 16) {
          checked = true;
          if (!sniffMatches(ext, head)) return cb(new AppError('UNSUPPORTED_MEDIA_TYPE', say('common.fileTypeNotAllowed')));
        }
      }
      cb(null, chunk);
    },
    flush(cb) {
      if (!checked && !sniffMatches(ext, head)) return cb(new AppError('UNSUPPORTED_MEDIA_TYPE', say('common.fileTypeNotAllowed')));
      cb();
    },
  });
  (req.body as NodeJS.ReadableStream).pipe(guard);
  return guard;
}
