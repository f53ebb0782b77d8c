import {
  COUNTRY_NAMES,
  COUNTRY_SERIES,
  FDI_REGIONS,
  GDP_UNITS,
  isMacroCountry,
  TIBOR_TENORS,
  VN_FDI,
  type CountrySeries,
  type MacroCountry,
} from './series.ts';

/** A macro series as the hub states it where no release carries its publisher's own description. */
export interface MacroSeriesDescription {
  name: string;
  unit: string;
}

const RETAIL_SALES_UNITS: Readonly<Record<MacroCountry, string>> = { US: 'millions of US dollars', JP: 'billions of yen', VN: 'billions of dong' };

/**
 * What each country series measures, in the terms of the tables that show it; the unit is the
 * hub's stored unit (a publisher's own, FRED's title and units, replaces this where its release
 * carried one). `unit` as a function where it depends on the country.
 */
const COUNTRY_SERIES_DESCRIPTIONS: Readonly<Record<CountrySeries, { name: string; unit: string | ((country: MacroCountry) => string) }>> = {
  gdpNominal: { name: 'Gross domestic product, nominal', unit: (country) => GDP_UNITS[country] },
  gdpReal: { name: 'Gross domestic product, real (constant prices)', unit: (country) => `${GDP_UNITS[country]}, constant prices` },
  gdpGrowthPublished: { name: 'GDP growth, year to date on a year earlier, as the statistics office publishes it', unit: 'percent' },
  cpi: { name: 'Consumer price index, all items', unit: 'index' },
  coreCpi: { name: 'Core consumer price index (the publisher’s core definition)', unit: 'index' },
  coreCpiYoy: { name: 'Core inflation, on the same month a year earlier, as the statistics office publishes it', unit: 'percent' },
  pce: { name: 'Personal consumption expenditures price index', unit: 'index' },
  corePce: { name: 'Personal consumption expenditures price index excluding food and energy', unit: 'index' },
  policyRate: { name: 'Central bank policy rate', unit: 'percent' },
  overnightRate: { name: 'Overnight interbank rate, monthly average', unit: 'percent' },
  unemployment: { name: 'Unemployment rate', unit: 'percent' },
  bond10y: { name: '10-year government bond yield', unit: 'percent' },
  manufacturingPmi: { name: 'Manufacturing purchasing managers’ index', unit: 'index (50 = no change)' },
  servicesPmi: { name: 'Services purchasing managers’ index', unit: 'index (50 = no change)' },
  retailSales: { name: 'Retail sales', unit: (country) => RETAIL_SALES_UNITS[country] },
  industrialProduction: { name: 'Industrial production index', unit: 'index' },
  exports: { name: 'Exports of goods', unit: 'millions of US dollars' },
  imports: { name: 'Imports of goods', unit: 'millions of US dollars' },
  producerPrices: { name: 'Producer price index', unit: 'index' },
  importPrices: { name: 'Import price index', unit: 'index' },
  exportPrices: { name: 'Export price index', unit: 'index' },
  currentAccountToGdp: { name: 'Current account balance to GDP', unit: 'percent of GDP' },
  governmentDebtToGdp: { name: 'General government gross debt to GDP', unit: 'percent of GDP' },
  population: { name: 'Population', unit: 'persons' },
  payrolls: { name: 'Nonfarm payroll employment', unit: 'thousands of persons' },
};

const BY_KEY = new Map<string, CountrySeries>(Object.entries(COUNTRY_SERIES).map(([series, key]) => [key, series as CountrySeries]));
const REGION_NAMES = new Map<string, string>([...FDI_REGIONS.map((region) => [region.code, region.name] as const), ['total', 'all regions']]);

function japanOnly(key: string): MacroSeriesDescription | undefined {
  const fdi = /^fdi\.(inward|outward)\.(\w+)$/.exec(key);
  if (fdi !== null) {
    const [, direction, region = ''] = fdi;
    const regionName = REGION_NAMES.get(region);
    if (regionName === undefined) return undefined;
    const flow = direction === 'inward' ? 'Direct investment into Japan from' : 'Direct investment abroad from Japan to';
    return { name: `${flow} ${regionName} (balance of payments, net flow)`, unit: 'millions of US dollars' };
  }
  const tenor = TIBOR_TENORS.find((candidate) => key === `tibor.${candidate}`);
  if (tenor !== undefined) return { name: `Japanese yen TIBOR, ${tenor.replace('w', ' week').replace('m', ' month')}`, unit: 'percent a year' };
  return undefined;
}

const VIETNAM_FDI: Readonly<Record<string, MacroSeriesDescription>> = {
  [VN_FDI.registeredYtd]: { name: 'Foreign direct investment registered in Vietnam, year to date', unit: 'millions of US dollars' },
  [VN_FDI.realizedYtd]: { name: 'Foreign direct investment realized in Vietnam, year to date', unit: 'millions of US dollars' },
  [VN_FDI.cutoffDay]: { name: 'Day of the month Vietnam’s FDI figures are counted to', unit: 'day of the month' },
};

/** A macro series key's country by name (`us.cpi` → `United States`); undefined for a key of no country the hub knows. */
export function macroCountryName(seriesKey: string): string | undefined {
  const country = seriesKey.slice(0, seriesKey.indexOf('.')).toUpperCase();
  return isMacroCountry(country) ? COUNTRY_NAMES[country] : undefined;
}

/**
 * The hub's description of a macro series key (`us.cpi`, `jp.fdi.inward.asia`): the country's
 * name first, so no two countries' series share a name. Undefined for a key it does not know.
 */
export function macroSeriesDescription(seriesKey: string): MacroSeriesDescription | undefined {
  const vietnamFdi = VIETNAM_FDI[seriesKey];
  if (vietnamFdi !== undefined) return { ...vietnamFdi, name: `Vietnam: ${vietnamFdi.name}` };
  const dot = seriesKey.indexOf('.');
  const country = seriesKey.slice(0, dot).toUpperCase();
  if (dot < 0 || !isMacroCountry(country)) return undefined;
  const key = seriesKey.slice(dot + 1);
  const countryName = COUNTRY_NAMES[country];
  const series = BY_KEY.get(key);
  if (series !== undefined) {
    const { name, unit } = COUNTRY_SERIES_DESCRIPTIONS[series];
    return { name: `${countryName}: ${name}`, unit: typeof unit === 'function' ? unit(country) : unit };
  }
  const japanese = country === 'JP' ? japanOnly(key) : undefined;
  return japanese === undefined ? undefined : { ...japanese, name: `${countryName}: ${japanese.name}` };
}
