import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { speak } from '../modules/locale/locale';
import { asTyped, say } from '@pmw/contract/texts/said';

/**
 * Maps every failure to `{status:false, message, code}`. A 5xx answer never
 * carries the error's text, in any mode: a database error names tables,
 * columns and values; the details stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) req.log.error({ err: error }, error.message);
      const spoken = error.fields?.map((f) => ({ field: f.field, message: speak(req, f.message) }));
      return reply
        .status(error.statusCode)
        .send({ status: false, message: speak(req, error.said), code: error.code, ...(spoken ? { errors: spoken } : {}) });
    }
    const fe = error as FastifyError;
    const code = fe.code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send({ status: false, message: speak(req, say('common.malformedJson')), code: 'BAD_REQUEST' });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send({ status: false, message: speak(req, say('common.payloadTooLarge')), code: 'PAYLOAD_TOO_LARGE' });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return reply
        .status(415)
        .send({ status: false, message: speak(req, say('common.unsupportedContentType')), code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({ status: false, message: speak(req, say('common.tooManyRequests')), code: 'RATE_LIMITED' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return (
        reply
          .status(fe.statusCode)
          // The framework's own words (a header it could not read): not ours to translate.
          .send({
            status: false,
            message: speak(req, fe.message ? asTyped(fe.message) : say('common.somethingWentWrong')),
            code: 'BAD_REQUEST',
          })
      );
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      status: false,
      message: speak(req, say('common.somethingWentWrong')),
      code: 'INTERNAL',
    });
  });
}
