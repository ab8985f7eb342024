/**
 * What a module needs to be seen by Prometheus: counters it bumps, gauges it
 * reads when scraped, histograms it observes. Each module registers its own
 * (the requests in src/http/request-metrics.ts, lead intake in its service,
 * payout items and the lead expiry job in ops), through the `Metrics` handed
 * to it. With METRICS_PORT unset every call is a no-op and prom-client is
 * never loaded, so a process without metrics starts as fast as before.
 */
export type LabelValues<L extends string> = Partial<Record<L, string | number>>;

export interface MetricCounter<L extends string = never> {
  inc(labels?: LabelValues<L>, value?: number): void;
}

export interface MetricHistogram<L extends string = never> {
  observe(labels: LabelValues<L>, value: number): void;
}

/** Sets a gauge's value (per label set) while it is collected. */
export type GaugeSetter<L extends string> = (value: number, labels?: LabelValues<L>) => void;

export interface MetricOptions<L extends string> {
  /** Prometheus name: snake_case, the unit last (`_seconds`, `_total`). */
  name: string;
  help: string;
  labelNames?: readonly L[];
}

export interface Metrics {
  /** False when METRICS_PORT is unset: the rest are no-ops. */
  readonly enabled: boolean;
  counter<L extends string = never>(opts: MetricOptions<L>): MetricCounter<L>;
  histogram<L extends string = never>(opts: MetricOptions<L> & { buckets: readonly number[] }): MetricHistogram<L>;
  /**
   * A gauge read when Prometheus scrapes: `collect` sets its values (a count
   * from the database, a pool's size). Label sets it does not set this time
   * are dropped, so a state that disappeared does not linger.
   */
  gauge<L extends string = never>(opts: MetricOptions<L> & { collect: (set: GaugeSetter<L>) => void | Promise<void> }): void;
  /** Every metric in Prometheus' text format. */
  render(): Promise<{ contentType: string; body: string }>;
}

const noCounter: MetricCounter<string> = { inc: () => undefined };
const noHistogram: MetricHistogram<string> = { observe: () => undefined };

/** The metrics of a process that serves none. */
export const noMetrics: Metrics = {
  enabled: false,
  counter: () => noCounter,
  histogram: () => noHistogram,
  gauge: () => undefined,
  render: async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: '' }),
};

/** prom-client (about 60 KB of modules) is loaded only by a process that serves metrics. */
export async function openMetrics(enabled: boolean): Promise<Metrics> {
  if (!enabled) return noMetrics;
  const { createPromMetrics } = await import('./metrics-prom');
  return createPromMetrics();
}
