import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Prefixes every metric this app defines, so they stand apart from other services' on one Prometheus. */
export const METRIC_PREFIX = 'gamesource_';

/** What a gauge callback answers: the value now, or undefined when there is none to report. */
export type GaugeReading = number | undefined | Promise<number | undefined>;

/**
 * One app instance's metrics, in a registry of its own (never prom-client's global one), so
 * several apps in one process (tests) each count only their own requests.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly http = {
    requests: new Counter({
      name: `${METRIC_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [this.registry],
    }),
    errors: new Counter({
      name: `${METRIC_PREFIX}http_request_errors_total`,
      help: 'HTTP requests answered with a 5xx status, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [this.registry],
    }),
    duration: new Histogram({
      name: `${METRIC_PREFIX}http_request_duration_seconds`,
      help: 'Time from receiving a request to finishing its answer, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    }),
  };
  private processMetrics = false;

  /**
   * Reports `collect()` as a gauge at every scrape; the way any part of the app (the outgoing
   * message queue, for one) adds a number without this module knowing it. The name gets the
   * `gamesource_` prefix unless it has it.
   */
  gauge(name: string, help: string, collect: () => GaugeReading): void {
    new Gauge({
      name: name.startsWith(METRIC_PREFIX) ? name : `${METRIC_PREFIX}${name}`,
      help,
      registers: [this.registry],
      async collect() {
        // A reading that fails (the database is away) leaves this gauge out, not the whole scrape.
        const value = await Promise.resolve()
          .then(collect)
          .catch(() => undefined);
        if (value === undefined) this.reset();
        else this.set(value);
      },
    });
  }

  /** A counter this app counts into as things happen. */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[]): Counter<L> {
    return new Counter({ name: `${METRIC_PREFIX}${name}`, help, labelNames, registers: [this.registry] });
  }

  /** A histogram this app observes into, for waits measured as they happen. */
  histogram(name: string, help: string, buckets: number[]): Histogram {
    return new Histogram({ name: `${METRIC_PREFIX}${name}`, help, buckets, registers: [this.registry] });
  }

  /**
   * A counter whose values are kept elsewhere (e.g. the job run log): `collect` answers each
   * label set's total at every scrape.
   */
  countedElsewhere<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    collect: () => { labels: Record<L, string>; value: number }[],
  ): void {
    new Counter({
      name: `${METRIC_PREFIX}${name}`,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const { labels, value } of collect()) this.inc(labels as Partial<Record<L, string | number>>, value);
      },
    });
  }

  /** The Prometheus text exposition of every metric. */
  async text(): Promise<string> {
    // The process's own metrics (CPU, memory, event loop, GC) start at the first scrape: an app
    // nobody scrapes (every test) does not pay for their observers.
    if (!this.processMetrics) {
      this.processMetrics = true;
      collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
