import type { FeatureCode } from '../../edge/auth/plans.ts';
import type { VersionWatcher } from '../../kernel/version-watcher.ts';
import { InvalidInputError, NotFoundError } from '../../kernel/domain-errors.ts';
import type { Fact } from '../../facts/registry.ts';
import { cutoffFor, endOfDay, provenance } from '../../store/vintage.ts';
import { coarserOrSame, periodOf, pointsOf } from './aggregation.ts';
import { checkFromNotAfterTo, periodStart } from '../../kernel/dates.ts';
import { domainOfFamily, type SeriesDomain } from './fact-domains.ts';
import { SeriesCatalogue, type ListedSeries } from './series-catalogue.ts';
import { alignedRows, checkTableFacts, type TableRow } from './series-table.ts';
import type { TableSeries } from './series-table.schemas.ts';
import { seriesOf } from './series-names.ts';
import type { Observation, SeriesRepo } from './series.repo.ts';
import type { SeriesAggregation, SeriesEntry, SeriesFrequency, SeriesPoint, SeriesUnits } from './series.schemas.ts';
import { needsEarlierPoints, needsObservationsPerYear, observationsPerYear, transform, type TransformedPoint, UNITS_LABELS } from './transforms.ts';

interface SeriesListInput {
  q?: string | undefined;
  domain?: SeriesDomain | undefined;
  family?: string | undefined;
  hasData?: boolean | undefined;
  limit: number;
  cursor?: string | undefined;
}

interface SeriesInput {
  from?: string | undefined;
  to?: string | undefined;
  asOf?: string | undefined;
  frequency?: SeriesFrequency | undefined;
  /** Only with `frequency`; `eop` when not given. */
  aggregation?: SeriesAggregation | undefined;
  /** `lin` when not given. */
  units?: SeriesUnits | undefined;
  limit: number;
  cursor?: string | undefined;
}

interface SeriesAnswer {
  points: SeriesPoint[];
  meta: {
    fact: string;
    name: string;
    unit: string;
    frequency: string;
    aggregation: 'none' | SeriesAggregation;
    units: SeriesUnits;
    unitsLabel: string;
    knowledgeAt: string | null;
    wasRestated: boolean | null;
    nextCursor: string | null;
  };
}

/** How a period is written, which a cursor must share with the series' points. */
const PERIOD_FORMS: readonly (readonly [form: string, pattern: RegExp])[] = [
  ['an instant', /^\d{4}-\d{2}-\d{2}T/],
  ['a day', /^\d{4}-\d{2}-\d{2}$/],
  ['a month', /^\d{4}-\d{2}$/],
  ['a quarter', /^\d{4}-Q[1-4]$/],
  ['a year', /^\d{4}$/],
];
const formOf = (period: string): string | undefined => PERIOD_FORMS.find(([, pattern]) => pattern.test(period))?.[0];

/** Every fact of the registry and every series the store holds (contract section 5 D, E). */
export class SeriesService {
  readonly #repo: SeriesRepo;
  readonly #catalogue: SeriesCatalogue;
  /** The registry's series names: a series it names is known though the store holds none of it. */
  readonly #registered: ReadonlySet<string>;

  /** `registry`: every fact the data endpoints read, without a source catalogue. */
  constructor(repo: SeriesRepo, versions: VersionWatcher, registry: readonly Fact[]) {
    this.#repo = repo;
    this.#catalogue = new SeriesCatalogue(repo, versions, registry);
    this.#registered = new Set(registry.map((fact) => fact.name));
  }

  /** The feature `/series/{fact}` needs for `fact`: its family's domain's; undefined for a name no family holds (a 400 then). */
  featureOf(fact: string): FeatureCode | undefined {
    const colon = fact.indexOf(':');
    return domainOfFamily(colon < 0 ? fact : fact.slice(0, colon))?.feature;
  }

