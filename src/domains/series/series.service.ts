import type { FeatureCode } from '../../edge/auth/plans.ts';
import type { VersionWatcher } from '../../kernel/version-watcher.ts';
import { InvalidInputError, NotFoundError } from '../../kernel/domain-errors.ts';
import type { Fact } from '../../facts/registry.ts';
import { cutoffFor, endOfDay, provenance } from '../../store/vintage.ts';
import { coarserOrSame, pointsOf } from './aggregation.ts';
import { checkFromNotAfterTo, periodStart } from '../../kernel/dates.ts';
import { domainOfFamily, type SeriesDomain } from './fact-domains.ts';
import { SeriesCatalogue } from './series-catalogue.ts';
import { seriesOf } from './series-names.ts';
import type { Observation, SeriesRepo } from './series.repo.ts';
import type { SeriesEntry, SeriesFrequency, SeriesPoint } from './series.schemas.ts';

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
  limit: number;
  cursor?: string | undefined;
}

interface SeriesAnswer {
  points: SeriesPoint[];
  meta: {
    fact: string;
    unit: string;
    frequency: string;
    aggregation: 'none' | 'last';
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

  /** The series `features` may read, filtered, a page after `cursor` (the last id of the previous page). */
  async list(input: SeriesListInput, features: readonly FeatureCode[]): Promise<{ entries: SeriesEntry[]; nextCursor: string | null }> {
    const q = input.q?.toLowerCase();
    const { entries } = await this.#catalogue.current();
    const matching = entries.filter(
      ({ entry, feature, text }) =>
        features.includes(feature) &&
        (input.domain === undefined || entry.domain === input.domain) &&
        (input.family === undefined || entry.family === input.family) &&
        (input.hasData === undefined || (entry.series !== null && entry.firstDate !== null) === input.hasData) &&
        (q === undefined || text.includes(q)) &&
        (input.cursor === undefined || entry.id > input.cursor),
    );
    const page = matching.slice(0, input.limit);
    const last = page.at(-1);
    return { entries: page.map(({ entry }) => entry), nextCursor: matching.length > input.limit && last !== undefined ? last.entry.id : null };
  }

  /** One series' points, oldest first. */
  async series(fact: string, input: SeriesInput, now: Date): Promise<SeriesAnswer> {
    const named = seriesOf(fact);
    if (typeof named === 'string') throw new InvalidInputError([named]);
    checkFromNotAfterTo(input.from, input.to);
    const { family } = named;
    const name = `${family.name}${named.key === '' ? '' : `:${named.key}`}`;
    // The list's frequency: a series may keep another timetable than its family's (quarterly GDP among monthly statistics, a monthly average among daily closes).
    const native = (await this.#catalogue.current()).byId.get(name)?.entry.frequency ?? family.frequency;
    if (input.frequency !== undefined && !coarserOrSame(input.frequency, native)) {
      throw new InvalidInputError([`frequency ${input.frequency} is finer than ${name}'s (${native}): ask for ${native} or coarser`]);
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
    const observations = await this.#repo.observations(
      source,
      { from: input.from, to, knownBy: input.asOf === undefined ? undefined : endOfDay(input.asOf) },
      cutoff,
    );
    // Statistics' periods are filtered by their first day (`2024-05` is in from=2024-05-01).
    const inWindow = observations.filter((row) => {
      const day = periodStart(row.at);
      return day !== null && (input.from === undefined || day >= input.from) && (to === undefined || day <= to);
    });
    // An empty window of a series nobody names is a typo, not a quiet stretch: whatever the window, 404.
    if (inWindow.length === 0 && !this.#registered.has(name) && !(await this.#repo.holds(source))) {
      throw new NotFoundError(`No figure of ${fact} is stored (GET /openapi/v1/series lists what is)`);
    }
    const intraday = family.frequency === 'intraday';
    const points = pointsOf(inWindow, input.frequency, intraday);
    if (input.cursor !== undefined) refuseForeignCursor(input.cursor, name, points[0]?.period);
    const after = input.cursor === undefined ? points : points.filter((point) => point.period > (input.cursor ?? ''));
    const page = after.slice(0, input.limit);
    const last = page.at(-1);
    return {
      points: page,
      meta: {
        fact: name,
        unit: family.unit,
        frequency: input.frequency ?? (intraday ? 'daily' : native),
        aggregation: input.frequency !== undefined || intraday ? 'last' : 'none',
        ...vintageOf(source.kind === 'macro', inWindow, page),
        nextCursor: after.length > input.limit && last !== undefined ? last.period : null,
      },
    };
  }
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
 * not keep. A point of a `frequency` is its period's last figure, the one dated its day.
 */
function vintageOf(
  macro: boolean,
  inWindow: readonly Observation[],
  page: readonly SeriesPoint[],
): { knowledgeAt: string | null; wasRestated: boolean | null } {
  if (!macro) return { knowledgeAt: null, wasRestated: null };
  const days = new Set(page.map((point) => point.date));
  const { knowledgeAt, wasRestated } = provenance(
    inWindow.flatMap((row) => (row.vintage !== undefined && days.has(periodStart(row.at) ?? '') ? [row.vintage] : [])),
  );
  return { knowledgeAt, wasRestated };
}
