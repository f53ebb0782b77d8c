import { METHOD_CHANGE_MARKER } from '../../facts/names.ts';

/**
 * Series keys of the vintage store for the macro domain, and the catalogue of what is served.
 * Demo data, importers and services all name series through these functions.
 */

export const COUNTRIES = ['US', 'JP', 'VN'] as const;
export type MacroCountry = (typeof COUNTRIES)[number];

export const COUNTRY_NAMES: Record<MacroCountry, string> = { US: 'United States', JP: 'Japan', VN: 'Vietnam' };

export const isMacroCountry = (code: string): code is MacroCountry => (COUNTRIES as readonly string[]).includes(code);

/** Monthly and quarterly series every country has (`us.cpi`, `jp.gdp.real`, …). */
export const COUNTRY_SERIES = {
  gdpNominal: 'gdp.nominal',
  gdpReal: 'gdp.real',
  /** Vietnam's statistics office publishes the year-to-date year-on-year growth rate. */
  gdpGrowthPublished: 'gdp.growth-published',
  cpi: 'cpi',
  coreCpi: 'cpi.core',
  /** Core inflation on the same month a year earlier, as published (Vietnam's statistics office states the rate, not a core index). */
  coreCpiYoy: 'cpi.core-yoy',
  pce: 'pce',
  corePce: 'pce.core',
  policyRate: 'policy-rate',
  overnightRate: 'overnight-rate',
  unemployment: 'unemployment',
  bond10y: 'bond-10y',
  manufacturingPmi: 'pmi.manufacturing',
  servicesPmi: 'pmi.services',
  retailSales: 'retail-sales',
  industrialProduction: 'industrial-production',
  exports: 'exports',
  imports: 'imports',
  /** Price indices of producers' output, imports and exports (the trade view of /macro/economic-data). */
  producerPrices: 'ppi',
  importPrices: 'import-prices',
  exportPrices: 'export-prices',
  currentAccountToGdp: 'current-account-to-gdp',
  governmentDebtToGdp: 'government-debt-to-gdp',
  population: 'population',
  /** Nonfarm payroll employment, thousands of persons (the US's Employment Situation). */
  payrolls: 'payrolls',
} as const;
export type CountrySeries = keyof typeof COUNTRY_SERIES;

export const countrySeries = (country: string, series: CountrySeries): string => `${country.toLowerCase()}.${COUNTRY_SERIES[series]}`;

/** Nominal GDP units, in the national currency. */
export const GDP_UNITS: Record<MacroCountry, string> = { US: 'Billion USD', JP: 'Billion JPY', VN: 'Billion VND' };

export const FDI_REGIONS = [
  { code: 'asia', name: 'Asia' },
  { code: 'north_america', name: 'North America' },
  { code: 'latin_america', name: 'Latin America' },
  { code: 'oceania', name: 'Oceania' },
  { code: 'europe', name: 'Europe' },
  { code: 'middle_east', name: 'Middle East' },
  { code: 'africa', name: 'Africa' },
] as const;
export const FDI_DIRECTIONS = ['inward', 'outward'] as const;
export type FdiDirection = (typeof FDI_DIRECTIONS)[number];

export const fdiSeries = (direction: FdiDirection, part: string): string => `jp.fdi.${direction}.${part}`;
/** `1` while the publisher calls the quarter preliminary, `0` once final. */
export const FDI_PRELIMINARY = 'preliminary';
/** A version at the first quarter of a new method; `marker` holds the publisher's reason. */
export const FDI_METHOD_CHANGE = METHOD_CHANGE_MARKER;
export const FDI_TOTAL = 'total';

export const VN_FDI = {
  registeredYtd: 'vn.fdi.registered-ytd',
  realizedYtd: 'vn.fdi.realized-ytd',
  cutoffDay: 'vn.fdi.cutoff-day',
} as const;

export const TIBOR_TENORS = ['1w', '1m', '3m', '6m'] as const;
export type TiborTenor = (typeof TIBOR_TENORS)[number];
export const tiborSeries = (tenor: TiborTenor): string => `jp.tibor.${tenor}`;

/** Currencies the exchange-rate endpoint serves; every pair among them is read or crossed from the instruments' dollar rates. */
export const FX_CURRENCIES = ['USD', 'JPY', 'VND', 'EUR', 'GBP', 'CNY', 'AUD'] as const;
