import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { openApiRoute } from '@pmw/contract/platform';
import { allRoutes } from '@pmw/contract/routes';
import { route, type RouteContext } from '../../http/route';
import { lazySchemaCompilers } from '../../http/lazy-schema-compilers';
import { buildOpenApiDocument } from './openapi';

/** Where the readable reference is served. */
export const API_DOCS_PATH = '/api/docs';

/**
 * The viewer's page loads only its own files (no inline script), so it keeps
 * working under the strictest policy the rest of the site may set; this
 * policy is set here too so the reference does not depend on it.
 */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of the viewer's own answer that belong to its connection, not to the answer. */
const CONNECTION_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/**
 * The OpenAPI document of the contract at `/api/v2/openapi.json` and a
 * readable reference at `/api/docs`. The document is built on the first
 * request (about 0.1 s), not at start, and kept. So is the viewer
 * (@fastify/swagger-ui and its files): it runs in a Fastify instance of its
 * own, made on the first visit, which this server's /api/docs routes answer
 * through; loaded at start it cost every start about a tenth of a second.
 */
export async function registerApiReference(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  let built: Record<string, unknown> | undefined;
  const openApiDocument = () => (built ??= buildOpenApiDocument(allRoutes()));

  route(app, ctx, openApiRoute, async ({ reply }) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(openApiDocument());
    return reply;
  });

  let viewer: Promise<FastifyInstance> | undefined;
  const makeViewer = async () => {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    const docs = Fastify({ logger: false, schemaController: { compilersFactory: lazySchemaCompilers } });
    // The viewer needs the swagger decorator; its own /json and /yaml serve the same document.
    await docs.register(swagger, {
      mode: 'static',
      specification: { document: { openapi: '3.1.0', info: { title: 'PickMyWork API', version: '2' }, paths: {} } },
    });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      staticCSP: DOCS_CSP,
      transformSpecificationClone: false,
      transformSpecification: () => openApiDocument(),
      // BaseLayout: the reference without the bar for exploring other documents.
      uiConfig: {
        layout: 'BaseLayout',
        deepLinking: true,
        docExpansion: 'none',
        defaultModelsExpandDepth: 0,
        tryItOutEnabled: false,
        persistAuthorization: false,
      },
      theme: { title: 'PickMyWork API reference' },
    });
    await docs.ready();
    return docs;
  };
  const answerFromViewer = async (req: FastifyRequest, reply: FastifyReply) => {
    // A viewer that failed to load is tried again on the next visit.
    const docs = await (viewer ??= makeViewer().catch((err: unknown) => {
      viewer = undefined;
      throw err;
    }));
    const answer = await docs.inject({ method: 'GET', url: req.url, headers: { accept: req.headers.accept ?? '*/*' } });
    // The server's own 404 envelope, as for any unknown path.
    if (answer.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !CONNECTION_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  app.get(API_DOCS_PATH, answerFromViewer);
  app.get(`${API_DOCS_PATH}/*`, answerFromViewer);
}
