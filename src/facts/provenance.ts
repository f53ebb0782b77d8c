/**
 * Where an answer's figures came from (`meta.sources`): the stored facts a request reads (the
 * route's declared reads, narrowed to what the request names), then the newest release holding
 * each of them that the hub knew at the answer's cut-off, grouped by release. Looked up once per
 * prepared answer, in one query; a cached answer carries what was found then (ADR 0014).
 */
import type { Kysely } from 'kysely';
import type { FigureSource } from '../edge/envelope.ts';
import type { AnswerSources, SourcesOfAnswer } from '../edge/answer-sources.ts';
import type { EndpointFields, RouteReads, ValidatedRequest } from '../edge/route-reads.ts';
import type { Database } from '../store/schema.ts';
import { latestReleaseFacts, namesFact, type FactRelease } from '../store/release-facts.ts';
import { DATASET_KEYS, versionsTag } from '../kernel/data-versions.ts';
import type { VersionWatcher } from '../kernel/version-watcher.ts';
import { factName } from './names.ts';
import { parseFact } from './patterns.ts';

type Values = Readonly<Record<string, unknown>>;

const valuesOf = (values: unknown): Values => (values !== null && typeof values === 'object' ? (values as Values) : {});
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Stored tables whose keys start with a country (`macro_observation:jp.cpi`, `re_ward:vn.boundary`, `calendar_event:us`). */
const COUNTRY_KEYED = new Set(['macro_observation', 'calendar_event', 're_province', 're_ward', 're_transaction']);

/** Keeps, of the country-keyed facts, those of `country` (a request's `country`, in its query or path); `all` keeps every one. */
function ofCountry(country: string | undefined): (fact: string) => boolean {
  if (country === undefined || !/^[A-Za-z]{2}$/.test(country)) return () => true;
  const code = country.toLowerCase();
  return (fact) => {
    const { table, key } = parseFact(fact);
    return !COUNTRY_KEYED.has(table) || key === code || key.startsWith(`${code}.`);
  };
}

/** A field shown only by requests of another `type` (`/macro/economic-data?type=cpi`'s CPI points) is not read. */
function shownFor(reads: EndpointFields, query: Values): (field: string) => boolean {
  const type = text(query.type);
  if (type === undefined) return () => true;
  return (field) => {
    const example = reads.fieldExamples?.[field] ?? reads.example;
    const shownBy = new URLSearchParams(example.includes('?') ? example.slice(example.indexOf('?') + 1) : '').get('type');
    return shownBy === null || shownBy === type;
  };
}

/**
 * The stored facts (patterns.ts) an answer of a route that `reads` them to `request` reads: the
 * instruments the request names, else the facts of the fields its `type` shows, kept to the
 * `country` it names. The grain is the release_fact table's: an instrument, a series, a
 * country's events or geography; a fund's or an issue's rows are their table's (`etf_nav`, `equity_bar`).
 */
export function factsRead<Params, Query>(reads: RouteReads<Params, Query>, request: ValidatedRequest<Params, Query>): string[] {
  const params = valuesOf(request.params);
  const query = valuesOf(request.query);
  const named = reads.named?.(request);
  const shown = shownFor(reads, query);
  const facts = named ?? Object.entries(reads.fields).flatMap(([field, read]) => (shown(field) ? read : []));
  return [...new Set(facts)].filter(ofCountry(text(params.country) ?? text(query.country)));
}

/** The name users know a stored fact by (`index.close:FTSE`); the stored pattern for one no family holds yet. */
function nameOf(stored: string): string {
  try {
    return factName(stored).name;
  } catch {
    return stored;
  }
}

/** One item per release, newest first, each naming the facts of the answer it holds. */
function figureSources(found: readonly FactRelease[]): FigureSource[] {
  const byRelease = new Map<string, { release: FactRelease; facts: Set<string> }>();
  for (const row of found) {
    const entry = byRelease.get(row.releaseId) ?? { release: row, facts: new Set<string>() };
    entry.facts.add(nameOf(row.fact));
    byRelease.set(row.releaseId, entry);
  }
  return [...byRelease.values()]
    .sort((a, b) => compare(b.release.knowledgeAt, a.release.knowledgeAt) || compare(a.release.releaseId, b.release.releaseId))
    .map(({ release, facts }) => ({
      origin: release.origin,
      publisher: release.publisher,
      dataset: release.dataset,
      source: release.sourceId,
      release: release.releaseId,
      archive: [...release.archiveHashes],
      contentHash: release.contentHash,
      knowledgeAt: release.knowledgeAt,
      facts: [...facts].sort(compare),
    }));
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The newest release of every stored fact, and of each by its name. */
interface NewestReleases {
  every: FactRelease[];
  byFact: ReadonlyMap<string, FactRelease>;
}

/** Looks up the sources of answers, for the routes that declare what they read. */
export class Provenance implements AnswerSources {
  readonly #db: Kysely<Database>;
  readonly #versions: VersionWatcher | undefined;
  /** The newest release of every fact, read once per data version: what answers without `asOf` name. */
  #newest: { tag: string; releases: Promise<NewestReleases> } | undefined;

  /** Without `versions`, every lookup asks the store. */
  constructor(db: Kysely<Database>, versions?: VersionWatcher) {
    this.#db = db;
    this.#versions = versions;
  }

  /**
   * How to find the sources of an answer of a route that `reads` what it declares. An answer as
   * of a day sends one query; the others share one query per data version.
   */
  of<Params, Query>(reads: RouteReads<Params, Query>): SourcesOfAnswer<Params, Query> {
    return async (request) => {
      const facts = factsRead(reads, request);
      if (facts.length === 0) return [];
      const asOf = text(valuesOf(request.query).asOf);
      if (asOf !== undefined || this.#versions === undefined) return figureSources(await latestReleaseFacts(this.#db, facts, asOf));
      const newest = await this.#newestOfEveryFact(this.#versions);
      // An exact fact is found by its name; a table or a family of keys by a look at every fact.
      return figureSources(
        facts.flatMap((pattern) => {
          const exact = pattern.includes(':') && !pattern.endsWith('*');
          return exact ? (newest.byFact.get(pattern) ?? []) : newest.every.filter((release) => namesFact(pattern, release.fact));
        }),
      );
    };
  }

  async #newestOfEveryFact(watcher: VersionWatcher): Promise<NewestReleases> {
    // By the versions' values: a watcher that reads them again hands out an equal object.
    const tag = versionsTag(await watcher.current(), DATASET_KEYS);
    if (this.#newest?.tag !== tag) {
      const releases = latestReleaseFacts(this.#db, 'every fact').then((every) => ({
        every,
        byFact: new Map(every.map((release) => [release.fact, release])),
      }));
      this.#newest = { tag, releases };
      // A failed read is not kept: the next answer asks again.
      releases.catch(() => {
        if (this.#newest?.releases === releases) this.#newest = undefined;
      });
    }
    return this.#newest.releases;
  }
}
