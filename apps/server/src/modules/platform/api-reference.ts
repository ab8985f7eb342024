import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { openApiRoute } from '@pmw/contract/platform';
import { allRoutes } from '@pmw/contract/routes';
import { route, type RouteContext } from '../../http/route';
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

/**
 * The OpenAPI document of the contract at `/api/v2/openapi.json` and a
 * readable reference at `/api/docs`. The document is built on the first
 * request (about 0.1 s), not at start, and kept.
 */
export async function registerApiReference(app: FastifyInstance, ctx: RouteContext): Promise<void> {
  let built: Record<string, unknown> | undefined;
  const openApiDocument = () => (built ??= buildOpenApiDocument(allRoutes()));

  route(app, ctx, openApiRoute, async ({ reply }) => {
    reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(openApiDocument());
    return reply;
  });

  await app.register(async (docs) => {
    // The viewer needs the swagger decorator; its own /json and /yaml serve the same document.
    await docs.register(swagger, { mode: 'static', specification: { document: { openapi: '3.1.0', info: { title: 'PickMyWork API', version: '2' }, paths: {} } } });
    await docs.register(swaggerUi, {
      routePrefix: API_DOCS_PATH,
      staticCSP: DOCS_CSP,
      transformSpecificationClone: false,
      transformSpecification: () => openApiDocument(),
      // BaseLayout: the reference without the bar for exploring other documents.
      uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, tryItOutEnabled: false, persistAuthorization: false },
      theme: { title: 'PickMyWork API reference' },
    });
  });
}
