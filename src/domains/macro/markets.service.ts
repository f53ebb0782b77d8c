import { InvalidInputError } from '../../kernel/domain-errors.ts';
import { cutoffFor, provenance, type ServedFigure } from '../../store/vintage.ts';
import { dayChange } from '../instruments/day-change.ts';
import { pairInstruments, pairRate } from '../instruments/dollar-quotes.ts';
import { commodityInstrument, indexInstrument } from '../instruments/instruments.catalogue.ts';
import type { InstrumentClose, InstrumentRepo } from '../instruments/instrument.repo.ts';
import type { ExchangeRatePoints, InterbankRateItem, MarketIndexItem, MarketRecap } from './economy.schemas.ts';
import type { Vintaged } from './economy.service.ts';
import type { MacroRepo } from './macro.repo.ts';
import { addDays, addMonthsToDay } from '../../kernel/dates.ts';
import { windowMonths } from './periods.ts';
import { FX_CURRENCIES, tiborSeries } from './series.ts';

/** Japan time as the twin's recap shows it: no zone. */
const tokyoTime = (date: string, time: string): string => `${date}T${time}`;

/** One recap item: a stored instrument, or a currency pair crossed through the dollar. */
type RecapLine = { index: string; time: string } & ({ instrument: string } | { pair: readonly [string, string] });

const NIKKEI_225: RecapLine = { index: 'Nikkei 225', instrument: indexInstrument('N225'), time: '15:30:00' };
const RECAP: Record<Exclude<keyof MarketRecap, 'updateTime' | 'interbankRates3m'>, RecapLine[]> = {
  nikkeiJpxGold: [NIKKEI_225, { index: 'JPX Gold', instrument: commodityInstrument('jpx-gold'), time: '15:45:00' }],
  nikkeiJpxOil: [NIKKEI_225, { index: 'JPX Dubai Crude Oil', instrument: commodityInstrument('jpx-dubai-crude'), time: '15:45:00' }],
  tokyoStockExchangeReit: [{ index: 'TSE REIT Index', instrument: indexInstrument('TSEREIT'), time: '15:30:00' }],
  topix: [{ index: 'TOPIX', instrument: indexInstrument('TOPIX'), time: '15:30:00' }],
  currencyRate: [
    { index: 'USD/JPY', pair: ['USD', 'JPY'], time: '17:00:00' },
    { index: 'EUR/JPY', pair: ['EUR', 'JPY'], time: '17:00:00' },
    { index: 'USD/VND', pair: ['USD', 'VND'], time: '17:00:00' },
  ],
};

/** Days of closes read for the recap: enough to find the two latest across holidays. */
const RECAP_LOOKBACK_DAYS = 20;

/** Instrument closes as the vintage model's served figures: closes are not revised, so none is restated. */
const asFigure = (close: InstrumentClose): ServedFigure => ({
  period: close.date,
  value: close.close,
  marker: null,
  knowledgeAt: close.knowledgeAt,
  firstKnowledgeAt: close.knowledgeAt,
  source: close.source,
  restated: false,
});

/**
 * Daily closes of base/quote from the stored rates, by the one cross rule of dollar-quotes.ts:
 * the stored pair as published (EUR/GBP is the ECB's own figure), else derived from its legs.
 * Each figure carries the later-learned of the closes it was read from.
 */
function pairSeries(base: string, quote: string, closes: readonly InstrumentClose[]): ServedFigure[] {
  const byDate = new Map<string, Map<string, InstrumentClose>>();
  for (const close of closes) {
    const day = byDate.get(close.date) ?? new Map<string, InstrumentClose>();
    day.set(close.instrument, close);
    byDate.set(close.date, day);
  }
  const result: ServedFigure[] = [];
  for (const date of [...byDate.keys()].sort()) {
    const day = byDate.get(date) ?? new Map<string, InstrumentClose>();
    const rate = pairRate(base, quote, (instrument) => day.get(instrument)?.close);
    if (rate === null) continue;
    const legs = rate.instruments.flatMap((instrument) => day.get(instrument) ?? []);
    const latest = legs.reduce<InstrumentClose | undefined>((a, c) => (a === undefined || c.knowledgeAt > a.knowledgeAt ? c : a), undefined);
    if (latest === undefined) continue;
    result.push({ ...asFigure(latest), value: rate.value });
  }
  return result;
}

export class MarketsService {
  readonly #macro: MacroRepo;
  readonly #instruments: InstrumentRepo;

  constructor(macro: MacroRepo, instruments: InstrumentRepo) {
    this.#macro = macro;
    this.#instruments = instruments;
  }

