import type { Metric } from 'prom-client';

type Labels = Readonly<Record<string, string>>;

interface SeriesValue {
  labels: Labels;
  value: number;
  metricName?: string;
}

/** A counter's series for one set of label values: the request path adds to a number. */
export class CountedSeries {
  readonly labels: Labels;
  count = 0;

  constructor(labels: Labels) {
    this.labels = labels;
  }

  inc(by = 1): void {
    this.count += by;
  }

  zero(): void {
    this.count = 0;
  }
}

/** A histogram's series for one set of label values: a count per bucket, the sum and the count. */
export class ObservedSeries {
  /** Observations per bucket (not cumulative: the scrape adds them up). */
  readonly #perBucket: number[];
  readonly #bounds: readonly number[];
  readonly labels: Labels;
  count = 0;
  sum = 0;

  constructor(labels: Labels, bounds: readonly number[]) {
    this.labels = labels;
    this.#bounds = bounds;
    this.#perBucket = bounds.map(() => 0);
  }

  observe(value: number): void {
    this.count++;
    this.sum += value;
    const bounds = this.#bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= (bounds[i] as number)) {
        this.#perBucket[i] = (this.#perBucket[i] as number) + 1;
        return;
      }
    }
  }

  zero(): void {
    this.#perBucket.fill(0);
    this.count = 0;
    this.sum = 0;
  }

  /** The Prometheus bucket lines: cumulative counts by upper bound, then `+Inf`. */
  buckets(name: string): SeriesValue[] {
    let cumulative = 0;
    const lines = this.#bounds.map((bound, i) => {
      cumulative += this.#perBucket[i] as number;
      return { metricName: `${name}_bucket`, labels: { ...this.labels, le: String(bound) }, value: cumulative };
    });
    lines.push({ metricName: `${name}_bucket`, labels: { ...this.labels, le: '+Inf' }, value: this.count });
    return lines;
  }
}

/**
 * A counter or histogram whose series are plain numbers on the request path and become
 * Prometheus series only when scraped. prom-client's labelled `inc` and `observe` hash their
 * label set on every call (about a microsecond a request for the request metrics); a caller
 * here keeps the series it adds to and reaches it by a map lookup. Registered in prom-client's
 * registry as a metric of its own, so `/metrics` writes it with the rest.
 */
abstract class Tallied<S extends { labels: Labels; zero(): void }> {
  readonly aggregator = 'sum';
  readonly #series = new Map<string, S>();
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];

  constructor(name: string, help: string, labelNames: readonly string[]) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
  }

  /** The series for these label values (in `labelNames` order), made on first use. */
  series(...values: string[]): S {
    const id = values.join('\u0000');
    let series = this.#series.get(id);
    if (series === undefined) {
      series = this.make(Object.fromEntries(this.labelNames.map((name, i) => [name, values[i] ?? ''])));
      this.#series.set(id, series);
    }
    return series;
  }

  protected abstract make(labels: Labels): S;
  protected abstract valuesOf(series: S): SeriesValue[];

  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: SeriesValue[] }> {
    const values = [...this.#series.values()].flatMap((series) => this.valuesOf(series));
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  abstract readonly type: 'counter' | 'histogram';

  /** Zeroes every series (callers keep theirs, so none is dropped). */
  reset(): void {
    for (const series of this.#series.values()) series.zero();
  }

  /** As prom-client's registry takes it: it reads `name`, `help`, `type`, `get()` and `reset()`. */
  asRegistered(): Metric {
    return this as unknown as Metric;
  }
}

export class TalliedCounter extends Tallied<CountedSeries> {
  readonly type = 'counter';
  protected make(labels: Labels): CountedSeries {
    return new CountedSeries(labels);
  }
  protected valuesOf(series: CountedSeries): SeriesValue[] {
    return [{ labels: series.labels, value: series.count }];
  }
}

export class TalliedHistogram extends Tallied<ObservedSeries> {
  readonly type = 'histogram';
  readonly #bounds: readonly number[];

  constructor(name: string, help: string, labelNames: readonly string[], bounds: readonly number[]) {
    super(name, help, labelNames);
    this.#bounds = bounds;
  }

  protected make(labels: Labels): ObservedSeries {
    return new ObservedSeries(labels, this.#bounds);
  }
  protected valuesOf(series: ObservedSeries): SeriesValue[] {
    return [
      ...series.buckets(this.name),
      { metricName: `${this.name}_sum`, labels: series.labels, value: series.sum },
      { metricName: `${this.name}_count`, labels: series.labels, value: series.count },
    ];
  }
}
