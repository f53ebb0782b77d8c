import type { FeatureCode } from '../../edge/auth/plans.ts';
import type { VersionWatcher } from '../../kernel/version-watcher.ts';
import { factOf, type Fact } from '../../facts/registry.ts';
import { namesFact } from '../../store/release-facts.ts';
import { DATASET_KEYS, versionsTag } from '../../kernel/data-versions.ts';
import { shortIssueCode } from '../equities/issue-code.ts';
import { periodStart } from '../../kernel/dates.ts';
import { domainOfFamily } from './fact-domains.ts';
import { frequencyOfDays } from './point-frequency.ts';
import { INSTRUMENT_FAMILIES, isSeriesFamily, seriesOf, seriesPath } from './series-names.ts';
import { describeFact, describeInstrument, type SeriesDescription } from './series-descriptions.ts';
import { SeriesSearch } from './series-search.ts';
import type { SeriesRepo, StoredDescription, StoredInstrument, StoredSpan } from './series.repo.ts';
import type { ListedSource, SeriesEntry } from './series.schemas.ts';

/** One entry of `/series`, with what the list filters it by. */
export interface ListedSeries {
  entry: SeriesEntry;
  feature: FeatureCode;
  /** Codes, symbols and other names `q` finds it by besides its id and name. */
  aliases: string[];
}

export interface Catalogue {
  /** Ascending by id. */
  entries: readonly ListedSeries[];
  byId: ReadonlyMap<string, ListedSeries>;
  /** Over `entries`, built at the first search of this catalogue (a list without `q` never needs it): `find` answers their positions. */
  search(): SeriesSearch;
}

/** What the store says of a series: who published it, the days it covers, when the hub last learned of it. */
interface Held {
  sources: ListedSource[];
  firstDate: string | null;
  lastDate: string | null;
  lastUpdated: string | null;
}

/**
 * The families whose stored series the registry may not name: an index, pair or commodity a
 * publisher adds. A macro series it does not name is a flag on others' figures (FDI's
 * `preliminary` and `method-change` markers), no series of its own.
 */
const OPEN_FAMILIES = new Set(['index.close', 'fx.close', 'commodity.close']);
/**
 * An issue or a coin its reference table names is a series before its first figure (every listed
 * issue trades; a search for a company finds it); a fund's price or NAV only once published (a
 * Vietnamese open-end fund has no exchange price).
 */
const LISTED_BEFORE_FIGURES: ReadonlySet<string> = new Set(['equity.bar', 'crypto.snapshot']);
/** How many of a series' last figures its frequency is read from. */
const RECENT_FIGURES = 21;

const heldBy = (stored: string, spans: readonly StoredSpan[]) => spans.filter((span) => namesFact(stored, span.fact));

/** The publishers and datasets of `held`, sorted; when the hub last loaded a release of them. */
function sourcesOf(held: readonly StoredSpan[]): { sources: ListedSource[]; lastUpdated: string | null } {
  const byName = new Map(held.map((span) => [`${span.publisher}\u0000${span.dataset}`, { publisher: span.publisher, dataset: span.dataset }]));
  const sources = [...byName].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, source]) => source);
  const lastUpdated = held.reduce<string | null>((newest, span) => (newest === null || span.lastLoaded > newest ? span.lastLoaded : newest), null);
  return { sources, lastUpdated };
}

function heldOf(stored: string, spans: readonly StoredSpan[]): Held {
  const held = heldBy(stored, spans);
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  for (const span of held) {
    const first = span.firstPeriod === null ? null : periodStart(span.firstPeriod);
    const last = span.lastPeriod === null ? null : periodStart(span.lastPeriod);
    if (first !== null && (firstDate === null || first < firstDate)) firstDate = first;
    if (last !== null && (lastDate === null || last > lastDate)) lastDate = last;
  }
  return { ...sourcesOf(held), firstDate, lastDate };
}

