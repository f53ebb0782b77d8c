import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { Value } from 'typebox/value';
import { withoutByteOrderMark } from './canonical-content.ts';
import { ImportError } from './import-error.ts';

/** At most this many problems are named in one message: the first ones are the ones to fix. */
const PROBLEMS_NAMED = 3;

/** The value at a JSON pointer (`/3/current_price`), or undefined. */
function valueAt(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let at: unknown = value;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

/** A short JSON rendering of a value a problem is about. */
function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

/**
 * What is wrong with `value` against `schema`, one line per place (its JSON path), at most
 * `limit`: `/3/current_price: expected number or null (got "1.2")`. The alternatives of a union
 * are named together; empty when the value conforms.
 */
export function schemaProblems(schema: TSchema, value: unknown, limit = PROBLEMS_NAMED): string[] {
  const byPath = new Map<string, { keyword: string; params: Record<string, unknown>; message: string }[]>();
  for (const error of Value.Errors(schema, value)) {
    const errors = byPath.get(error.instancePath) ?? [];
    errors.push({ keyword: error.keyword, params: error.params as Record<string, unknown>, message: error.message });
    byPath.set(error.instancePath, errors);
  }
  const problems: string[] = [];
  for (const [path, errors] of byPath) {
    // A required field that is absent is named at its own path.
    const required = errors.find((e) => e.keyword === 'required');
    if (required !== undefined) {
      const missing = Object.values(required.params).find((value): value is string[] => Array.isArray(value)) ?? [];
      for (const name of missing) if (problems.length < limit) problems.push(`${path}/${name}: is missing`);
      if (errors.length === 1) {
        if (problems.length === limit) break;
        continue;
      }
    }
    // A field no schema allows is reported at the field ("schema is false") and again at its object.
    if (
      errors.every((e) => e.keyword === 'additionalProperties') &&
      [...byPath.keys()].some((p) => p.startsWith(`${path}/`) && byPath.get(p)?.some((e) => e.keyword === 'boolean'))
    )
      continue;
    let what: string;
    errors.splice(0, errors.length, ...errors.filter((e) => e.keyword !== 'required'));
    const alternatives = errors.filter((e) => e.keyword === 'type' || e.keyword === 'const');
    if (errors.some((e) => e.keyword === 'boolean')) what = 'is not a known field';
    else if (alternatives.length > 0 && alternatives.length === errors.filter((e) => e.keyword !== 'anyOf').length) {
      const names = alternatives.map((e) => (e.keyword === 'type' ? String(e.params.type) : JSON.stringify(e.params.allowedValue)));
      what = names.length <= 4 ? `expected ${names.join(' or ')}` : `expected one of ${names.join(', ')}`;
    } else what = (errors.find((e) => e.keyword !== 'anyOf' && e.keyword !== 'type' && e.keyword !== 'const') ?? errors[0])?.message ?? 'is invalid';
    problems.push(`${path || '/'}: ${what} (got ${shown(valueAt(value, path))})`);
    if (problems.length === limit) break;
  }
  return problems;
}

/** Each schema's compiled check, made at its first document: a GeoJSON of a million positions is checked in tens of milliseconds, not seconds. */
const validators = new WeakMap<TSchema, Validator>();

function validatorOf<S extends TSchema>(schema: S): Validator<Record<never, never>, S> {
  const compiled = validators.get(schema) as Validator<Record<never, never>, S> | undefined;
  if (compiled !== undefined) return compiled;
  const validator = Compile(schema);
  validators.set(schema, validator);
  return validator;
}

/**
 * A value a source or an importer read from a publisher (a merged answer of several pages)
 * checked against the layout the hub reads: an ImportError names the file and the first places
 * that differ, so a changed layout fails the run with where it changed.
 */
export function checkDocument<S extends TSchema>(schema: S, value: unknown, fileName: string): Static<S> {
  if (validatorOf(schema).Check(value)) return value;
  throw new ImportError(`${fileName}: ${schemaProblems(schema, value).join('; ')}`);
}

/**
 * The one reader of a publisher's JSON document (an API answer, a JSON file): parsed once,
 * without a byte-order mark, then checked against `schema`. Bytes that are not JSON (an HTML
 * error page served with 200, a cut body) are refused naming the file and where parsing stopped.
 */
export function readJsonDocument<S extends TSchema>(schema: S, content: string | Buffer, fileName: string): Static<S> {
  const text = withoutByteOrderMark(typeof content === 'string' ? content : content.toString('utf8'));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`${fileName}: not JSON: ${(error as Error).message}`);
  }
  return checkDocument(schema, value, fileName);
}
