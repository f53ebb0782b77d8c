import type { TSchema } from 'typebox';
import { weightedList, type Weighted } from './quality-list.ts';

/**
 * CSV answers (contract section 5, "CSV"): a route whose `data` is a list is given, once at
 * registration, the columns its items' schema declares; a request asking for CSV gets the same
 * `data` written as RFC 4180 text. Nothing here runs for a JSON answer.
 */

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** One column: a scalar leaf of the item, named by its dotted path (`meta.unit`). */
export interface CsvColumn {
  name: string;
  path: readonly string[];
}

type SchemaNode = { type?: string | string[]; properties?: Record<string, SchemaNode>; items?: SchemaNode; anyOf?: SchemaNode[] };

/** The object a (possibly nullable) schema describes, if it is one. */
function objectOf(schema: SchemaNode): SchemaNode | undefined {
  if (schema.properties !== undefined) return schema;
  return schema.anyOf?.map(objectOf).find((found) => found !== undefined);
}

function leaves(schema: SchemaNode, path: readonly string[]): CsvColumn[] {
  const object = objectOf(schema);
  if (object === undefined) return [{ name: path.join('.'), path }];
  return Object.entries(object.properties ?? {}).flatMap(([name, property]) => leaves(property, [...path, name]));
}

/**
 * The columns of a route's answer when its `data` is a list (an array schema): each item's
 * scalar fields, nested objects' fields by dotted name, a list inside an item as one JSON cell;
 * a list of scalars is one `value` column. Undefined for any other answer: it has no CSV form.
 */
export function csvColumnsOf(data: TSchema): CsvColumn[] | undefined {
  const schema = data as SchemaNode;
  if (schema.type !== 'array' || schema.items === undefined) return undefined;
  return objectOf(schema.items) === undefined ? [{ name: 'value', path: [] }] : leaves(schema.items, []);
}

/**
 * A text cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first) is written after a `'`, as OWASP advises, unless it is a plain signed number
 * (`-1.5`, `+2%`), which a spreadsheet reads as that number and nothing more. Numbers, sent as
 * numbers, are never touched.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const SIGNED_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?%?$/;
const safeText = (text: string): string => (FORMULA_START.test(text) && !SIGNED_NUMBER.test(text) ? `'${text}` : text);

/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
const quoted = (cell: string): string => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  // A number is written as JSON writes it: the same figure, the same rounding.
  if (typeof value === 'number' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'string') return quoted(safeText(value));
  return quoted(JSON.stringify(value));
}

function valueAt(item: unknown, path: readonly string[]): unknown {
  let value = item;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The list as CSV: a header row of the columns' names, then a row per item, CRLF after each. */
export function csvText(items: readonly unknown[], columns: readonly CsvColumn[]): string {
  const lines = [columns.map((column) => quoted(column.name)).join(',')];
  for (const item of items) lines.push(columns.map((column) => cellOf(valueAt(item, column.path))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** The highest q `accept` gives a media type, by its most specific range (RFC 9110, 12.5.1); 0 when none matches. */
function qualityOf(ranges: readonly Weighted[], type: string): number {
  const [major] = type.split('/');
  const exact = ranges.find((range) => range.name === type);
  if (exact !== undefined) return exact.q;
  const family = ranges.find((range) => range.name === `${major}/*`);
  if (family !== undefined) return family.q;
  return ranges.find((range) => range.name === '*/*')?.q ?? 0;
}

/** What an `Accept` header asks of a route that can answer CSV: CSV only when it ranks CSV above JSON. */
export function acceptsCsvFirst(accept: string | undefined): boolean {
  if (accept === undefined || !accept.includes('csv')) return false;
  const ranges = weightedList(accept);
  const csv = qualityOf(ranges, 'text/csv');
  return csv > 0 && csv > qualityOf(ranges, 'application/json');
}

/** What an `Accept` header asks of a route with no CSV form: true when it refuses JSON outright and names CSV (406). */
export function refusesJsonForCsv(accept: string | undefined): boolean {
  if (accept === undefined || !accept.includes('csv')) return false;
  return qualityOf(weightedList(accept), 'application/json') === 0;
}

/** An ASCII header value: a plain ASCII string as is, anything else as JSON with non-ASCII escaped. */
function headerValue(value: unknown): string {
  if (typeof value === 'string' && /^[\x20-\x7e]*$/.test(value)) return value;
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Headers past this size are left out: the JSON answer carries them. */
const MAX_META_HEADER = 4096;

/**
 * A CSV answer's `meta`, as response headers (`X-Meta-Next-Cursor`): `sources` as the
 * publishers it names, every other property (but `timestamp`, which the `Date` header says) as
 * its value, JSON for a non-string.
 */
export function metaHeaders(meta: Readonly<Record<string, unknown>>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(meta)) {
    if (name === 'timestamp' || value === undefined) continue;
    const text =
      name === 'sources' && Array.isArray(value)
        ? [...new Set(value.map((source) => (source as { publisher: string }).publisher))].join(', ')
        : headerValue(value);
    if (text.length > MAX_META_HEADER) continue;
    headers[`x-meta-${name.replace(/[A-Z]/g, (upper) => `-${upper.toLowerCase()}`)}`] = text;
  }
  return headers;
}
