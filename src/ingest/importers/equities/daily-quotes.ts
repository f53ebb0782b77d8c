import type { Importer } from '../../source.ts';
import type { EquityActionRow, EquityBarRow } from '../../../domains/equities/equities.tables.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { J_QUANTS_SOURCE, readRecords, RecordReader } from './json-records.ts';
import { insertRows } from '../../loader.ts';

interface ParsedQuotes {
  bars: Omit<EquityBarRow, 'source'>[];
  actions: Omit<EquityActionRow, 'source'>[];
}


/** 1 / 0.333333 is a 1:3 split: ratios keep four decimals. */
const roundRatio = (ratio: number) => Math.round(ratio * 10_000) / 10_000;

/**
 * J-Quants daily quotes (`/prices/daily_quotes`): raw Close, Volume, TurnoverValue and the
 * AdjustmentFactor of the day (0.5 on the first session after a 1:2 split). The factor
 * becomes a corporate action; the adjusted columns are not loaded, the hub computes them.
 */
export const dailyQuotesImporter: Importer<ParsedQuotes> = {
  dataset: 'jquants-daily-quotes',
  datasets: ['equities'],
  description: 'J-Quants daily quotes JSON ({"daily_quotes": [...]}) with AdjustmentFactor',
  source: J_QUANTS_SOURCE,
  canonicalForm: canonicalJson,
  parse(content, fileName) {
    const bars: ParsedQuotes['bars'] = [];
    const actions: ParsedQuotes['actions'] = [];
    readRecords(content, fileName, 'daily_quotes').forEach((record, i) => {
      const read: RecordReader = new RecordReader(fileName, 'daily_quotes', i, record);
      const code = read.code('Code');
      const date = read.date('Date');
      const factor = read.figure('AdjustmentFactor') ?? 1;
      if (factor <= 0) read.fail(`AdjustmentFactor must be positive (got ${factor})`);
      if (factor !== 1) {
        const ratio = roundRatio(1 / factor);
        actions.push({ code, effective_date: date, kind: ratio > 1 ? 'split' : 'reverse_split', ratio });
      }
      const close = read.figure('Close');
      // No trade that day: J-Quants sends nulls; there is no bar to store.
      if (close === null) return;
      const volume = read.figure('Volume');
      const tradingValue = read.figure('TurnoverValue');
      if (volume === null || tradingValue === null) read.fail('Volume and TurnoverValue are required when Close is present');
      bars.push({ code, date, close, volume, trading_value: tradingValue });
    });
    return { bars, actions };
  },
  async load(db, parsed) {
    const sessions = [...new Set(parsed.bars.map((b) => b.date))].map((date) => ({ date, source: J_QUANTS_SOURCE }));
    // Claimed by the publisher even where the demo had it, so clearing the demo keeps the session.
    await insertRows(db, 'equity_session', sessions, { onConflict: { key: ['date'], keep: 'new' } });
    await insertRows(db, 'equity_bar', parsed.bars.map((bar) => ({ ...bar, source: J_QUANTS_SOURCE })), { onConflict: { key: ['code', 'date'], keep: 'new' } });
    await insertRows(db, 'equity_action', parsed.actions.map((action) => ({ ...action, source: J_QUANTS_SOURCE })), {
      onConflict: { key: ['code', 'effective_date'], keep: 'new', update: ['kind', 'ratio', 'source'] },
    });
    return parsed.bars.length + parsed.actions.length;
  },
};

