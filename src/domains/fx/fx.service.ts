import { InvalidInputError } from '../../kernel/domain-errors.ts';
import { DEFAULT_CORRELATION_ASSETS, DEFAULT_TABLE_PAIRS, DXY, EM_PAIRS, USD_JPY } from './fx.catalogue.ts';
import { CLOSES_NEEDED, pairStress, stressSummary } from './fx.em-stress.ts';
import type { FxRepo, FxClose, FxPairSpan } from './fx.repo.ts';
import { dayChange } from '../instruments/day-change.ts';
import { addDays } from '../../kernel/dates.ts';
import type { FxCorrelation, FxEmStress, FxEmStressPair, FxRate, FxSummary, FxTable, FxTableRow } from './fx.schemas.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { logReturns, pearson } from './fx.stats.ts';
import { requestedAssets, requestedPairs } from './fx.symbols.ts';

/** The 52-week window: the latest close's date and the 364 days before it. */
const WEEKS_52_DAYS = 364;
const SPARKLINE_POINTS = 10;
/** Correlations use this many common dates (so `samples` is one less when the history is complete). */
const CORRELATION_DATES = 90;
/**
 * Calendar days first searched for those dates (90 weekdays span 126); when gaps leave fewer and
 * older closes exist, the search widens to the longer span.
 */
const CORRELATION_LOOKBACK_DAYS = [140, 400] as const;
/** Calendar days first searched for a pair's last closes before falling back to a full-history read. */
const STRESS_LOOKBACK_DAYS = 200;
const SPARKLINE_LOOKBACK_DAYS = 30;
const SUMMARY_LOOKBACK_DAYS = 14;

const latestOf = (dates: readonly string[]): string | null =>
  dates.reduce<string | null>((latest, date) => (latest === null || date > latest ? date : latest), null);

export class FxService {
  #repo: FxRepo;

  constructor(repo: FxRepo) {
    this.#repo = repo;
  }

  async getSummary(): Promise<FxSummary> {
    const [groups, stress] = await Promise.all([
      this.#recentCloses({ pairs: [DXY, USD_JPY], count: 2, lookbackDays: SUMMARY_LOOKBACK_DAYS }),
      this.getEmStress(),
    ]);
    return {
      dxy: latestRate(groups.get(DXY)),
      usdJpy: latestRate(groups.get(USD_JPY)),
      emStress: stressSummary(stress.pairs.map((pair) => pair.level)),
    };
  }

  async getTable({ pairs }: { pairs?: string | undefined }): Promise<FxTable> {
    const requested = requestedPairs(pairs);
    const spans = await this.#storedSpans(requested ?? DEFAULT_TABLE_PAIRS, requested === undefined ? undefined : 'pairs');
    const yearWindows = spans.map((span) => ({ pair: span.pair, from: addDays(span.lastDate, -WEEKS_52_DAYS), firstDate: span.firstDate }));
    const [recent, ranges] = await Promise.all([
      this.#recentCloses({ spans, count: SPARKLINE_POINTS, lookbackDays: SPARKLINE_LOOKBACK_DAYS }),
      // A partial year is not a 52-week range: only pairs whose history covers the window get one.
      this.#repo.ranges({ windows: yearWindows.filter((window) => window.firstDate <= window.from) }),
    ]);
    const rangeOf = new Map(ranges.map((range) => [range.pair, range]));
    const rows: FxTableRow[] = [];
    for (const span of spans) {
      const closes = recent.get(span.pair) ?? [];
      const last = closes[closes.length - 1];
      const previous = closes[closes.length - 2];
      // A pair with a single close has no change yet and is left out.
      if (last === undefined || previous === undefined) continue;
      const { changePercent } = dayChange(last.close, previous.close);
      if (changePercent === null) continue;
      rows.push({
        pair: span.pair,
        lastPrice: last.close,
        changePct: changePercent,
        sparkline10d: closes.map((row) => row.close),
        high52w: rangeOf.get(span.pair)?.high ?? null,
        low52w: rangeOf.get(span.pair)?.low ?? null,
        asOf: last.date,
      });
    }
    return { asOf: latestOf(rows.map((row) => row.asOf)), rows };
  }

