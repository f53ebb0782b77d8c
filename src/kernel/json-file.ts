import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * An operator's JSON settings file (plans, sources) read against its schema; the error names
 * the file and the first place that is wrong, so a broken edit is refused loudly.
 */
export function parseJsonFile<Schema extends TSchema>(schema: Schema, text: string, what: string): Static<Schema> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`${what} is not valid JSON: ${(error as Error).message}`);
  }
  if (!Value.Check(schema, raw)) {
    const first = Value.Errors(schema, raw)[0];
    throw new Error(`${what} is invalid at ${first?.instancePath || '/'}: ${first?.message ?? 'unknown error'}`);
  }
  return raw as Static<Schema>;
}
