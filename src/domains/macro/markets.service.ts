import { badRequest } from '../../core/errors.ts';
import { cutoffFor, provenance, type ServedFigure } from '../../store/vintage.ts';
import type { ExchangeRatePoints, InterbankRateItem, MarketIndexItem, MarketRecap } from './economy.schemas.ts';
import type { Vintaged } from './economy.service.ts';
import { byPeriod, type FigureIndex, type MacroRepo } from './macro.repo.ts';
import { addDays, percentChange, round, subtractMonthsFromDate, windowMonths } from './periods.ts';
import { FX_CURRENCIES, FX_QUOTES, MARKET_SERIES, tiborSeries } from './series.ts';

/** Units of `currency` per US dollar on a day, from the stored quote of its dollar rate. */
function unitsPerDollar(currency: string, index: FigureIndex | undefined, date: string): ServedFigure | 'usd' | undefined {
  if (currency === 'USD') return 'usd';
  return index?.get(date);
}

function perDollar(currency: string, figure: ServedFigure | 'usd'): number | null {
  if (figure === 'usd') return 1;
  if (figure.value === null || figure.value === 0) return null;
  return FX_QUOTES[currency]?.usdBase === true ? figure.value : 1 / figure.value;
}

/** Japan time as the twin's recap shows it: no zone. */
const tokyoTime = (date: string, time: string): string => `${date}T${time}`;

/** One recap item: a stored daily series, or a currency pair crossed through the dollar. */
type RecapLine = { index: string; time: string } & ({ series: string } | { pair: readonly [string, string] });

const RECAP: Record<Exclude<keyof MarketRecap, 'updateTime' | 'interbankRates3m'>, RecapLine[]> = {
  nikkeiJpxGold: [
    { index: 'Nikkei 225', series: MARKET_SERIES.nikkei225, time: '15:30:00' },
    { index: 'JPX Gold', series: MARKET_SERIES.jpxGold, time: '15:45:00' },
  ],
  nikkeiJpxOil: [
    { index: 'Nikkei 225', series: MARKET_SERIES.nikkei225, time: '15:30:00' },
    { index: 'JPX Dubai Crude Oil', series: MARKET_SERIES.jpxCrude, time: '15:45:00' },
  ],
  tokyoStockExchangeReit: [{ index: 'TSE REIT Index', series: MARKET_SERIES.tseReit, time: '15:30:00' }],
  topix: [{ index: 'TOPIX', series: MARKET_SERIES.topix, time: '15:30:00' }],
  currencyRate: [
    { index: 'USD/JPY', pair: ['USD', 'JPY'], time: '17:00:00' },
    { index: 'EUR/JPY', pair: ['EUR', 'JPY'], time: '17:00:00' },
    { index: 'USD/VND', pair: ['USD', 'VND'], time: '17:00:00' },
  ],
};

/** Days of closes read for the recap: enough to find the two latest across holidays. */
const RECAP_LOOKBACK_DAYS = 20;

export class MarketsService {
  readonly #repo: MacroRepo;

  constructor(repo: MacroRepo) {
    this.#repo = repo;
  }

  /** A pair's daily closes, crossed through the dollar when neither side is USD. */
  async getExchangeRate(input: { currency1: string; currency2: string; period?: string | undefined; before?: string | undefined; asOf?: string | undefined; now: Date }): Promise<Vintaged<ExchangeRatePoints>> {
    const base = input.currency1.toUpperCase();
    const quote = input.currency2.toUpperCase();
    const supported = FX_CURRENCIES as readonly string[];
    const problems: string[] = [];
    if (!supported.includes(base)) problems.push(`currency1 must be one of ${supported.join(', ')} (got ${input.currency1})`);
    if (!supported.includes(quote)) problems.push(`currency2 must be one of ${supported.join(', ')} (got ${input.currency2})`);
    if (problems.length === 0 && base === quote) problems.push('currency2 must differ from currency1');
    if (problems.length > 0) throw badRequest(problems);
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const months = windowMonths(input.period ?? '1Y');
    const today = (input.asOf ?? input.now.toISOString().slice(0, 10));
    const lastDay = input.before !== undefined && addDays(input.before, -1) < today ? addDays(input.before, -1) : today;
    const legs = [base, quote].filter((c) => c !== 'USD');
    const seriesKeys = legs.map((c) => FX_QUOTES[c]?.series ?? '');
    const indexes = await this.#repo.indexes({ series: seriesKeys, cutoff, fromPeriod: subtractMonthsFromDate(lastDay, months), toPeriod: lastDay });
    const legIndex = (currency: string) => indexes[legs.indexOf(currency)];
    const dates = [...new Set(indexes.flatMap((index) => [...index.keys()]))].sort();
    const latest = dates[dates.length - 1];
    const used: ServedFigure[] = [];
    const data: ExchangeRatePoints = [];
    if (latest !== undefined) {
      const from = addDays(subtractMonthsFromDate(latest, months), 1);
      for (const date of dates.filter((d) => d >= from)) {
        const b = unitsPerDollar(base, legIndex(base), date);
        const q = unitsPerDollar(quote, legIndex(quote), date);
        if (b === undefined || q === undefined) continue;
        const bRate = perDollar(base, b);
        const qRate = perDollar(quote, q);
        if (bRate === null || qRate === null) continue;
        for (const f of [b, q]) if (f !== 'usd') used.push(f);
        data.push({ date: `${date}T00:00:00.000Z`, close: Number((qRate / bRate).toPrecision(8)), exchangeRateName: `${base}/${quote}` });
      }
    }
    const { knowledgeAt, wasRestated } = provenance(used);
    return { data, vintage: { knowledgeAt, wasRestated } };
  }