  /** A pair's daily closes from the instruments' series store, crossed through the dollar when neither side is USD. */
  async getExchangeRate(input: {
    currency1: string;
    currency2: string;
    period?: string | undefined;
    before?: string | undefined;
    asOf?: string | undefined;
    now: Date;
  }): Promise<Vintaged<ExchangeRatePoints>> {
    const base = input.currency1.toUpperCase();
    const quote = input.currency2.toUpperCase();
    const supported = FX_CURRENCIES as readonly string[];
    const problems: string[] = [];
    if (!supported.includes(base)) problems.push(`currency1 must be one of ${supported.join(', ')} (got ${input.currency1})`);
    if (!supported.includes(quote)) problems.push(`currency2 must be one of ${supported.join(', ')} (got ${input.currency2})`);
    if (problems.length === 0 && base === quote) problems.push('currency2 must differ from currency1');
    if (problems.length > 0) throw new InvalidInputError(problems);
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const months = windowMonths(input.period ?? '1Y');
    const today = input.asOf ?? input.now.toISOString().slice(0, 10);
    const lastDay = input.before !== undefined && addDays(input.before, -1) < today ? addDays(input.before, -1) : today;
    const instruments = pairInstruments(base, quote);
    const closes = await this.#instruments.closes({ instruments, from: addMonthsToDay(lastDay, -months), to: lastDay, knownBy: cutoff });
    const series = pairSeries(base, quote, closes);
    const latest = series[series.length - 1];
    const from = latest === undefined ? undefined : addDays(addMonthsToDay(latest.period, -months), 1);
    const served = from === undefined ? [] : series.filter((figure) => figure.period >= from);
    const data: ExchangeRatePoints = served.flatMap((figure) =>
      figure.value === null ? [] : [{ date: `${figure.period}T00:00:00.000Z`, close: figure.value, exchangeRateName: `${base}/${quote}` }],
    );
    const { knowledgeAt, wasRestated } = provenance(served);
    return { data, vintage: { knowledgeAt, wasRestated } };
  }

  async getMarketRecap(input: { asOf?: string | undefined; now: Date }): Promise<Vintaged<MarketRecap>> {
    const cutoff = cutoffFor({ asOf: input.asOf, now: input.now });
    const lastDay = input.asOf ?? input.now.toISOString().slice(0, 10);
    const window = { from: addDays(lastDay, -RECAP_LOOKBACK_DAYS), to: lastDay };
    const lines = Object.values(RECAP).flat();
    const instruments = [...new Set(lines.flatMap((line) => ('instrument' in line ? [line.instrument] : pairInstruments(line.pair[0], line.pair[1]))))];
    const [closes, tiborServed] = await Promise.all([
      this.#instruments.closes({ instruments, ...window, knownBy: cutoff }),
      this.#macro.series({ series: [tiborSeries('3m')], cutoff, fromPeriod: window.from, toPeriod: window.to }),
    ]);
    const used: ServedFigure[] = [];
    const lastTwo = (figures: readonly ServedFigure[]): [ServedFigure, ServedFigure | undefined] | undefined => {
      const known = figures.filter((f) => f.value !== null);
      const last = known[known.length - 1];
      return last === undefined ? undefined : [last, known[known.length - 2]];
    };
    const item = (index: string, time: string, pair: [ServedFigure, ServedFigure | undefined] | undefined) => {
      if (pair === undefined) return undefined;
      const [last, previous] = pair;
      used.push(last, ...(previous === undefined ? [] : [previous]));
      const { change, changePercent } = dayChange(last.value, previous?.value);
      const stamp = tokyoTime(last.period, time);
      return { index, value: last.value, changeValue: change, changePercent, datetime: stamp, atClose: stamp };
    };
    const recapLines = (group: RecapLine[]): MarketIndexItem[] =>
      group.flatMap((line) => {
        const figures = 'pair' in line ? pairSeries(line.pair[0], line.pair[1], closes) : closes.filter((c) => c.instrument === line.instrument).map(asFigure);
        const found = item(line.index, line.time, lastTwo(figures));
        return found === undefined ? [] : [found];
      });
    const tibor = item('TIBOR 3M', '11:00:00', lastTwo(tiborServed.get(tiborSeries('3m')) ?? []));
    const interbank: InterbankRateItem[] = tibor === undefined || tibor.value === null ? [] : [{ ...tibor, value: tibor.value, changePercent: null }];
    const recap = {
      nikkeiJpxGold: recapLines(RECAP.nikkeiJpxGold),
      nikkeiJpxOil: recapLines(RECAP.nikkeiJpxOil),
      tokyoStockExchangeReit: recapLines(RECAP.tokyoStockExchangeReit),
      topix: recapLines(RECAP.topix),
      interbankRates3m: interbank,
      currencyRate: recapLines(RECAP.currencyRate),
    };
    const stamps = Object.values(recap)
      .flatMap((items) => items.map((i) => i.datetime))
      .sort();
    const { knowledgeAt, wasRestated } = provenance(used);
    return { data: { updateTime: stamps[stamps.length - 1] ?? tokyoTime(lastDay, '00:00:00'), ...recap }, vintage: { knowledgeAt, wasRestated } };
  }
}
