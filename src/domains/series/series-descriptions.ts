import type { Fact } from '../../facts/registry.ts';
import { COMMODITIES } from '../commodities/commodities.catalog.ts';
import { CRYPTO_METRIC_DESCRIPTIONS, type CryptoMetricName } from '../crypto/crypto.metrics.ts';
import { DOLLAR_INDEX_REPLICA_LABEL } from '../fx/dollar-index-replica.ts';
import { INDEX_CATALOGUE } from '../indices/indices.catalogue.ts';
import { macroCountryName, macroSeriesDescription } from '../macro/series-descriptions.ts';
import type { StoredDescription, StoredInstrument } from './series.repo.ts';

/** What `/series` says of one series: the publisher's words where a release carried them, else the registry's, once per fact. */
export interface SeriesDescription {
  name: string;
  unit: string;
  seasonalAdjustment: string | null;
  notes: string | null;
  /** Words a person may search it by beyond its id and name: codes, symbols, currency and local names. */
  aliases: string[];
}

/** The reference tables' names of indices (`market_index`), by code. */
export type IndexNames = ReadonlyMap<string, { name: string; currency: string }>;

const CURRENCY_NAMES = new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'code' });
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const COMMODITY_BY_SLUG = new Map(COMMODITIES.map((commodity) => [commodity.id, commodity]));
const CATALOGUED_INDICES = new Map(INDEX_CATALOGUE.map((index) => [index.code, index]));

/** Indices the store holds that are no market's index: the Fed's broad dollar index (FRED's title and units) and the hub's replica of ICE's. */
const OTHER_INDICES: Readonly<Record<string, { name: string; unit: string; notes: string | null }>> = {
  DTWEXBGS: { name: 'Nominal Broad U.S. Dollar Index', unit: 'index Jan 2006 = 100', notes: null },
  'USDX-ECB-REPLICA': { name: 'U.S. Dollar Index replica (from ECB reference rates)', unit: 'index points', notes: DOLLAR_INDEX_REPLICA_LABEL },
};

const plain = (name: string, unit: string, aliases: string[] = [], notes: string | null = null): SeriesDescription => ({
  name,
  unit,
  seasonalAdjustment: null,
  notes,
  aliases,
});

/** The commodities the Osaka Exchange quotes in yen, which the commodity list does not serve (the twin's market recap shows them). */
const JPX_COMMODITIES: Readonly<Record<string, { name: string; unit: string }>> = {
  'jpx-gold': { name: 'JPX Gold', unit: 'JPY per gram' },
  'jpx-dubai-crude': { name: 'JPX Dubai Crude Oil', unit: 'JPY per kilolitre' },
};

/**
 * A pair's currencies by their names (CLDR's, as `Intl` gives them), and each name's last word
 * as a whole alias (`Japanese Yen` → `yen`), so `yen` puts the yen's pairs first.
 */
function pair(key: string): SeriesDescription {
  const [base = '', quote = ''] = key.split('/');
  const baseName = CURRENCY_NAMES.of(base) ?? base;
  const quoteName = CURRENCY_NAMES.of(quote) ?? quote;
  const commonNames = [baseName, quoteName].map((name) => name.split(' ').at(-1) ?? name);
  return plain(`${baseName} to ${quoteName} (${key}) reference rate`, `${quote} per ${base}`, [base, quote, ...commonNames]);
}

function index(key: string, names: IndexNames): SeriesDescription {
  const other = OTHER_INDICES[key];
  if (other !== undefined) return plain(other.name, other.unit, [key], other.notes);
  const name = names.get(key)?.name ?? CATALOGUED_INDICES.get(key)?.name ?? key;
  return plain(`${name} (${key}) daily close`, 'index points', [key]);
}

function commodity(key: string): SeriesDescription {
  const jpx = JPX_COMMODITIES[key];
  if (jpx !== undefined) return plain(`${jpx.name} price`, jpx.unit, [key]);
  const known = COMMODITY_BY_SLUG.get(key);
  return known === undefined ? plain(`${key} price`, 'the quoted unit', [key]) : plain(`${known.name} price`, known.unit, [key]);
}

function metric(key: string, fact: Fact): SeriesDescription {
  const known = CRYPTO_METRIC_DESCRIPTIONS[key as CryptoMetricName] as { name: string; unit: string } | undefined;
  return known === undefined ? plain(`${fact.what} (${key})`, fact.unit, [key]) : plain(known.name, known.unit, [key]);
}

function macro(key: string, fact: Fact): SeriesDescription {
  const known = macroSeriesDescription(key);
  return known === undefined ? plain(`${fact.what} (${key})`, fact.unit) : plain(known.name, known.unit);
}

/**
 * A registry fact's description (`index.close:N225`, `macro:us.cpi`, `etf.trustFee`): the release's
 * own where one carried it, else the registry's by family and key. A fact of no series keeps the
 * family's description.
 */
export function describeFact(fact: Fact, stored: StoredDescription | undefined, indexNames: IndexNames): SeriesDescription {
  const colon = fact.name.indexOf(':');
  const key = colon < 0 ? '' : fact.name.slice(colon + 1);
  const registered = registryDescription(fact, key, indexNames);
  if (stored === undefined) return registered;
  return {
    // A publisher's title may not name the country (FRED's `Unemployment Rate`): a macro name leads with it, as the registry's do.
    name: fact.family === 'macro' ? `${macroCountryName(key) ?? key}: ${stored.name}` : stored.name,
    unit: stored.unit,
    seasonalAdjustment: stored.seasonalAdjustment,
    notes: stored.notes,
    aliases: [...registered.aliases, registered.name],
  };
}

function registryDescription(fact: Fact, key: string, indexNames: IndexNames): SeriesDescription {
  switch (fact.family) {
    case 'fx.close':
      return pair(key);
    case 'index.close':
      return index(key, indexNames);
    case 'commodity.close':
      return commodity(key);
    case 'crypto.metric':
      return metric(key, fact);
    case 'macro':
      return macro(key, fact);
    case 'crypto.fearGreed':
      return plain('Crypto Fear & Greed Index', fact.unit);
    default:
      // A fact kept by country (`calendar.event:jp`, `re.province:vn`) is named with its country.
      return key === '' ? plain(fact.what, fact.unit) : plain(`${REGION_NAMES.of(key.toUpperCase()) ?? key}: ${fact.what}`, fact.unit, [key]);
  }
}

/** One issue's, coin's or fund's series, named by its reference table (J-Quants' issue name, CoinGecko's coin name, the manager's fund name). */
export function describeInstrument(instrument: StoredInstrument, listedKey: string): SeriesDescription {
  const name = instrument.name ?? listedKey;
  const aliases = [
    instrument.key,
    ...(instrument.symbol === undefined ? [] : [instrument.symbol]),
    ...(instrument.localName === undefined ? [] : [instrument.localName]),
  ];
  switch (instrument.family) {
    case 'equity.bar':
      return plain(`${name} (${listedKey}) daily price`, 'JPY', aliases);
    case 'crypto.snapshot':
      return plain(`${name} (${instrument.symbol?.toUpperCase() ?? listedKey}) price`, 'USD', aliases);
    case 'etf.price':
      return plain(`${name} (${listedKey}) daily price`, instrument.currency ?? 'the fund’s currency', aliases);
    case 'etf.nav':
      return plain(`${name} (${listedKey}) net asset value per unit`, instrument.currency ?? 'the fund’s currency', aliases);
  }
}
