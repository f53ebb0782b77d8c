import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import type { EquityActionRow, EquityBarRow } from '../../../store/tables/equities.tables.ts';
import { insertRows } from '../../../store/loader.ts';
import { J_QUANTS_SOURCE, jquantsImporter, type JQuantsRecords, type RecordReader } from './json-records.ts';
import { loadEtfSessions } from './etf-sessions.ts';

/** One issue's session: the equity bar's figures, the open, high and low included. */
interface QuoteBar extends Omit<EquityBarRow, 'source' | 'open' | 'high' | 'low'> {
  open: number | null;
  high: number | null;
  low: number | null;
}

interface ParsedQuotes {
  bars: QuoteBar[];
  actions: Omit<EquityActionRow, 'source'>[];
}

/** The facts of a day's figures: the bar's, and the adjustment factor's, a corporate action's ratio. */
const BAR = 'equity.bar';
const ACTION = 'equity.action';

/** 1 / 0.333333 is a 1:3 split: ratios keep four decimals. */
const roundRatio = (ratio: number) => Math.round(ratio * 10_000) / 10_000;

interface QuotesFields {
  code: string;
  date: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  tradingValue: string;
  factor: string;
}

/**
 * J-Quants daily quotes: raw close, volume, trading value and the adjustment factor of the day
 * (0.5 on the first session after a 1:2 split). The factor becomes a corporate action; the
 * adjusted columns are not loaded, the hub computes them. API v1 and v2 serve the same figures
 * under different names.
 */
const quotes: JQuantsRecords<QuotesFields, ParsedQuotes> = {
  empty: () => ({ bars: [], actions: [] }),
  add(read: RecordReader, fields, { bars, actions }) {
    const code = read.code(fields.code);
    const date = read.date(fields.date);
    const factor = read.figure(fields.factor, ACTION) ?? 1;
    if (factor <= 0) read.fail(`${fields.factor} must be positive (got ${factor})`);
    if (factor !== 1) {
      const ratio = roundRatio(1 / factor);
      actions.push({ code, effective_date: date, kind: ratio > 1 ? 'split' : 'reverse_split', ratio });
    }
    const close = read.figure(fields.close, BAR);
    // No trade that day: J-Quants sends nulls; there is no bar to store.
    if (close === null) return;
    const volume = read.figure(fields.volume, BAR);
    const tradingValue = read.figure(fields.tradingValue, BAR);
    if (volume === null || tradingValue === null) read.fail(`${fields.volume} and ${fields.tradingValue} are required when ${fields.close} is present`);
    bars.push({
      code,
      date,
      open: read.optionalFigure(fields.open, BAR),
      high: read.optionalFigure(fields.high, BAR),
      low: read.optionalFigure(fields.low, BAR),
      close,
      volume,
      trading_value: tradingValue,
    });
  },
  load: loadQuotes,
};

/** API v1 `/prices/daily_quotes`. */
export const dailyQuotesImporter = jquantsImporter(
  {
    dataset: 'jquants-daily-quotes',
    description: 'J-Quants API v1 daily quotes JSON ({"daily_quotes": [...]}) with AdjustmentFactor',
    key: 'daily_quotes',
    datasets: ['equities', 'etf'],
    fields: {
      code: 'Code',
      date: 'Date',
      open: 'Open',
      high: 'High',
      low: 'Low',
      close: 'Close',
      volume: 'Volume',
      tradingValue: 'TurnoverValue',
      factor: 'AdjustmentFactor',
    },
  },
  quotes,
);

/** API v2 `/equities/bars/daily` (pages merged into one `data` array). */
export const barsDailyImporter = jquantsImporter(
  {
    dataset: 'jquants-equities-bars-daily',
    description: 'J-Quants API v2 daily bars JSON (/equities/bars/daily: {"data": [...]}) with AdjFactor',
    key: 'data',
    datasets: ['equities', 'etf'],
    fields: { code: 'Code', date: 'Date', open: 'O', high: 'H', low: 'L', close: 'C', volume: 'Vo', tradingValue: 'Va', factor: 'AdjFactor' },
  },
  quotes,
);

async function loadQuotes(db: Transaction<Database>, parsed: ParsedQuotes): Promise<number> {
  const sessions = [...new Set(parsed.bars.map((b) => b.date))].map((date) => ({ date, source: J_QUANTS_SOURCE }));
  // Claimed by the publisher even where the demo had it, so clearing the demo keeps the session.
  await insertRows(db, 'equity_session', sessions, { onConflict: { key: ['date'], keep: 'new' } });
  const etfCodes = await loadEtfSessions(db, parsed.bars, J_QUANTS_SOURCE);
  const equityBars = parsed.bars
    .filter((bar) => !etfCodes.has(bar.code))
    .map((bar) => ({
      code: bar.code,
      date: bar.date,
      open: bar.open,
      high: bar.high,
      low: bar.low,
      close: bar.close,
      volume: bar.volume,
      trading_value: bar.trading_value,
      source: J_QUANTS_SOURCE,
    }));
  await insertRows(db, 'equity_bar', equityBars, { onConflict: { key: ['code', 'date'], keep: 'new' } });
  await insertRows(
    db,
    'equity_action',
    parsed.actions.map((action) => ({ ...action, source: J_QUANTS_SOURCE })),
    {
      onConflict: { key: ['code', 'effective_date'], keep: 'new', update: ['kind', 'ratio', 'source'] },
    },
  );
  return parsed.bars.length + parsed.actions.length;
}
