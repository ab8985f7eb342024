import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../lib/metrics';

/** The route label of requests no route matched: raw paths would make a label value per scanner probe. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; an API answer is usually a few milliseconds, a report download several seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Counts every answer and its time by method, route pattern (Fastify's
 * `/api/v2/utm/:utm_code/profile`, never the address asked) and status. Only
 * added when metrics are served: a process without them pays nothing.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  if (!metrics.enabled) return;
  const requests = metrics.counter({
    name: 'pmw_http_requests_total',
    help: 'HTTP answers by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'],
  });
  const duration = metrics.histogram({
    name: 'pmw_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
  });
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = { method: req.method, route };
    duration.observe(labels, reply.elapsedTime / 1000);
    requests.inc({ method: req.method, route, status_code: reply.statusCode });
    done();
  });
}