  async getMarketRecap(input: { asOf?: string | undefined; now: Date }): Promise<Vintaged<MarketRecap>> {
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const lastDay = input.asOf ?? input.now.toISOString().slice(0, 10);
    const fxKeys = Object.values(FX_QUOTES).map((q) => q.series);
    const keys = [...Object.values(MARKET_SERIES), tiborSeries('3m'), ...fxKeys];
    const served = await this.#repo.series({ series: keys, cutoff, fromPeriod: addDays(lastDay, -RECAP_LOOKBACK_DAYS), toPeriod: lastDay });
    const used: ServedFigure[] = [];
    const lastTwo = (figures: ServedFigure[]): [ServedFigure, ServedFigure | undefined] | undefined => {
      const known = figures.filter((f) => f.value !== null);
      const last = known[known.length - 1];
      return last === undefined ? undefined : [last, known[known.length - 2]];
    };
    const item = (index: string, time: string, pair: [ServedFigure, ServedFigure | undefined] | undefined, scale: (f: ServedFigure) => number | null = (f) => f.value) => {
      if (pair === undefined) return undefined;
      const [last, previous] = pair;
      used.push(last, ...(previous === undefined ? [] : [previous]));
      const value = scale(last);
      const before = previous === undefined ? null : scale(previous);
      const stamp = tokyoTime(last.period, time);
      return {
        index,
        value,
        changeValue: value === null || before === null ? null : round(value - before, 6),
        changePercent: percentChange(value, before),
        datetime: stamp,
        atClose: stamp,
      };
    };
    const lines = (group: RecapLine[]): MarketIndexItem[] =>
      group.flatMap((line) => {
        const figures = 'pair' in line ? crossSeries(line.pair[0], line.pair[1], served) : (served.get(line.series) ?? []);
        const found = item(line.index, line.time, lastTwo(figures));
        return found === undefined ? [] : [found];
      });
    const tibor = item('TIBOR 3M', '11:00:00', lastTwo(served.get(tiborSeries('3m')) ?? []));
    const interbank: InterbankRateItem[] = tibor === undefined || tibor.value === null ? [] : [{ ...tibor, value: tibor.value, changePercent: null }];
    const recap = {
      nikkeiJpxGold: lines(RECAP.nikkeiJpxGold),
      nikkeiJpxOil: lines(RECAP.nikkeiJpxOil),
      tokyoStockExchangeReit: lines(RECAP.tokyoStockExchangeReit),
      topix: lines(RECAP.topix),
      interbankRates3m: interbank,
      currencyRate: lines(RECAP.currencyRate),
    };
    const stamps = Object.values(recap).flatMap((items) => items.map((i) => i.datetime)).sort();
    const { knowledgeAt, wasRestated } = provenance(used);
    return { data: { updateTime: stamps[stamps.length - 1] ?? tokyoTime(lastDay, '00:00:00'), ...recap }, vintage: { knowledgeAt, wasRestated } };
  }
}

/** Daily closes of base/quote from the dollar rates, as served figures of the later-learned leg. */
function crossSeries(base: string, quote: string, served: Map<string, ServedFigure[]>): ServedFigure[] {
  const index = (c: string) => (c === 'USD' ? undefined : byPeriod(served.get(FX_QUOTES[c]?.series ?? '')));
  const b = index(base);
  const q = index(quote);
  const dates = [...new Set([...(b?.keys() ?? []), ...(q?.keys() ?? [])])].sort();
  const result: ServedFigure[] = [];
  for (const date of dates) {
    const bf = unitsPerDollar(base, b, date);
    const qf = unitsPerDollar(quote, q, date);
    if (bf === undefined || qf === undefined) continue;
    const bRate = perDollar(base, bf);
    const qRate = perDollar(quote, qf);
    if (bRate === null || qRate === null) continue;
    const legs = [bf, qf].filter((f): f is ServedFigure => f !== 'usd');
    const latest = legs.reduce((a, f) => (f.knowledgeAt > a.knowledgeAt ? f : a));
    result.push({ ...latest, value: Number((qRate / bRate).toPrecision(8)), restated: legs.some((f) => f.restated) });
  }
  return result;
}
