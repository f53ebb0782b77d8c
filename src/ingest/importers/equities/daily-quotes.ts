import type { Importer } from '../../source.ts';
import type { EquityActionRow, EquityBarRow } from '../../../domains/equities/equities.tables.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { J_QUANTS_SOURCE, readRecords, RecordReader } from './json-records.ts';

interface ParsedQuotes {
  bars: Omit<EquityBarRow, 'source'>[];
  actions: Omit<EquityActionRow, 'source'>[];
}

/** Rows per upsert statement: well inside both dialects' parameter limits. */
const UPSERT_CHUNK = 1000;

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
    for (const session of sessions) {
      // Claimed by the publisher even where the demo had it, so clearing the demo keeps the session.
      await db.insertInto('equity_session').values(session).onConflict((oc) => oc.column('date').doUpdateSet({ source: J_QUANTS_SOURCE })).execute();
    }
    const rows = parsed.bars.map((bar) => ({ ...bar, source: J_QUANTS_SOURCE }));
    for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
      await db
        .insertInto('equity_bar')
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['code', 'date']).doUpdateSet((eb) => ({
            close: eb.ref('excluded.close'),
            volume: eb.ref('excluded.volume'),
            trading_value: eb.ref('excluded.trading_value'),
            source: eb.ref('excluded.source'),
          })),
        )
        .execute();
    }
    for (const action of parsed.actions) {
      const row = { ...action, source: J_QUANTS_SOURCE };
      await db
        .insertInto('equity_action')
        .values(row)
        .onConflict((oc) => oc.columns(['code', 'effective_date']).doUpdateSet({ kind: row.kind, ratio: row.ratio, source: row.source }))
        .execute();
    }
    return parsed.bars.length + parsed.actions.length;
  },
};

