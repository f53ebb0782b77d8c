import type { RouteReads } from '../../edge/route-reads.ts';
import { storedFacts } from '../../facts/names.ts';
import { BROAD_DOLLAR_INDEX, DOLLAR_INDEX, fxInstrument } from '../instruments/instruments.catalogue.ts';
import { DEFAULT_CORRELATION_ASSETS, DEFAULT_TABLE_PAIRS, EM_PAIRS } from './fx.catalogue.ts';
import { requestedAssets, requestedPairs } from './fx.symbols.ts';

/** What each FX endpoint reads (src/edge/route-reads.ts). */

const close = (symbol: string) => storedFacts.close(fxInstrument(symbol));
const closesOf = (symbols: readonly string[]) => symbols.map(close);
/** Every stored pair: what a request may name. */
const ANY_PAIR = storedFacts.close(fxInstrument('*'));

export const fxSummaryReads: RouteReads = {
  example: '/fx/summary',
  fields: { 'dxy.value': [storedFacts.close(DOLLAR_INDEX)], 'usdJpy.value': [close('USD/JPY')], 'emStress.level': closesOf(EM_PAIRS) },
  derived: ['dxy.changePct', 'usdJpy.changePct', 'emStress.score', 'emStress.panicCount', 'emStress.warningCount'],
  labels: ['dxy.asOf', 'dxy.source', 'usdJpy.asOf', 'usdJpy.source'],
};

/** A table of named pairs reads those pairs. */
export const fxTableReads: RouteReads<unknown, { pairs?: string }> = {
  example: '/fx/table',
  fields: { 'rows[].lastPrice': closesOf(DEFAULT_TABLE_PAIRS) },
  derived: ['rows[].changePct', 'rows[].sparkline10d', 'rows[].high52w', 'rows[].low52w'],
  labels: ['asOf', 'rows[].pair', 'rows[].asOf'],
  onRequest: [ANY_PAIR],
  named: ({ query }) => requestedPairs(query.pairs)?.map(close),
};

/** A correlation of named assets reads those assets. */
export const fxCorrelationReads: RouteReads<unknown, { assets?: string }> = {
  example: '/fx/correlation',
  fields: { matrix: closesOf(DEFAULT_CORRELATION_ASSETS) },
  derived: ['samples'],
  labels: ['window', 'asOf', 'symbols'],
  // The Fed's broad dollar index is asked for by its FRED id (`assets=DXY,DTWEXBGS`).
  onRequest: [ANY_PAIR, storedFacts.close(BROAD_DOLLAR_INDEX)],
  named: ({ query }) => requestedAssets(query.assets)?.map(close),
};

export const fxEmStressReads: RouteReads = {
  example: '/fx/em-stress',
  fields: { 'pairs[].latestPrice': closesOf(EM_PAIRS) },
  derived: ['pairs[].vol30d', 'pairs[].vol90dMean', 'pairs[].vol90dSd', 'pairs[].zScore', 'pairs[].priceZScore', 'pairs[].level', 'pairs[].sampleN'],
  labels: ['asOf', 'pairs[].pair'],
};
