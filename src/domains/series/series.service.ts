import type { FeatureCode } from '../../core/auth/plans.ts';
import { InvalidInputError, NotFoundError } from '../../core/domain-errors.ts';
import { factRegistry, type Fact } from '../../facts/registry.ts';
import { namesFact } from '../../store/release-facts.ts';
import { cutoffFor, endOfDay } from '../../store/vintage.ts';
import { coarserOrSame, periodStart, pointsOf } from './aggregation.ts';
import { domainOfFamily, type SeriesDomain } from './fact-domains.ts';
import { seriesOf, seriesPathOf } from './series-names.ts';
import type { SeriesRepo, StoredSpan } from './series.repo.ts';
import type { SeriesEntry, SeriesFrequency, SeriesPoint } from './series.schemas.ts';

interface SeriesListInput {
  q?: string | undefined;
  domain?: SeriesDomain | undefined;
  family?: string | undefined;
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
  meta: { fact: string; unit: string; frequency: string; aggregation: 'none' | 'last'; nextCursor: string | null };
}

/** The registry's facts as the list shows them: read once, with their domain. */
interface ListedFact {
  fact: Fact;
  domain: SeriesDomain;
  feature: FeatureCode;
  series: string | null;
}

function spanOf(stored: string, spans: readonly StoredSpan[]): { sources: string[]; firstDate: string | null; lastDate: string | null } {
  const held = spans.filter((span) => namesFact(stored, span.fact));
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const span of held) {
    const first = span.firstPeriod === null ? null : periodStart(span.firstPeriod);
    const last = span.lastPeriod === null ? null : periodStart(span.lastPeriod);
    if (first !== null && (firstDate === null || first < firstDate)) firstDate = first;
    if (last !== null && (lastDate === null || last > lastDate)) lastDate = last;
  }
  return { sources: [...new Set(held.map((span) => span.publisher))].sort(), firstDate, lastDate };
}

/** Every fact of the registry as a series (contract section 5 D). */
export class SeriesService {
  readonly #repo: SeriesRepo;
  readonly #listed: ListedFact[];

  constructor(repo: SeriesRepo) {
    this.#repo = repo;
    // The registry's facts and fields, without a source catalogue: the sources listed are the store's.
    this.#listed = factRegistry([]).flatMap((fact) => {
      const domain = domainOfFamily(fact.family);
      return domain === undefined ? [] : [{ fact, ...domain, series: seriesPathOf(fact) }];
    });
  }

  /** The feature `/series/{fact}` needs for `fact`: its family's domain's; undefined for a name no family holds (a 400 then). */
  featureOf(fact: string): FeatureCode | undefined {
    const colon = fact.indexOf(':');
    return domainOfFamily(colon < 0 ? fact : fact.slice(0, colon))?.feature;
  }

  /** The facts `features` may read, filtered, a page after `cursor` (the last id of the previous page). */
  async list(input: SeriesListInput, features: readonly FeatureCode[]): Promise<{ entries: SeriesEntry[]; nextCursor: string | null }> {
    const q = input.q?.toLowerCase();
    const matching = this.#listed.filter(
      (listed) =>
        features.includes(listed.feature) &&
        (input.domain === undefined || listed.domain === input.domain) &&
        (input.family === undefined || listed.fact.family === input.family) &&
        (q === undefined || listed.fact.name.toLowerCase().includes(q) || listed.fact.what.toLowerCase().includes(q)) &&
        (input.cursor === undefined || listed.fact.name > input.cursor),
    );
    const page = matching.slice(0, input.limit);
    const spans = page.length === 0 ? [] : await this.#repo.spans();
    const entries = page.map(({ fact, domain, series }) => ({
      id: fact.name,
      name: fact.what,
      family: fact.family,
      domain,
      unit: fact.unit,
      frequency: fact.frequency,
      timeZone: fact.timeZone,
      asOf: fact.pointInTime,
      ...spanOf(fact.stored, spans),
      series,
    }));
    const last = page.at(-1);
    return { entries, nextCursor: matching.length > input.limit && last !== undefined ? last.fact.name : null };
  }

  /** One series' points, oldest first. */
  async series(fact: string, input: SeriesInput, now: Date): Promise<SeriesAnswer> {
    const named = seriesOf(fact);
    if (typeof named === 'string') throw new InvalidInputError([named]);
    if (input.from !== undefined && input.to !== undefined && input.from > input.to) throw new InvalidInputError([`from (${input.from}) must not be after to (${input.to})`]);
    const { family } = named;
    const name = `${family.name}${named.key === '' ? '' : `:${named.key}`}`;
    // A series may keep another timetable than its family's (quarterly GDP among monthly statistics).
    const native = this.#listed.find((listed) => listed.fact.name === name)?.fact.frequency ?? family.frequency;
    if (input.frequency !== undefined && !coarserOrSame(input.frequency, native)) {
      throw new InvalidInputError([`frequency ${input.frequency} is finer than ${name}'s (${native}): ask for ${native} or coarser`]);
    }
    // A day after today is a 400; the vintage store reads what was known at the end of asOf.
    const cutoff = cutoffFor({ asOf: input.asOf, now });
    let source = named.source;
    if (source.kind === 'coin') {
      const ids = await this.#repo.coinIds(source.coinId);
      if (ids.length > 1) throw new InvalidInputError([`fact ${JSON.stringify(fact)}: ${ids.length} coins have that symbol (${ids.join(', ')}): name one by its CoinGecko id`]);
      const [id] = ids;
      if (id === undefined) throw new NotFoundError(`No coin is stored as ${named.key}`);
      source = { kind: 'coin', coinId: id };
    }
    // Rows dated after asOf were not known then; an instrument's close also by its knowledge time.
    const to = input.asOf !== undefined && (input.to === undefined || input.asOf < input.to) ? input.asOf : input.to;
    const observations = await this.#repo.observations(source, { from: input.from, to, knownBy: input.asOf === undefined ? undefined : endOfDay(input.asOf) }, cutoff);
    // Statistics' periods are filtered by their first day (`2024-05` is in from=2024-05-01).
    const inWindow = observations.filter((row) => {
      const day = periodStart(row.at);
      return day !== null && (input.from === undefined || day >= input.from) && (to === undefined || day <= to);
    });
    if (observations.length === 0 && input.from === undefined && input.to === undefined && input.asOf === undefined) {
      throw new NotFoundError(`No figure of ${fact} is stored (GET /openapi/v1/series lists what is)`);
    }
    const intraday = native === 'intraday';
    const points = pointsOf(inWindow, input.frequency, intraday);
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
        nextCursor: after.length > input.limit && last !== undefined ? last.period : null,
      },
    };
  }
}
