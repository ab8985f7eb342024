import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { GaugeSetter, LabelValues, Metrics } from './metrics';

/**
 * Metrics kept by prom-client, in a registry of this app's own (not the
 * package's global one), so two apps built in one process (tests) do not
 * clash over a name.
 */
export function createPromMetrics(): Metrics {
  const registry = new Registry();
  // The process' CPU, memory, event loop delay and handles, under their usual names.
  collectDefaultMetrics({ register: registry });
  const collectFailures = new Counter({
    name: 'pmw_metrics_collect_failures_total',
    help: 'Gauges that could not be read at a scrape (their values are left out of it), by metric',
    labelNames: ['metric'],
    registers: [registry],
  });
  return {
    enabled: true,
    counter<L extends string>(opts: { name: string; help: string; labelNames?: readonly L[] }) {
      const counter = new Counter({ name: opts.name, help: opts.help, labelNames: opts.labelNames ?? [], registers: [registry] });
      return {
        inc(labels?: LabelValues<L>, value = 1) {
          if (labels) counter.inc(labels, value);
          else counter.inc(value);
        },
      };
    },
    histogram<L extends string>(opts: { name: string; help: string; labelNames?: readonly L[]; buckets: readonly number[] }) {
      const histogram = new Histogram({
        name: opts.name,
        help: opts.help,
        labelNames: opts.labelNames ?? [],
        buckets: [...opts.buckets],
        registers: [registry],
      });
      return { observe: (labels: LabelValues<L>, value: number) => histogram.observe(labels, value) };
    },
    gauge<L extends string>(opts: {
      name: string;
      help: string;
      labelNames?: readonly L[];
      collect: (set: GaugeSetter<L>) => void | Promise<void>;
    }) {
      new Gauge({
        name: opts.name,
        help: opts.help,
        labelNames: opts.labelNames ?? [],
        registers: [registry],
        async collect() {
          this.reset();
          const set: GaugeSetter<L> = (value, labels) => (labels ? this.set(labels, value) : this.set(value));
          try {
            await opts.collect(set);
          } catch {
            // A scrape still answers the other metrics; the failure is counted, and an alert can see the gap.
            this.reset();
            collectFailures.inc({ metric: opts.name });
          }
        },
      });
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
