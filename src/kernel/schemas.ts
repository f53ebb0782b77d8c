import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';

/** A closed set of string values, as a plain JSON-schema `enum` (clear in OpenAPI and in 400s). */
export function StringEnum<const Values extends readonly string[]>(values: Values, options: Record<string, unknown> = {}): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });
}

const SINGLE_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/**
 * A value or `null` (a missing figure). Said as a JSON Schema type list, `type: ['number', 'null']`,
 * which OpenAPI 3.1 reads as nullable and fast-json-stringify writes after one `=== null` test;
 * as an `anyOf`, the serialiser would run a validator per branch on every value it writes.
 */
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, enum: values } = schema as { type?: unknown; enum?: unknown[] };
  if (typeof type === 'string' && SINGLE_TYPES.has(type)) {
    return Type.Unsafe<Static<T> | null>({ ...schema, type: [type, 'null'], ...(values === undefined ? {} : { enum: [...values, null] }) });
  }
  return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()]));
}

export const IsoDate = (options: Record<string, unknown> = {}) => Type.String({ format: 'date', description: 'YYYY-MM-DD', ...options });

export const IsoDateTime = (options: Record<string, unknown> = {}) => Type.String({ format: 'date-time', ...options });

/** `asOf`: the cut-off is the end of that UTC day (contract section 3). */
export const AsOfDate = () => IsoDate({ description: 'YYYY-MM-DD; backtest as of the end of that UTC day. Omitted: latest data.' });

export const Quarter = () => Type.String({ pattern: '^\\d{4}-Q[1-4]$', description: 'YYYY-Qn' });
export const Month = () => Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });
/** ISO 3166 alpha-2 country code, either case (echoed upper case). */
export const CountryCode = (options: Record<string, unknown> = {}) =>
  Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 code (either case)', ...options });