function listed(fact: Fact, id: string, description: SeriesDescription, held: Held): ListedSeries | undefined {
  const domain = domainOfFamily(fact.family);
  if (domain === undefined) return undefined;
  const entry: SeriesEntry = {
    id,
    name: description.name,
    family: fact.family,
    domain: domain.domain,
    unit: description.unit,
    frequency: fact.frequency,
    seasonalAdjustment: description.seasonalAdjustment,
    timeZone: fact.timeZone,
    asOf: fact.pointInTime,
    ...held,
    notes: description.notes,
    series: isSeriesFamily(fact.family) ? seriesPath(id) : null,
  };
  return { entry, feature: domain.feature, aliases: description.aliases };
}

/**
 * A coin by its symbol (`crypto.snapshot:BTC`) where the symbol names no other coin, else by its
 * CoinGecko id, as `/series/{fact}` resolves a coin.
 */
function coinKeys(coins: readonly StoredInstrument[]): Map<string, string> {
  const named = new Map<string, number>();
  for (const coin of coins)
    for (const name of new Set([coin.key, coin.symbol?.toLowerCase()])) if (name !== undefined) named.set(name, (named.get(name) ?? 0) + 1);
  return new Map(coins.map((coin) => [coin.key, coin.symbol !== undefined && named.get(coin.symbol.toLowerCase()) === 1 ? coin.symbol : coin.key]));
}

const instrumentKey = (instrument: StoredInstrument, coins: ReadonlyMap<string, string>): string =>
  instrument.family === 'crypto.snapshot'
    ? (coins.get(instrument.key) ?? instrument.key)
    : instrument.family === 'equity.bar'
      ? shortIssueCode(instrument.key)
      : instrument.key;

/**
 * `/series` as the store holds it, built once per data version: every fact of the registry (but a
 * table-grain family's, and the wildcards), every close the store holds that the registry does
 * not name (a pair a publisher added), and one series per coin and issue the reference tables
 * name and per fund with figures.
 * A close's and a fund's frequency is what its last figures are, not its usual publisher's.
 */
export class SeriesCatalogue {
  readonly #repo: SeriesRepo;
  readonly #versions: VersionWatcher;
  readonly #registry: readonly Fact[];
  /** The registry's fact of each table-grain family: what each instrument's series is described by. */
  readonly #instrumentFacts: ReadonlyMap<string, Fact>;
  #built: { tag: string; catalogue: Promise<Catalogue> } | undefined;

  /** `registry`: the registry's facts and fields, without a source catalogue: the sources listed are the store's. */
  constructor(repo: SeriesRepo, versions: VersionWatcher, registry: readonly Fact[]) {
    this.#repo = repo;
    this.#versions = versions;
    const perInstrument = new Set<string>(INSTRUMENT_FAMILIES);
    this.#registry = registry.filter((fact) => !fact.name.includes('*') && !perInstrument.has(fact.family));
    this.#instrumentFacts = new Map(registry.filter((fact) => perInstrument.has(fact.name)).map((fact) => [fact.name, fact]));
  }

