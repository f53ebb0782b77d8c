/** Which instruments the FX endpoints serve by default, and which count as emerging-market pairs. */

/** `fxTable` without `pairs`: the majors, then the Asian and other EM pairs clients watch most. */
export const DEFAULT_TABLE_PAIRS = [
  'EUR/USD',
  'USD/JPY',
  'GBP/USD',
  'USD/CHF',
  'AUD/USD',
  'USD/CAD',
  'USD/CNY',
  'USD/KRW',
  'USD/INR',
  'USD/IDR',
  'USD/VND',
] as const;

/** `fxCorrelation` without `assets`: the dollar index, the majors, the yuan and gold. */
export const DEFAULT_CORRELATION_ASSETS = ['DXY', 'EUR/USD', 'GBP/USD', 'USD/JPY', 'USD/CNY', 'AUD/USD', 'XAU/USD'] as const;

/** The pairs `fxEmStress` scores, each quoted as USD per unit so that a rise is the EM currency weakening. */
export const EM_PAIRS = [
  'USD/CNY',
  'USD/IDR',
  'USD/INR',
  'USD/KRW',
  'USD/VND',
  'USD/THB',
  'USD/PHP',
  'USD/MYR',
  'USD/BRL',
  'USD/MXN',
  'USD/ZAR',
  'USD/TRY',
] as const;

export const DXY = 'DXY';
export const USD_JPY = 'USD/JPY';
