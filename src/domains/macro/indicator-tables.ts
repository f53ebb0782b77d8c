import { COUNTRIES, type CountrySeries, type MacroCountry } from './series.ts';

/** How a row's cells come from stored series. */
export type Derivation =
  | { kind: 'level'; series: CountrySeries }
  /** A quarterly series in a monthly table: the quarter's figure in the column of its last month only, no month invented. */
  | { kind: 'quarterly-level'; series: CountrySeries }
  /** Percent change against `lag` periods earlier (12 months: YoY; 1 quarter: QoQ). */
  | { kind: 'change'; series: CountrySeries; lag: number }
  /** Percent change against the period before, at an annual rate (`periodsPerYear` 4: a quarter's SAAR). */
  | { kind: 'annualized-change'; series: CountrySeries; periodsPerYear: number }
  /** Change in the series' own unit against `lag` periods earlier (payrolls added in a month). */
  | { kind: 'increase'; series: CountrySeries; lag: number }
  | { kind: 'difference'; minuend: CountrySeries; subtrahend: CountrySeries };

export interface IndicatorRowDefinition {
  derivation: Derivation;
  basis: string;
}

export interface IndicatorTableDefinition {
  name: string;
  indicator: string;
  unit: string;
  frequency: 'quarter' | 'month';
  rows: Record<MacroCountry, IndicatorRowDefinition>;
}

const same = (derivation: Derivation, basis: string): Record<MacroCountry, IndicatorRowDefinition> =>
  Object.fromEntries(COUNTRIES.map((c) => [c, { derivation, basis }])) as Record<MacroCountry, IndicatorRowDefinition>;

/** The 13 tables of `/macro/indicators/{name}`, in catalogue order (contract section 5). */
export const INDICATOR_TABLES: readonly IndicatorTableDefinition[] = [
  {
    name: 'gdp-growth-rate',
    indicator: 'GDP growth rate',
    unit: 'percent',
    frequency: 'quarter',
    // Contract section 4: US YoY on real GDP, JP QoQ, VN the published year-to-date YoY rate.
    rows: {
      US: { derivation: { kind: 'change', series: 'gdpReal', lag: 4 }, basis: 'YoY' },
      JP: { derivation: { kind: 'change', series: 'gdpReal', lag: 1 }, basis: 'QoQ' },
      VN: { derivation: { kind: 'level', series: 'gdpGrowthPublished' }, basis: 'published' },
    },
  },
  { name: 'inflation-rate', indicator: 'Inflation rate', unit: 'percent', frequency: 'month', rows: same({ kind: 'change', series: 'cpi', lag: 12 }, 'YoY') },
  {
    name: 'core-inflation-rate',
    indicator: 'Core inflation rate',
    unit: 'percent',
    frequency: 'month',
    // Vietnam's statistics office publishes core inflation as a rate, not a core index.
    rows: {
      ...same({ kind: 'change', series: 'coreCpi', lag: 12 }, 'YoY'),
      VN: { derivation: { kind: 'level', series: 'coreCpiYoy' }, basis: 'published YoY' },
    },
  },
  { name: 'policy-rate', indicator: 'Policy interest rate', unit: 'percent', frequency: 'month', rows: same({ kind: 'level', series: 'policyRate' }, 'level') },
  {
    name: 'unemployment-rate',
    indicator: 'Unemployment rate',
    unit: 'percent',
    frequency: 'month',
    // Vietnam's labour force survey is quarterly.
    rows: {
      ...same({ kind: 'level', series: 'unemployment' }, 'level'),
      VN: { derivation: { kind: 'quarterly-level', series: 'unemployment' }, basis: "quarterly, shown at the quarter's last month" },
    },
  },
  {
    name: 'government-bond-10y',
    indicator: '10-year government bond yield',
    unit: 'percent',
    frequency: 'month',
    rows: same({ kind: 'level', series: 'bond10y' }, 'level'),
  },
  {
    name: 'manufacturing-pmi',
    indicator: 'Manufacturing PMI',
    unit: 'index',
    frequency: 'month',
    rows: same({ kind: 'level', series: 'manufacturingPmi' }, 'level'),
  },
  { name: 'services-pmi', indicator: 'Services PMI', unit: 'index', frequency: 'month', rows: same({ kind: 'level', series: 'servicesPmi' }, 'level') },
  {
    name: 'retail-sales-growth',
    indicator: 'Retail sales growth',
    unit: 'percent',
    frequency: 'month',
    rows: same({ kind: 'change', series: 'retailSales', lag: 12 }, 'YoY'),
  },
  {
    name: 'industrial-production-growth',
    indicator: 'Industrial production growth',
    unit: 'percent',
    frequency: 'month',
    rows: same({ kind: 'change', series: 'industrialProduction', lag: 12 }, 'YoY'),
  },
  {
    name: 'trade-balance',
    indicator: 'Trade balance',
    unit: 'USD millions',
    frequency: 'month',
    rows: same({ kind: 'difference', minuend: 'exports', subtrahend: 'imports' }, 'exports minus imports'),
  },
  {
    name: 'current-account-to-gdp',
    indicator: 'Current account to GDP',
    unit: 'percent',
    frequency: 'quarter',
    rows: same({ kind: 'level', series: 'currentAccountToGdp' }, 'level'),
  },
  {
    name: 'government-debt-to-gdp',
    indicator: 'Government debt to GDP',
    unit: 'percent',
    frequency: 'quarter',
    rows: same({ kind: 'level', series: 'governmentDebtToGdp' }, 'level'),
  },
];

export const findIndicatorTable = (name: string): IndicatorTableDefinition | undefined => INDICATOR_TABLES.find((table) => table.name === name);

export function derivationSeries(derivation: Derivation): CountrySeries[] {
  return derivation.kind === 'difference' ? [derivation.minuend, derivation.subtrahend] : [derivation.series];
}