  async current(): Promise<Catalogue> {
    const tag = versionsTag(await this.#versions.current(), DATASET_KEYS);
    if (this.#built?.tag !== tag) {
      const catalogue = this.#build();
      this.#built = { tag, catalogue };
      // A failed read is not kept: the next request builds again.
      catalogue.catch(() => {
        if (this.#built?.catalogue === catalogue) this.#built = undefined;
      });
    }
    return this.#built.catalogue;
  }

  async #build(): Promise<Catalogue> {
    const [spans, instruments, descriptions, indexNames] = await Promise.all([
      this.#repo.spans(),
      this.#repo.instruments(),
      this.#repo.descriptions(),
      this.#repo.indexNames(),
    ]);
    const named = new Set(this.#registry.map((fact) => fact.name));
    const onlyStored = [...new Set(spans.map((span) => span.fact))].flatMap((stored) => {
      const fact = storedSeries(stored);
      return fact === undefined || named.has(fact.name) ? [] : [fact];
    });
    const facts = [...this.#registry, ...onlyStored].flatMap(
      (fact) =>
        listed(
          fact,
          fact.name,
          describeFact(fact, descriptions.get(fact.stored), indexNames),
          withPublisherUpdate(heldOf(fact.stored, spans), descriptions.get(fact.stored)),
        ) ?? [],
    );
    const coins = coinKeys(instruments.filter((instrument) => instrument.family === 'crypto.snapshot'));
    // An instrument's sources are its table's: found once a family, not once an instrument.
    const tableSources = new Map([...this.#instrumentFacts].map(([family, fact]) => [family, sourcesOf(heldBy(fact.stored, spans))]));
    const perInstrument = instruments.flatMap((instrument) => {
      const fact = this.#instrumentFacts.get(instrument.family);
      const sources = tableSources.get(instrument.family);
      if (fact === undefined || sources === undefined || (instrument.firstDate === null && !LISTED_BEFORE_FIGURES.has(instrument.family))) return [];
      const key = instrumentKey(instrument, coins);
      const held = { ...sources, firstDate: instrument.firstDate, lastDate: instrument.lastDate };
      return listed(fact, `${instrument.family}:${key}`, describeInstrument(instrument, key), held) ?? [];
    });
    const entries = [...facts, ...perInstrument].sort((a, b) => (a.entry.id < b.entry.id ? -1 : a.entry.id > b.entry.id ? 1 : 0));
    await this.#measuredFrequencies(entries);
    let search: SeriesSearch | undefined;
    return {
      entries,
      byId: new Map(entries.map((entry) => [entry.entry.id, entry])),
      search: () => {
        search ??= new SeriesSearch(entries.map(({ entry, aliases }) => ({ id: entry.id, name: entry.name, aliases, held: entry.firstDate !== null })));
        return search;
      },
    };
  }

  /**
   * Each stored series whose publishers keep different timetables labelled at the frequency of
   * its last figures: a close (daily, or a monthly average) and a fund's NAV and price (a fund
   * may deal on some weekdays only).
   */
  async #measuredFrequencies(entries: readonly ListedSeries[]): Promise<void> {
    const measured: Record<'close' | 'etf-nav' | 'etf-price', Map<string, ListedSeries>> = { close: new Map(), 'etf-nav': new Map(), 'etf-price': new Map() };
    for (const listedSeries of entries) {
      const named = seriesOf(listedSeries.entry.id);
      if (listedSeries.entry.firstDate === null || typeof named === 'string') continue;
      const { source } = named;
      if (source.kind === 'close') measured.close.set(source.instrument, listedSeries);
      else if (source.kind === 'etf-nav' || source.kind === 'etf-price') measured[source.kind].set(source.code, listedSeries);
    }
    const [closes, navs, prices] = await Promise.all([
      this.#repo.lastCloseDays([...measured.close.keys()], RECENT_FIGURES),
      this.#repo.lastFundDays('etf_nav', [...measured['etf-nav'].keys()], RECENT_FIGURES),
      this.#repo.lastFundDays('etf_price', [...measured['etf-price'].keys()], RECENT_FIGURES),
    ]);
    for (const [days, listedByKey] of [
      [closes, measured.close],
      [navs, measured['etf-nav']],
      [prices, measured['etf-price']],
    ] as const) {
      for (const [key, recent] of days) {
        const listedSeries = listedByKey.get(key);
        const frequency = frequencyOfDays(recent);
        if (listedSeries !== undefined && frequency !== undefined) listedSeries.entry.frequency = frequency;
      }
    }
  }
}

/** A publisher that says when it last updated a series (FRED's `last_updated`) is believed over the hub's learning time. */
const withPublisherUpdate = (held: Held, stored: StoredDescription | undefined): Held =>
  stored?.updatedAt === null || stored?.updatedAt === undefined ? held : { ...held, lastUpdated: stored.updatedAt };

/** A stored close the registry may not name (`instrument_close:fx:EUR/SEK`) as a fact; undefined for any other stored fact. */
function storedSeries(stored: string): Fact | undefined {
  if (!stored.startsWith('instrument_close:')) return undefined;
  const fact = factOf(stored);
  return OPEN_FAMILIES.has(fact.family) && typeof seriesOf(fact.name) !== 'string' ? fact : undefined;
}
