import type { Metrics } from '../lib/metrics';
import type { Database } from './client';

/**
 * How busy the database is: on PostgreSQL the pool's connections (a `waiting`
 * above zero means requests queue for a connection: DATABASE_POOL_SIZE or the
 * database is too small); on PGlite's thread the requests queued on it.
 */
export function registerDatabaseMetrics(metrics: Metrics, database: Database): void {
  const load = database.load?.bind(database);
  if (!load || !metrics.enabled) return;
  const first = load();
  if (first.kind === 'pool') {
    metrics.gauge({
      name: 'pmw_db_pool_connections',
      help: 'PostgreSQL pool connections of this process: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      collect: (set) => {
        const now = load();
        if (now.kind !== 'pool') return;
        set(now.total, { state: 'total' });
        set(now.idle, { state: 'idle' });
        set(now.waiting, { state: 'waiting' });
      },
    });
  } else {
    metrics.gauge({
      name: 'pmw_db_thread_in_flight',
      help: 'Statements and transaction steps sent to the PGlite thread and not answered yet',
      collect: (set) => {
        const now = load();
        if (now.kind === 'thread') set(now.inFlight);
      },
    });
  }
}
