import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { TalliedCounter, TalliedHistogram } from './tallies.ts';

/** Seconds: from a cached answer (well under a millisecond) to a slow first answer. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface MetricShape {
  help: string;
  labelNames?: readonly string[];
}

/**
 * This process's metrics, in the Prometheus registry `/metrics` reads: the process's own (CPU,
 * memory, event loop, handles) and every counter, gauge or histogram a part of the hub asks for
 * by name. Asking twice for one name gives the one metric, so a part may ask wherever it reports.
 */
export class Metrics {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  gauge(name: string, shape: MetricShape & { collect?: (this: Gauge) => Promise<void> | void }): Gauge {
    return this.#named(
      name,
      Gauge,
      () =>
        new Gauge({
          name,
          help: shape.help,
          labelNames: shape.labelNames ?? [],
          registers: [this.registry],
          ...(shape.collect === undefined ? {} : { collect: shape.collect }),
        }),
    );
  }

  /** A counter whose series the caller keeps and adds to without hashing labels (tallies.ts): cheap enough for the request path. */
  counter(name: string, shape: MetricShape): TalliedCounter {
    return this.#named(name, TalliedCounter, () => this.#registered(new TalliedCounter(name, shape.help, shape.labelNames ?? [])));
  }

  /** A histogram, as `counter`. */
  histogram(name: string, shape: MetricShape & { buckets?: number[] }): TalliedHistogram {
    return this.#named(name, TalliedHistogram, () =>
      this.#registered(new TalliedHistogram(name, shape.help, shape.labelNames ?? [], shape.buckets ?? LATENCY_BUCKETS)),
    );
  }

  #registered<M extends TalliedCounter | TalliedHistogram>(metric: M): M {
    this.registry.registerMetric(metric.asRegistered());
    return metric;
  }

  #named<M>(name: string, kind: abstract new (...args: never[]) => M, make: () => M): M {
    const existing = this.registry.getSingleMetric(name);
    if (existing === undefined) return make();
    if (!(existing instanceof kind)) throw new Error(`metric ${name} is already registered as another kind`);
    return existing;
  }

  /** The scrape: every metric in the Prometheus text format, with its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    return { body: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