  async getCorrelation({ assets }: { assets?: string | undefined }): Promise<FxCorrelation> {
    const requested = requestedAssets(assets);
    if (requested !== undefined && requested.length < 2) throw new InvalidInputError(['assets must list at least 2 assets']);
    const spans = await this.#storedSpans(requested ?? DEFAULT_CORRELATION_ASSETS, requested === undefined ? undefined : 'assets');
    const symbols = spans.map((span) => span.pair);
    if (spans.length === 0) return { window: `${CORRELATION_DATES}d`, asOf: null, samples: 0, symbols, matrix: [] };
    const earliestLast = spans.map((span) => span.lastDate).reduce((a, b) => (b < a ? b : a));
    const earliestFirst = spans.map((span) => span.firstDate).reduce((a, b) => (b < a ? b : a));
    let closesByDate: Map<string, number>[] = [];
    let commonDates: string[] = [];
    for (const lookbackDays of CORRELATION_LOOKBACK_DAYS) {
      const from = addDays(earliestLast, -lookbackDays);
      ({ closesByDate, commonDates } = await this.#commonCloses({ symbols, from }));
      if (commonDates.length >= CORRELATION_DATES || earliestFirst >= from) break;
    }
    commonDates = commonDates.slice(-CORRELATION_DATES);
    const returns = closesByDate.map((closes) => logReturns(commonDates.map((date) => closes.get(date) ?? Number.NaN)));
    const matrix = returns.map((xs, i) =>
      returns.map((ys, j) => {
        const r = pearson(xs, ys);
        if (r === undefined) return null;
        return i === j ? 1 : roundTo(r, 4);
      }),
    );
    return {
      window: `${CORRELATION_DATES}d`,
      asOf: commonDates[commonDates.length - 1] ?? null,
      samples: Math.max(0, commonDates.length - 1),
      symbols,
      matrix,
    };
  }

  async getEmStress(): Promise<FxEmStress> {
    const groups = await this.#recentCloses({ pairs: EM_PAIRS, count: CLOSES_NEEDED, lookbackDays: STRESS_LOOKBACK_DAYS });
    const pairs: FxEmStressPair[] = [];
    const lastDates: string[] = [];
    for (const pair of EM_PAIRS) {
      const closes = groups.get(pair);
      const last = closes?.[closes.length - 1];
      if (closes === undefined || last === undefined) continue;
      lastDates.push(last.date);
      const stress = pairStress(closes.map((row) => row.close));
      pairs.push({
        pair,
        latestPrice: stress.latestPrice,
        vol30d: roundOrNull(stress.vol30d),
        vol90dMean: roundOrNull(stress.vol90dMean),
        vol90dSd: roundOrNull(stress.vol90dSd),
        zScore: roundOrNull(stress.zScore),
        priceZScore: roundOrNull(stress.priceZScore),
        level: stress.level,
        sampleN: stress.sampleN,
      });
    }
    return { asOf: latestOf(lastDates), pairs };
  }

  /** Closes of each symbol on the common dates (every symbol has a close), on or after `from`. */
  async #commonCloses({ symbols, from }: { symbols: readonly string[]; from: string }) {
    const rows = await this.#repo.closesSince({ pairs: symbols, from });
    const closesByDate = symbols.map(() => new Map<string, number>());
    const index = new Map(symbols.map((symbol, i) => [symbol, i]));
    for (const row of rows) closesByDate[index.get(row.pair) ?? -1]?.set(row.date, row.close);
    const [first, ...others] = closesByDate;
    const commonDates = [...(first?.keys() ?? [])].filter((date) => others.every((closes) => closes.has(date))).sort();
    return { closesByDate, commonDates };
  }

  async #recentCloses(
    input: ({ pairs: readonly string[] } | { spans: readonly FxPairSpan[] }) & { count: number; lookbackDays: number },
  ): Promise<Map<string, FxClose[]>> {
    const spans = 'spans' in input ? input.spans : await this.#repo.spans({ pairs: input.pairs });
    return this.#repo.recentCloses({ spans, count: input.count, lookbackDays: input.lookbackDays });
  }

  /** The spans of the symbols asked for, in that order; unknown ones are a 400 when the client named them. */
  async #storedSpans(symbols: readonly string[], parameter: string | undefined): Promise<FxPairSpan[]> {
    const spans = new Map((await this.#repo.spans({ pairs: symbols })).map((span) => [span.pair, span]));
    const unknown = symbols.filter((symbol) => !spans.has(symbol));
    if (parameter !== undefined && unknown.length > 0) {
      const known = await this.#repo.knownPairs();
      throw new InvalidInputError(unknown.map((symbol) => `${parameter}: unknown pair "${symbol}"; known: ${known.join(', ')}`));
    }
    return symbols.flatMap((symbol) => spans.get(symbol) ?? []);
  }
}

const roundOrNull = (value: number | null): number | null => (value === null ? null : roundTo(value, 2));

function latestRate(closes: readonly FxClose[] | undefined): FxRate | null {
  const last = closes?.[closes.length - 1];
  const previous = closes?.[closes.length - 2];
  if (last === undefined || previous === undefined) return null;
  const { changePercent } = dayChange(last.close, previous.close);
  return changePercent === null ? null : { value: last.close, changePct: changePercent, asOf: last.date, source: last.source };
}