  /**
   * The series `features` may read, filtered, a page after `cursor`: ascending by id (the cursor
   * the last id of the previous page), or best match first when `q` searches (the cursor then
   * counts the matches already served: `@100`).
   */
  async list(input: SeriesListInput, features: readonly FeatureCode[]): Promise<{ entries: SeriesEntry[]; nextCursor: string | null }> {
    const { entries, search } = await this.#catalogue.current();
    const wanted = ({ entry, feature }: ListedSeries) =>
      features.includes(feature) &&
      (input.domain === undefined || entry.domain === input.domain) &&
      (input.family === undefined || entry.family === input.family) &&
      (input.hasData === undefined || (entry.series !== null && entry.firstDate !== null) === input.hasData);
    if (input.q !== undefined) {
      const served = rankedCursor(input.cursor);
      const matching = search()
        .find(input.q)
        .flatMap((position) => {
          const listed = entries[position];
          return listed !== undefined && wanted(listed) ? [listed.entry] : [];
        });
      const page = matching.slice(served, served + input.limit);
      return { entries: page, nextCursor: matching.length > served + input.limit ? `@${served + input.limit}` : null };
    }
    if (input.cursor?.startsWith('@')) throw new InvalidInputError([`cursor ${JSON.stringify(input.cursor)} pages a search: pass the same q with it`]);
    const matching = entries.filter((listed) => wanted(listed) && (input.cursor === undefined || listed.entry.id > input.cursor));
    const page = matching.slice(0, input.limit);
    const last = page.at(-1);
    return { entries: page.map(({ entry }) => entry), nextCursor: matching.length > input.limit && last !== undefined ? last.entry.id : null };
  }

  /**
   * One series' points, oldest first, in FRED's order: read as known at `asOf`, aggregate to
   * `frequency`, transform to `units`, then keep the window and the page.
   */
  async series(fact: string, input: SeriesInput, now: Date): Promise<SeriesAnswer> {
    const named = seriesOf(fact);
    if (typeof named === 'string') throw new InvalidInputError([named]);
    checkFromNotAfterTo(input.from, input.to);
    if (input.aggregation !== undefined && input.frequency === undefined) {
      throw new InvalidInputError([
        `aggregation ${input.aggregation} needs frequency: it says how a frequency period's figures make one (add frequency=monthly, …)`,
      ]);
    }
    const units = input.units ?? 'lin';
    const aggregation = input.aggregation ?? 'eop';
    const { family } = named;
    const name = `${family.name}${named.key === '' ? '' : `:${named.key}`}`;
    // The list's frequency: a series may keep another timetable than its family's (quarterly GDP among monthly statistics, a monthly average among daily closes).
    const listed = (await this.#catalogue.current()).byId.get(name)?.entry;
    const native = listed?.frequency ?? family.frequency;
    if (input.frequency !== undefined && !coarserOrSame(input.frequency, native)) {
      throw new InvalidInputError([`frequency ${input.frequency} is finer than ${name}'s (${native}): ask for ${native} or coarser`]);
    }
    const intraday = family.frequency === 'intraday';
    const served = input.frequency ?? (intraday ? 'daily' : native);
    if (needsObservationsPerYear(units) && observationsPerYear(served) === undefined) {
      throw new InvalidInputError([
        `units ${units} annualises by the observations a year of ${name}'s frequency, which FRED gives none for ${served}: add frequency (daily, weekly, monthly, quarterly or annual)`,
      ]);
    }
    // A day after today is a 400; the vintage store reads what was known at the end of asOf.
    const cutoff = cutoffFor({ asOf: input.asOf, now });
    let source = named.source;
    if (source.kind === 'coin') {
      const ids = await this.#repo.coinIds(source.coinId);
      if (ids.length > 1)
        throw new InvalidInputError([`fact ${JSON.stringify(fact)}: ${ids.length} coins have that symbol (${ids.join(', ')}): name one by its CoinGecko id`]);
      const [id] = ids;
      if (id === undefined) throw new NotFoundError(`No coin is stored as ${named.key}`);
      source = { kind: 'coin', coinId: id };
    }
    // Rows dated after asOf were not known then; an instrument's close also by its knowledge time.
    const to = input.asOf !== undefined && (input.to === undefined || input.asOf < input.to) ? input.asOf : input.to;
    // A change compares with the previous point, which may lie any distance before `from`: read from the start.
    const observations = await this.#repo.observations(
      source,
      { from: needsEarlierPoints(units) ? undefined : input.from, to, knownBy: input.asOf === undefined ? undefined : endOfDay(input.asOf) },
      cutoff,
    );
    // Statistics' periods are dated by their first day (`2024-05` is in to=2024-05-01).
    const known = observations.filter((row) => {
      const day = periodStart(row.at);
      return day !== null && (to === undefined || day <= to);
    });
    const points = transform(pointsOf(known, input.frequency, aggregation, intraday), units, served);
    // A period counts by its first day (`2024-05` is in from=2024-05-01, not in from=2024-05-02).
    const { from, cursor } = input;
    const inWindow = from === undefined ? points : points.filter(({ point }) => (periodStart(point.period) ?? point.date) >= from);
    // An empty window of a series nobody names is a typo, not a quiet stretch: whatever the window, 404.
    if (inWindow.length === 0 && !this.#registered.has(name) && !(await this.#repo.holds(source))) {
      throw new NotFoundError(`No figure of ${fact} is stored (GET /openapi/v1/series lists what is)`);
    }
    if (cursor !== undefined) refuseForeignCursor(cursor, name, inWindow[0]?.point.period);
    const after = cursor === undefined ? inWindow : inWindow.filter(({ point }) => point.period > cursor);
    const page = after.slice(0, input.limit);
    const last = page.at(-1);
    return {
      points: page.map(({ point }) => point),
      meta: {
        fact: name,
        name: listed?.name ?? family.what,
        unit: listed?.unit ?? family.unit,
        frequency: served,
        aggregation: input.frequency === undefined && !intraday ? 'none' : aggregation,
        units,
        unitsLabel: UNITS_LABELS[units],
        ...vintageOf(source.kind === 'macro', known, page, input.frequency === undefined ? undefined : { frequency: input.frequency, aggregation }),
        nextCursor: after.length > input.limit && last !== undefined ? last.point.period : null,
      },
    };
  }

