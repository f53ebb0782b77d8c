import { FACT_FAMILIES, type FactFamily } from '../../facts/families.ts';
import { fullIssueCode } from '../equities/issue-code.ts';

/** Where one series is read (series.repo.ts). */
export type SeriesSource =
  | { kind: 'close'; instrument: string }
  | { kind: 'macro'; series: string }
  | { kind: 'equity-bar'; code: string }
  | { kind: 'etf-price'; code: string }
  | { kind: 'etf-nav'; code: string }
  | { kind: 'coin'; coinId: string }
  | { kind: 'crypto-metric'; metric: string }
  | { kind: 'fear-greed' };

/**
 * The families a series can be asked of, and what the key after the family's name is. Keyed
 * families of the registry (`index.close:N225`) name one series each; a family the registry
 * keeps at its table's grain (`equity.bar`, one fact for every issue) is asked one instrument
 * at a time (`equity.bar:7203`). The others (names, holdings, events, geography) are no series.
 */
const SERIES_FAMILIES: Readonly<Record<string, { key: string | null; source: (key: string) => SeriesSource }>> = {
  'index.close': { key: 'the index code', source: (key) => ({ kind: 'close', instrument: `index:${key}` }) },
  'fx.close': { key: 'the pair', source: (key) => ({ kind: 'close', instrument: `fx:${key}` }) },
  'commodity.close': { key: 'the commodity', source: (key) => ({ kind: 'close', instrument: `commodity:${key}` }) },
  macro: { key: 'the series', source: (key) => ({ kind: 'macro', series: key }) },
  'crypto.metric': { key: 'the metric', source: (key) => ({ kind: 'crypto-metric', metric: key }) },
  'crypto.fearGreed': { key: null, source: () => ({ kind: 'fear-greed' }) },
  // The coin, by symbol or CoinGecko id: the service resolves it to one id.
  'crypto.snapshot': { key: 'the coin', source: (key) => ({ kind: 'coin', coinId: key }) },
  // J-Quants' 5-character code; a 4-character ticker gets its `0`, as /market/jp/equities does.
  'equity.bar': { key: 'the issue code', source: (key) => ({ kind: 'equity-bar', code: fullIssueCode(key) }) },
  'etf.price': { key: 'the fund code', source: (key) => ({ kind: 'etf-price', code: key }) },
  'etf.nav': { key: 'the fund code', source: (key) => ({ kind: 'etf-nav', code: key }) },
};

/**
 * The families the registry keeps at their table's grain (one fact for every issue, coin or
 * fund): `/series` lists one series per instrument the store holds of them.
 */
export const INSTRUMENT_FAMILIES = ['crypto.snapshot', 'equity.bar', 'etf.nav', 'etf.price'] as const;
export type InstrumentFamily = (typeof INSTRUMENT_FAMILIES)[number];

interface SeriesName {
  family: FactFamily;
  key: string;
  source: SeriesSource;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

/** The series `fact` names (`index.close:N225`, `equity.bar:7203`), or a reason it names none. */
export function seriesOf(fact: string): SeriesName | string {
  const colon = fact.indexOf(':');
  const familyName = colon < 0 ? fact : fact.slice(0, colon);
  const key = colon < 0 ? '' : fact.slice(colon + 1);
  const family = FACT_FAMILIES.find((candidate) => candidate.name === familyName);
  if (family === undefined) return `fact ${JSON.stringify(fact)} names no fact family (GET /openapi/v1/series lists them)`;
  const series = SERIES_FAMILIES[family.name];
  if (series === undefined) return `fact ${JSON.stringify(fact)}: ${family.name} (${family.what}) is not a series of figures`;
  if (series.key === null) return key === '' ? { family, key, source: series.source(key) } : `fact ${JSON.stringify(fact)}: ${family.name} takes no key`;
  if (!KEY.test(key)) return `fact ${JSON.stringify(fact)}: ${family.name} needs ${series.key} after a colon (${family.name}:…)`;
  return { family, key, source: series.source(key) };
}

/** Whether `family` has series of figures (`index.close`, `macro`), not names, holdings, events or geography. */
export const isSeriesFamily = (family: string): boolean => SERIES_FAMILIES[family] !== undefined;

/**
 * The `/series/{fact}` path of a series as a client sends it: the key percent-encoded, so a
 * pair's slash is `%2F` (`/series/fx.close:USD%2FJPY`); the colon may stay, as a path allows.
 */
export const seriesPath = (id: string): string => `/series/${encodeURIComponent(id).replaceAll('%3A', ':')}`;
