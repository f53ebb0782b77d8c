import { READING_ENDPOINTS } from './index.ts';
import { encodeCursor } from './news/news.cursor.ts';
import { addDays } from '../kernel/dates.ts';
import type { ParameterDoc } from '../edge/openapi.ts';

/** A parameter of an operation in the OpenAPI document, as @fastify/swagger writes it. */

const READ_API = '/openapi/v1';

/**
 * Values for parameters whose meaning depends on the route (`code` is an ETF under /etf and an
 * issue under /market): identifiers the demo store holds, the contract's examples among them; the
 * calendar looks ahead. The dashboard's ids only show their spelling. The first match wins.
 */
function byRoute(today: string): readonly { prefix: string; name: string; value: string | number }[] {
  return [
    // The demo's funds: the catalogue's examples name the funds of the recorded samples.
    { prefix: `${READ_API}/etf/compare/fund-composition`, name: 'codes', value: '1306,1321' },
    { prefix: `${READ_API}/etf/compare/nav-growth`, name: 'code1', value: '1305' },
    { prefix: `${READ_API}/etf/compare/nav-growth`, name: 'code2', value: '1306' },
    { prefix: `${READ_API}/etf/`, name: 'code', value: '1306' },
    // A month: a monthly statistic is in the table's example beside a daily close.
    { prefix: `${READ_API}/series/table`, name: 'frequency', value: 'monthly' },
    { prefix: `${READ_API}/series/{fact}`, name: 'fact', value: 'index.close:N225' },
    { prefix: `${READ_API}/series/{fact}`, name: 'cursor', value: addDays(today, -30) },
    { prefix: `${READ_API}/series`, name: 'q', value: 'nikkei' },
    { prefix: `${READ_API}/series`, name: 'domain', value: 'indices' },
    { prefix: `${READ_API}/series`, name: 'family', value: 'index.close' },
    // A search pages by how many matches it served (the first page's cursor); a list without `q`, by the last id.
    { prefix: `${READ_API}/series`, name: 'cursor', value: '@0' },
    // An issue the demo splits, so the list is not empty.
    { prefix: `${READ_API}/market/{market}/equities/{code}/corporate-actions`, name: 'code', value: '1511' },
    { prefix: `${READ_API}/market/`, name: 'code', value: '7203' },
    { prefix: `${READ_API}/market/`, name: 'cursor', value: '13000' },
    { prefix: `${READ_API}/commodities/`, name: 'id', value: 'gold' },
    { prefix: `${READ_API}/commodities`, name: 'category', value: 'metals' },
    { prefix: `${READ_API}/news/`, name: 'cursor', value: encodeCursor({ publishedAt: `${today}T23:59:59.999Z`, id: '~' }) },
    { prefix: `${READ_API}/real-estate/jp/`, name: 'provinceId', value: 113 },
    { prefix: `${READ_API}/real-estate/jp/`, name: 'wardId', value: 11301 },
    { prefix: `${READ_API}/real-estate/`, name: 'country', value: 'vn' },
    { prefix: `${READ_API}/real-estate/`, name: 'provinceId', value: 2 },
    { prefix: `${READ_API}/calendar/`, name: 'country', value: 'US' },
    { prefix: `${READ_API}/calendar/`, name: 'importance', value: 'high' },
    { prefix: `${READ_API}/calendar/`, name: 'from', value: today },
    { prefix: `${READ_API}/calendar/`, name: 'to', value: addDays(today, 30) },
    { prefix: '/api/v1/keys/', name: 'id', value: 'key_cMpI2QhYa1l07K4E' },
    { prefix: '/api/v1/admin/accounts/', name: 'id', value: 'acc_dhLrUkIDKREB8D61' },
    { prefix: '/api/v1/admin/sources/', name: 'id', value: 'ecb-eurofxref-daily' },
    { prefix: '/api/v1/admin/audit', name: 'cursor', value: 'aud_0mqkoojdc000001mDXC6O' },
  ];
}

/** Values by parameter name alone, where a name means one thing on every route. */
function byName(today: string): Record<string, string | number> {
  return {
    market: 'jp',
    country: 'JP',
    asOf: today,
    before: today,
    symbol: 'BTC',
    account: 'admin@example.com',
    search: 'gold',
    q: 'Motor',
    sector33: '3700',
    // Quarters (FDI, land transactions) and days (news, calendar) take their own spelling of a range.
    'from:quarter': '2024-Q1',
    'to:quarter': '2025-Q4',
    'from:day': addDays(today, -30),
    'to:day': today,
  };
}

/** `/market/{market}/equities` as its route declares it, below /openapi/v1: `/market/:market/equities`. */
const routePath = (path: string): string => path.slice(READ_API.length).replace(/\{([^}]+)\}/g, ':$1');

/** The query parameters of each endpoint's example request in its declared reads (`/etf/compare/nav-growth?code1=1305&code2=1306`). */
const EXAMPLE_QUERIES = new Map(READING_ENDPOINTS.map(({ path, reads }) => [path, new URL(reads.example, 'http://example').searchParams]));

/** Whether a parameter's values are quarters (`2025-Q4`), by its pattern. */
const isQuarter = (parameter: ParameterDoc): boolean => JSON.stringify(parameter.schema ?? {}).includes('Q[1-4]');

/**
 * The example value of every parameter of the OpenAPI document, in one place: /docs pre-fills
 * each one (path parameters included) and "Try it out" with them all answers on the demo store.
 * From the most to the least specific: the route's identifier above, its declared reads' example
 * request, the schema's own example, the name's value above, the default, the first allowed
 * value, `true` for a flag. Dates are the hub's day when the document is built (`today`), so they never go stale.
 */
export function parameterExample(path: string, parameter: ParameterDoc, today: string): unknown {
  const { name } = parameter;
  const routed = byRoute(today).find((entry) => entry.name === name && path.startsWith(entry.prefix));
  if (routed !== undefined) return routed.value;
  const declared = parameter.in === 'query' ? EXAMPLE_QUERIES.get(routePath(path))?.get(name) : null;
  if (declared != null) return parameter.schema?.type === 'integer' ? Number(declared) : declared;
  if (parameter.example !== undefined) return parameter.example;
  const named = byName(today);
  const range = name === 'from' || name === 'to' ? named[`${name}:${isQuarter(parameter) ? 'quarter' : 'day'}`] : named[name];
  if (range !== undefined) return range;
  if (parameter.schema?.default !== undefined) return parameter.schema.default;
  if (parameter.schema?.enum !== undefined) return parameter.schema.enum[0];
  if (parameter.schema?.type === 'integer' || parameter.schema?.type === 'number') return parameter.schema.minimum ?? 1;
  if (parameter.schema?.type === 'boolean') return true;
  return undefined;
}
