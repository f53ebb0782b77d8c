/**
 * The demo's instruments and the shape of their histories: anchors (decimal year, level) the
 * walk reverts to, daily volatility, loadings on the common factors, decimals, and the chance
 * that a day has no published close. Levels are plausible, not market data.
 */
import { commodityInstrument, fxInstrument, indexInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { INDEX_CATALOGUE } from '../../../domains/indices/indices.catalogue.ts';

export type Anchors = readonly (readonly [number, number])[];

/** Common daily shocks: the dollar, risk appetite, world equities, Japanese equities. */
export const FACTORS = ['dollar', 'riskOff', 'world', 'japan'] as const;
export type Factor = (typeof FACTORS)[number];

export interface WalkedInstrument {
  instrument: string;
  anchors: Anchors;
  /** Annualised volatility, percent. */
  vol: number;
  loadings: Partial<Record<Factor, number>>;
  decimals: number;
  /** Chance that a day has no published close (local holidays, missing fixings). */
  gap: number;
  /** Hour (UTC) the close is published: its knowledge time. */
  publishedHourUtc: number;
}

/** Anchors of a level that drifts at `drift` a year from `since` and stands at `level` at `at` (flat before `since`). */
function drifting(level: number, drift: number, { at = 2026.5, since = 2006 }: { at?: number; since?: number } = {}): Anchors {
  return [
    [since, level * Math.exp(drift * (since - at))],
    [at, level],
    [2027, level * Math.exp(drift * (2027 - at))],
  ];
}

interface PairSpec {
  pair: string;
  anchors: Anchors;
  vol: number;
  usd: number;
  risk: number;
  decimals: number;
  gap: number;
}

// Loadings: a stronger dollar lifts USD/xxx and lowers xxx/USD; risk-off lifts EM pairs, lowers USD/JPY and AUD/USD.
const PAIRS: readonly PairSpec[] = [
  {
    pair: 'EUR/USD',
    anchors: [
      [2006, 1.2],
      [2008.5, 1.57],
      [2010.4, 1.22],
      [2011.3, 1.45],
      [2015.2, 1.08],
      [2018, 1.23],
      [2020.3, 1.08],
      [2021, 1.22],
      [2022.7, 0.98],
      [2023.5, 1.1],
      [2025, 1.03],
      [2025.5, 1.17],
      [2026.5, 1.16],
    ],
    vol: 7,
    usd: -0.9,
    risk: 0,
    decimals: 5,
    gap: 0,
  },
  {
    pair: 'GBP/USD',
    anchors: [
      [2006, 1.75],
      [2007.9, 2.05],
      [2009, 1.42],
      [2014.5, 1.71],
      [2016.6, 1.3],
      [2020.2, 1.18],
      [2021.3, 1.4],
      [2022.7, 1.08],
      [2024.7, 1.33],
      [2025, 1.24],
      [2025.5, 1.36],
      [2026.5, 1.34],
    ],
    vol: 8,
    usd: -0.8,
    risk: -0.2,
    decimals: 5,
    gap: 0,
  },
  {
    pair: 'USD/JPY',
    anchors: [
      [2006, 117],
      [2007.5, 122],
      [2008.9, 92],
      [2011.8, 77],
      [2012.9, 84],
      [2013.5, 100],
      [2015.5, 124],
      [2016.6, 101],
      [2018, 110],
      [2020, 108],
      [2021.9, 114],
      [2022.8, 150],
      [2023.1, 130],
      [2024.5, 160],
      [2024.7, 142],
      [2025.1, 156],
      [2025.3, 143],
      [2026.5, 151],
    ],
    vol: 10,
    usd: 0.6,
    risk: -0.4,
    decimals: 3,
    gap: 0,
  },
  { pair: 'USD/CHF', anchors: drifting(0.8052, 0), vol: 7.5, usd: 0.8, risk: -0.2, decimals: 5, gap: 0 },
  {
    pair: 'AUD/USD',
    anchors: [
      [2006, 0.74],
      [2008.5, 0.97],
      [2008.9, 0.62],
      [2011.6, 1.1],
      [2015, 0.75],
      [2018, 0.8],
      [2020.2, 0.58],
      [2021.1, 0.78],
      [2022.8, 0.63],
      [2024, 0.67],
      [2025.3, 0.61],
      [2026.5, 0.66],
    ],
    vol: 10,
    usd: -0.6,
    risk: -0.5,
    decimals: 5,
    gap: 0,
  },
  { pair: 'USD/CAD', anchors: drifting(1.3684, 0), vol: 6, usd: 0.6, risk: 0.3, decimals: 5, gap: 0 },
  { pair: 'NZD/USD', anchors: drifting(0.6047, 0), vol: 10.5, usd: -0.6, risk: -0.5, decimals: 5, gap: 0 },
  { pair: 'USD/SEK', anchors: drifting(9.5512, 0), vol: 10, usd: 0.85, risk: 0.2, decimals: 4, gap: 0 },
  {
    pair: 'USD/CNY',
    anchors: [
      [2006, 8.05],
      [2008.5, 6.83],
      [2010.5, 6.83],
      [2014, 6.05],
      [2016.9, 6.95],
      [2018, 6.3],
      [2019.7, 7.15],
      [2021.9, 6.36],
      [2023, 6.9],
      [2023.8, 7.3],
      [2025, 7.3],
      [2026.5, 7.12],
    ],
    vol: 3.5,
    usd: 0.5,
    risk: 0.2,
    decimals: 4,
    gap: 0.02,
  },
  { pair: 'USD/HKD', anchors: drifting(7.8312, 0), vol: 0.5, usd: 0.1, risk: 0, decimals: 4, gap: 0.01 },
  { pair: 'USD/SGD', anchors: drifting(1.2846, 0), vol: 5, usd: 0.7, risk: 0.2, decimals: 4, gap: 0.01 },
  { pair: 'USD/KRW', anchors: drifting(1385.2, 0), vol: 8.5, usd: 0.5, risk: 0.5, decimals: 2, gap: 0.02 },
  { pair: 'USD/INR', anchors: drifting(86.412, 0.025), vol: 4, usd: 0.4, risk: 0.4, decimals: 3, gap: 0.03 },
  { pair: 'USD/IDR', anchors: drifting(17500.9, 0.03), vol: 6, usd: 0.4, risk: 0.5, decimals: 1, gap: 0.03 },
  {
    pair: 'USD/VND',
    anchors: [
      [2006, 15900],
      [2008, 16000],
      [2011, 20800],
      [2015, 22000],
      [2019, 23200],
      [2022.8, 24800],
      [2023.2, 23400],
      [2024.3, 25400],
      [2025.5, 26200],
      [2026.5, 26300],
    ],
    vol: 2.5,
    usd: 0.3,
    risk: 0.2,
    decimals: 0,
    gap: 0.02,
  },
  { pair: 'USD/THB', anchors: drifting(32.614, 0), vol: 7, usd: 0.5, risk: 0.4, decimals: 3, gap: 0.03 },
  { pair: 'USD/PHP', anchors: drifting(57.215, 0.01), vol: 5, usd: 0.4, risk: 0.4, decimals: 3, gap: 0.03 },
  { pair: 'USD/MYR', anchors: drifting(4.2215, 0), vol: 5.5, usd: 0.5, risk: 0.3, decimals: 4, gap: 0.03 },
  { pair: 'USD/BRL', anchors: drifting(5.4821, 0.02), vol: 14, usd: 0.3, risk: 0.6, decimals: 4, gap: 0.03 },
  { pair: 'USD/MXN', anchors: drifting(18.9473, 0.01), vol: 12, usd: 0.3, risk: 0.6, decimals: 4, gap: 0.02 },
  { pair: 'USD/ZAR', anchors: drifting(18.0536, 0.01), vol: 14.5, usd: 0.3, risk: 0.7, decimals: 4, gap: 0.02 },
  {
    pair: 'USD/TRY',
    anchors: [
      [2006, 1.35],
      [2008.8, 1.7],
      [2013, 1.8],
      [2018.6, 6],
      [2021.9, 13],
      [2023.5, 26],
      [2025, 35],
      [2026.5, 41.2],
    ],
    vol: 9,
    usd: 0.2,
    risk: 0.3,
    decimals: 4,
    gap: 0.02,
  },
];

/** Index anchors where the demo tells a story (Tokyo's 2024–26 rally); the rest drift up 7% a year. */
const INDEX_ANCHORS: Readonly<Record<string, Anchors>> = {
  N225: [
    [2006, 16000],
    [2008.9, 8500],
    [2012.9, 10000],
    [2015.5, 20500],
    [2018.8, 24000],
    [2020.2, 17000],
    [2021.7, 29500],
    [2022.7, 26000],
    [2023.5, 33000],
    [2024.2, 40000],
    [2024.6, 36000],
    [2025.2, 38000],
    [2025.3, 33000],
    [2025.6, 40000],
    [2025.9, 45000],
    [2026.5, 49000],
  ],
  TOPIX: [
    [2006, 1650],
    [2008.9, 800],
    [2012.9, 850],
    [2015.5, 1650],
    [2018, 1800],
    [2020.2, 1300],
    [2021.7, 2050],
    [2022.7, 1850],
    [2023.5, 2300],
    [2024.2, 2750],
    [2024.6, 2550],
    [2025.2, 2700],
    [2025.3, 2400],
    [2025.6, 2850],
    [2025.9, 3150],
    [2026.5, 3350],
  ],
  VNINDEX: [
    [2006, 500],
    [2007.2, 1100],
    [2009.2, 250],
    [2012.5, 400],
    [2018.3, 1180],
    [2020.2, 660],
    [2022, 1500],
    [2022.9, 950],
    [2024.5, 1250],
    [2025.3, 1150],
    [2025.9, 1650],
    [2026.5, 1350],
  ],
  TSEREIT: [
    [2006, 1900],
    [2008.9, 800],
    [2013.3, 1700],
    [2019.9, 2200],
    [2020.3, 1500],
    [2023, 1900],
    [2025, 1650],
    [2025.6, 1800],
    [2026.5, 1950],
  ],
};
const INDEX_LEVELS: Readonly<Record<string, { level: number; vol: number }>> = {
  N225: { level: 49000, vol: 20 },
  TOPIX: { level: 3350, vol: 17 },
  TSEGCORE: { level: 884.17, vol: 27 },
  TSEG250: { level: 721.35, vol: 25 },
  JPXNK400: { level: 25108.64, vol: 17 },
  TOPIXC30: { level: 1291.08, vol: 18 },
  TSEREIT: { level: 1950, vol: 12 },
  SPX: { level: 6052.38, vol: 16 },
  DJI: { level: 43217.55, vol: 14 },
  IXIC: { level: 19846.21, vol: 21 },
  UKX: { level: 8823.4, vol: 13 },
  DAX: { level: 23604.71, vol: 18 },
  CAC: { level: 7731.26, vol: 17 },
  HSI: { level: 23894.12, vol: 24 },
  SHCOMP: { level: 3391.48, vol: 18 },
  KOSPI: { level: 2951.07, vol: 19 },
  AS51: { level: 8542.3, vol: 13 },
  SENSEX: { level: 82306.59, vol: 14 },
  VNINDEX: { level: 1345.62, vol: 18 },
};

/** Level in late 2025, annual volatility (fraction) and drift, and decimals of each demo commodity. */
const COMMODITY_LEVELS: Readonly<Record<string, { level: number; vol: number; drift: number; decimals: number }>> = {
  'wti-crude': { level: 70, vol: 0.35, drift: 0.05, decimals: 2 },
  'brent-crude': { level: 74, vol: 0.33, drift: 0.05, decimals: 2 },
  'natural-gas': { level: 3.5, vol: 0.6, drift: 0, decimals: 3 },
  'heating-oil': { level: 2.4, vol: 0.35, drift: 0.03, decimals: 4 },
  'gasoline-rbob': { level: 2.2, vol: 0.35, drift: 0.03, decimals: 4 },
  'coal-newcastle': { level: 110, vol: 0.3, drift: 0, decimals: 2 },
  silver: { level: 36, vol: 0.28, drift: 0.15, decimals: 3 },
  platinum: { level: 1000, vol: 0.25, drift: 0.1, decimals: 2 },
  palladium: { level: 1000, vol: 0.3, drift: 0.05, decimals: 2 },
  'copper-lme': { level: 9500, vol: 0.22, drift: 0.08, decimals: 1 },
  'aluminium-lme': { level: 2500, vol: 0.2, drift: 0.04, decimals: 1 },
  'zinc-lme': { level: 2800, vol: 0.22, drift: 0.1, decimals: 1 },
  'nickel-lme': { level: 15500, vol: 0.25, drift: 0, decimals: 0 },
  'iron-ore': { level: 100, vol: 0.25, drift: 0, decimals: 2 },
  'coffee-arabica': { level: 380, vol: 0.35, drift: -0.05, decimals: 2 },
  'coffee-robusta': { level: 4500, vol: 0.35, drift: -0.05, decimals: 0 },
  cocoa: { level: 8000, vol: 0.45, drift: -0.2, decimals: 0 },
  'sugar-11': { level: 17, vol: 0.28, drift: 0, decimals: 2 },
  wheat: { level: 540, vol: 0.28, drift: 0, decimals: 2 },
  corn: { level: 440, vol: 0.22, drift: 0, decimals: 2 },
  soybeans: { level: 1030, vol: 0.18, drift: 0, decimals: 2 },
  cotton: { level: 67, vol: 0.2, drift: 0, decimals: 2 },
  'palm-oil': { level: 4000, vol: 0.25, drift: 0, decimals: 0 },
  'rough-rice': { level: 13.5, vol: 0.2, drift: 0, decimals: 3 },
  'baltic-dry': { level: 1500, vol: 0.6, drift: 0, decimals: 0 },
};
const GOLD_ANCHORS: Anchors = [
  [2006, 550],
  [2008.2, 950],
  [2008.8, 750],
  [2011.7, 1800],
  [2013.5, 1250],
  [2015.9, 1070],
  [2020.6, 2000],
  [2022.8, 1650],
  [2024, 2050],
  [2025, 2650],
  [2025.8, 3900],
  [2026.5, 4300],
];

const NEW_YORK_CLOSE_UTC = 21;
const TOKYO_CLOSE_UTC = 7;
const EUROPE_AND_AMERICAS_UTC = 22;

export const WALKED: readonly WalkedInstrument[] = [
  ...PAIRS.map((p) => ({
    instrument: fxInstrument(p.pair),
    anchors: p.anchors,
    vol: p.vol,
    loadings: { dollar: p.usd, riskOff: p.risk },
    decimals: p.decimals,
    gap: p.gap,
    publishedHourUtc: NEW_YORK_CLOSE_UTC,
  })),
  ...INDEX_CATALOGUE.map((index) => {
    const spec = INDEX_LEVELS[index.code];
    if (spec === undefined) throw new Error(`no demo level for index ${index.code}`);
    const japan = index.board === 'japan';
    return {
      instrument: indexInstrument(index.code),
      anchors: INDEX_ANCHORS[index.code] ?? drifting(spec.level, 0.07),
      vol: spec.vol,
      loadings: japan ? { world: 0.4, japan: 0.75 } : { world: 0.6 },
      decimals: 2,
      gap: 0.03,
      publishedHourUtc: japan ? TOKYO_CLOSE_UTC : EUROPE_AND_AMERICAS_UTC,
    };
  }),
  {
    instrument: commodityInstrument('gold'),
    anchors: GOLD_ANCHORS,
    vol: 16,
    loadings: { dollar: -0.5, riskOff: 0.3 },
    decimals: 2,
    gap: 0,
    publishedHourUtc: EUROPE_AND_AMERICAS_UTC,
  },
  ...Object.entries(COMMODITY_LEVELS).map(([slug, c]) => ({
    instrument: commodityInstrument(slug),
    anchors: drifting(c.level, c.drift, { at: 2025.8, since: 2021.75 }),
    vol: c.vol * 100,
    loadings: { dollar: -0.2 },
    decimals: c.decimals,
    gap: 0.02,
    publishedHourUtc: EUROPE_AND_AMERICAS_UTC,
  })),
];

/** ICE's US Dollar Index formula over its six legs. */
export const DXY_CONSTANT = 50.14348112;
export const DXY_WEIGHTS: Readonly<Record<string, number>> = {
  [fxInstrument('EUR/USD')]: -0.576,
  [fxInstrument('USD/JPY')]: 0.136,
  [fxInstrument('GBP/USD')]: -0.119,
  [fxInstrument('USD/CAD')]: 0.091,
  [fxInstrument('USD/SEK')]: 0.042,
  [fxInstrument('USD/CHF')]: 0.036,
};
