import { commodityInstrument, indexInstrument } from '../domains/instruments/instruments.catalogue.ts';

/**
 * The FRED series the hub stores, by FRED id, and the instrument each one is (one map for every
 * FRED importer and source). Ids and units are FRED's (docs/data-sources.md lists each series'
 * title and unit); a series is mapped only where its unit is the unit the hub serves the
 * commodity in, so no figure is converted.
 */
const INDEX_CODES: Readonly<Record<string, string>> = {
  SP500: 'SPX',
  DJIA: 'DJI',
  NASDAQCOM: 'IXIC',
  NIKKEI225: 'N225',
};

const COMMODITY_SLUGS: Readonly<Record<string, string>> = {
  // Daily spot prices (EIA, via FRED).
  DCOILWTICO: 'wti-crude', // USD per barrel, Cushing
  DCOILBRENTEU: 'brent-crude', // USD per barrel, Europe
  DHHNGSP: 'natural-gas', // USD per million Btu, Henry Hub
  DHOILNYH: 'heating-oil', // USD per gallon, No. 2 New York Harbor
  // Monthly averages (IMF Primary Commodity Prices, via FRED), dated the first of the month.
  PCOPPUSDM: 'copper-lme', // USD per metric ton
  PALUMUSDM: 'aluminium-lme', // USD per metric ton
  PZINCUSDM: 'zinc-lme', // USD per metric ton
  PNICKUSDM: 'nickel-lme', // USD per metric ton
  PIORECRUSDM: 'iron-ore', // USD per dry metric ton
  PCOALAUUSDM: 'coal-newcastle', // USD per metric ton, Australian (Newcastle)
  PCOCOUSDM: 'cocoa', // USD per metric ton
  PCOFFOTMUSDM: 'coffee-arabica', // US cents per pound, other mild arabica
  PSUGAISAUSDM: 'sugar-11', // US cents per pound, No. 11 world
  PCOTTINDUSDM: 'cotton', // US cents per pound
};

/**
 * The Federal Reserve Board's Nominal Broad U.S. Dollar Index (H.10; Index Jan 2006=100, daily):
 * the official trade-weighted dollar index, stored under its FRED id. Not a market index, so not
 * listed among the indices.
 */

export const FRED_INDEX_SERIES = Object.keys(INDEX_CODES);
export const FRED_DOLLAR_INDEX_SERIES = ['DTWEXBGS'];
export const FRED_COMMODITY_SERIES = Object.keys(COMMODITY_SLUGS);

/** The hub's index code of a FRED index series (`SP500` → `SPX`). */
export const fredIndexCode = (series: string): string | undefined => INDEX_CODES[series];

/** The instrument a FRED series is stored as (`SP500` → `index:SPX`, `DTWEXBGS` → `index:DTWEXBGS`, `DCOILWTICO` → `commodity:wti-crude`). */
export function fredInstrument(series: string): string | undefined {
  const code = INDEX_CODES[series];
  if (code !== undefined) return indexInstrument(code);
  if (FRED_DOLLAR_INDEX_SERIES.includes(series)) return indexInstrument(series);
  const slug = COMMODITY_SLUGS[series];
  return slug === undefined ? undefined : commodityInstrument(slug);
}

/** One FRED value: the series as FRED names it, a day, the figure, and where FRED wrote it (file and line or observation; never stored). */
export interface FredClose {
  series: string;
  date: string;
  close: number;
  where: string;
}
