import type { FastifyError, FastifyInstance } from 'fastify';
import { messages } from '@pmw/contract/messages';
import { AppError } from '../errors';

/** Maps every failure to `{status:false, message, code}`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance, opts: { exposeDetails: boolean }) {
  app.setErrorHandler((error: FastifyError | AppError | Error, req, reply) => {
    if (error instanceof AppError) {
      const fields = (error as AppError & { fields?: unknown }).fields;
      if (error.statusCode >= 500) req.log.error({ err: error }, error.message);
      return reply
        .status(error.statusCode)
        .send({ status: false, message: error.message, code: error.code, ...(fields ? { errors: fields } : {}) });
    }
    const fe = error as FastifyError;
    const code = fe.code;
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.status(400).send({ status: false, message: messages.malformedJson, code: 'BAD_REQUEST' });
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.status(413).send({ status: false, message: messages.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    }
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return reply.status(415).send({ status: false, message: 'Unsupported content type', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (fe.statusCode === 429) {
      return reply.status(429).send({ status: false, message: messages.tooManyRequests, code: 'RATE_LIMITED' });
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.status(fe.statusCode).send({ status: false, message: fe.message || messages.somethingWentWrong, code: 'BAD_REQUEST' });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      status: false,
      message: opts.exposeDetails ? `${messages.somethingWentWrong}: ${error.message}` : messages.somethingWentWrong,
      code: 'INTERNAL',
    });
  });
}
