import { API_PREFIX } from '../src/edge/route.ts';

/**
 * The requests the bench sends: every GET operation of the hub's OpenAPI document, each with
 * its usual parameters. An operation without path parameters or required query parameters is
 * asked at its bare path (every default applies); the others take the samples below, filled
 * with identifiers the demo dataset always holds (the twin's examples; province and ward ids
 * are fixed by the demo generator: Hà Nội 2, Tokyo 113, Chiyoda-ku 11301).
 */
const SAMPLES: Record<string, string[]> = {
  commoditiesHistory: ['/commodities/gold/history'],
  etfCompareFundComposition: ['/etf/compare/fund-composition?codes=VESAF,VEOF'],
  etfCompareNavGrowth: ['/etf/compare/nav-growth?code1=VESAF&code2=VEOF'],
  etfNavGrowth: ['/etf/nav-growth/VESAF'],
  etfInfo: ['/etf/1306/info'],
  etfHoldings: ['/etf/1306/holdings'],
  etfPricesHistory: ['/etf/1306/prices-history'],
  etfDetail: ['/etf/1306/detail'],
  etfComposition: ['/etf/VESAF/composition'],
  macroEconomicData: ['/macro/economic-data?type=gdp'],
  macroExchangeRate: ['/macro/exchange-rate?currency1=USD&currency2=JPY'],
  macroFdiByRegion: ['/macro/fdi/by-region?country=jp'],
  listEquities: ['/market/jp/equities'],
  getEquityProfile: ['/market/jp/equities/7203'],
  // The whole history too: the largest answer of the catalogue.
  getEquityPrices: ['/market/jp/equities/7203/prices', '/market/jp/equities/7203/prices?range=max'],
  getEquityFinancialStatements: ['/market/jp/equities/7203/financial-statements'],
  getRelatedEquities: ['/market/jp/equities/7203/related-stocks'],
  getEquityCorporateActions: ['/market/jp/equities/7203/corporate-actions'],
  getEquitySectors: ['/market/jp/sectors'],
  realEstateProvinces: ['/real-estate/vn/provinces'],
  realEstateGeoJson: ['/real-estate/vn/geojson'],
  realEstateProvincePrices: ['/real-estate/vn/provinces/2/prices'],
  realEstateProvinceWards: ['/real-estate/vn/provinces/2/wards'],
  realEstateWardTransactions: ['/real-estate/jp/provinces/113/wards/11301/transactions'],
  // The whole list, and a search over it.
  listSeries: ['/series', '/series?q=consumer%20price'],
  getSeries: ['/series/index.close:N225', '/series/macro:us.cpi?units=pc1'],
  getSeriesTable: ['/series/table?facts=macro:us.cpi,index.close:N225&frequency=monthly'],
  getSeriesVintages: ['/series/macro:us.cpi/vintages'],
};

interface Operation {
  operationId?: string;
  parameters?: { in: string; required?: boolean }[];
}
export interface OpenApiDocument {
  paths: Record<string, { get?: Operation }>;
}

/** A template's pattern: `{code}` stands for one path segment. */
function templatePattern(template: string): RegExp {
  const escaped = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/?]+')}(\\?|$)`);
}

/**
 * The paths to ask, with their queries, in the document's order. Throws when an operation needs
 * a sample it has not got, or a sample names no operation or does not fit its operation's
 * path, so the list cannot silently fall behind the routes.
 */
export function catalogueOf(document: OpenApiDocument): string[] {
  const paths: string[] = [];
  const unused = new Set(Object.keys(SAMPLES));
  for (const [template, { get }] of Object.entries(document.paths)) {
    if (get?.operationId === undefined || !template.startsWith(`${API_PREFIX}/`)) continue;
    const operationId = get.operationId;
    unused.delete(operationId);
    const needsSample = template.includes('{') || (get.parameters ?? []).some((p) => p.in === 'query' && p.required === true);
    const samples = SAMPLES[operationId]?.map((sample) => API_PREFIX + sample) ?? (needsSample ? undefined : [template]);
    if (samples === undefined) throw new Error(`bench/catalogue.ts has no sample request for ${operationId} (${template})`);
    for (const path of samples) {
      if (!templatePattern(template).test(path)) throw new Error(`the sample ${path} does not fit ${operationId} (${template})`);
      paths.push(path);
    }
  }
  if (unused.size > 0) throw new Error(`bench/catalogue.ts has samples for operations the hub does not serve: ${[...unused].join(', ')}`);
  return paths;
}