  /**
   * Several series aligned on dates (`/series/table`): each read whole by `series()` with the
   * same parameters and described as `/series` lists it. A parameter any of them refuses is a
   * 400 before an unknown one's 404.
   */
  async table(facts: readonly string[], input: Omit<SeriesInput, 'limit' | 'cursor'>, now: Date): Promise<SeriesTable> {
    checkTableFacts(facts);
    const answers = answeredOrRefused(await Promise.allSettled(facts.map((fact) => this.#wholeSeries(fact, input, now))));
    const { byId } = await this.#catalogue.current();
    const first = answers[0];
    return {
      rows: alignedRows(
        answers.map(({ points }, i) => ({ fact: facts[i] ?? '', points })),
        input.frequency !== undefined,
      ),
      meta: {
        series: answers.map(({ meta }, i) => {
          const entry = byId.get(meta.fact)?.entry;
          return {
            fact: facts[i] ?? meta.fact,
            name: entry?.name ?? meta.name,
            unit: entry?.unit ?? meta.unit,
            frequency: meta.frequency,
            sources: entry?.sources ?? [],
            knowledgeAt: meta.knowledgeAt,
            wasRestated: meta.wasRestated,
          };
        }),
        frequency: input.frequency ?? null,
        aggregation: input.frequency === undefined || first === undefined ? 'none' : first.meta.aggregation,
        units: first?.meta.units ?? 'lin',
        unitsLabel: first?.meta.unitsLabel ?? UNITS_LABELS.lin,
      },
    };
  }

  /** Every point of one series in one read: the table aligns whole series. */
  #wholeSeries(fact: string, input: Omit<SeriesInput, 'limit' | 'cursor'>, now: Date): Promise<SeriesAnswer> {
    return this.series(fact, { ...input, limit: Number.POSITIVE_INFINITY }, now);
  }

  /**
   * The days (UTC) the hub learned a new version of a series' figures, ascending: ALFRED's vintage
   * dates. Only macro statistics and closes keep when each figure was learned.
   */
  async vintages(fact: string): Promise<string[]> {
    const named = seriesOf(fact);
    if (typeof named === 'string') throw new InvalidInputError([named]);
    const { family, key, source } = named;
    if (source.kind !== 'macro' && source.kind !== 'close') {
      throw new InvalidInputError([
        `fact ${JSON.stringify(fact)}: ${family.name} keeps no vintages (the store keeps one version of each figure, not when it was learned); asOf reads its rows by their date`,
      ]);
    }
    const days = await this.#repo.vintageDays(source);
    if (days.length === 0 && !this.#registered.has(`${family.name}${key === '' ? '' : `:${key}`}`)) {
      throw new NotFoundError(`No figure of ${fact} is stored (GET /openapi/v1/series lists what is)`);
    }
    return days;
  }
}

/** How many matches of a search earlier pages served (`@100`); 0 without a cursor. */
function rankedCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const served = cursor.startsWith('@') ? Number(cursor.slice(1)) : Number.NaN;
  if (!Number.isSafeInteger(served) || served < 0)
    throw new InvalidInputError([`cursor ${JSON.stringify(cursor)} is not a page of this search: pass the meta.nextCursor of the previous page`]);
  return served;
}

/**
 * A cursor is the last period of a page (`meta.nextCursor`): a period of the series' own form
 * (`2025-01` for a monthly statistic, a day for a close). Any other is refused rather than
 * answered with nothing after it.
 */
function refuseForeignCursor(cursor: string, name: string, served: string | undefined): void {
  const form = formOf(cursor);
  if (form === undefined || (served !== undefined && form !== formOf(served))) {
    throw new InvalidInputError([
      `cursor ${JSON.stringify(cursor)} is not a period of ${name}${served === undefined ? '' : ` (its periods are like ${served})`}: pass the meta.nextCursor of the previous page`,
    ]);
  }
}

/**
 * A macro statistic's `knowledgeAt` and `wasRestated` over the figures served, as the macro
 * endpoints give them (store/vintage.ts `provenance`); null for series the vintage store does
 * not keep. The figures served are those each point is made of, and, in other `units` than
 * `lin`, those of the earlier point it is compared with: a point as stored or of `eop` is the
 * figure dated its day, one of `avg` or `sum` every figure of its period.
 */
function vintageOf(
  macro: boolean,
  known: readonly Observation[],
  page: readonly TransformedPoint[],
  aggregated: { frequency: SeriesFrequency; aggregation: SeriesAggregation } | undefined,
): { knowledgeAt: string | null; wasRestated: boolean | null } {
  if (!macro) return { knowledgeAt: null, wasRestated: null };
  const wholePeriod = aggregated !== undefined && aggregated.aggregation !== 'eop' ? aggregated.frequency : undefined;
  const keyOf = (day: string) => (wholePeriod === undefined ? day : periodOf(day, wholePeriod));
  const served = page.flatMap(({ point, basis }) => (basis === undefined ? [point] : [point, basis]));
  const keys = new Set(served.map((point) => (wholePeriod === undefined ? point.date : point.period)));
  const { knowledgeAt, wasRestated } = provenance(
    known.flatMap((row) => {
      const day = periodStart(row.at);
      return row.vintage !== undefined && day !== null && keys.has(keyOf(day)) ? [row.vintage] : [];
    }),
  );
  return { knowledgeAt, wasRestated };
}

/** `/series/table`'s answer: the rows, and each series' and the request's description. */
interface SeriesTable {
  rows: TableRow[];
  meta: {
    series: TableSeries[];
    frequency: SeriesFrequency | null;
    aggregation: SeriesAnswer['meta']['aggregation'];
    units: SeriesUnits;
    unitsLabel: string;
  };
}

/** Every value, or the refusal to answer: every parameter problem at once (400), else the first other error (a 404 in the asked order). */
function answeredOrRefused<T>(settled: readonly PromiseSettledResult<T>[]): T[] {
  const refusals = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
  const invalid = refusals.filter((reason) => reason instanceof InvalidInputError);
  if (invalid.length > 0) throw new InvalidInputError([...new Set(invalid.flatMap((error) => error.messages))]);
  if (refusals.length > 0) throw refusals[0];
  return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}
