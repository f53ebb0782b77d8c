import type { TestHub } from './app.ts';
import type { ReadingEndpoint } from '../../src/edge/route-reads.ts';

/**
 * The walk behind "every field of an endpoint is filled": ask each field's example request and
 * look at the field in the answer.
 */

/** The values at `path` in `data` (`rows[].lastPrice`: every row's). */
export function reach(data: unknown, path: string): unknown[] {
  let values = [data];
  for (const step of path.split('.')) {
    const name = step.replace(/\[\]$/, '');
    values = values.flatMap((value) => {
      const child = name === '' ? value : (value as Record<string, unknown> | null | undefined)?.[name];
      return step.endsWith('[]') ? (Array.isArray(child) ? child : [undefined]) : [child];
    });
  }
  return values;
}

/** A value that shows a figure: not null, not empty, an array with at least one such value. */
export const filled = (value: unknown): boolean => value !== null && value !== undefined && value !== '' && (!Array.isArray(value) || value.some(filled));

export interface FieldCheck {
  /** Fields (`path field`, or every field of `path`) only asked for a 200 and no null: the samples are too small to show them. */
  tooSmall?: Readonly<Record<string, string>>;
  /** Fields of `tooSmall` a list shows as null for an item with no figure. */
  listedWithNull?: ReadonlySet<string>;
  /** Turns an example request into one for this store's identifiers. */
  rewrite?: (request: string) => string;
}

/** What is wrong with `endpoint`'s fields in the answers to their example requests: one line per field, none when every one is filled. */
export async function unfilledFields(hub: TestHub, key: string, { path, reads }: ReadingEndpoint, check: FieldCheck = {}): Promise<string[]> {
  const tooSmall = check.tooSmall ?? {};
  const problems: string[] = [];
  for (const field of Object.keys(reads.fields)) {
    const request = (check.rewrite ?? ((example: string) => example))(reads.fieldExamples?.[field] ?? reads.example);
    const answer = await hub.get(`/openapi/v1${request}`, key);
    if (answer.statusCode !== 200) {
      problems.push(`${request}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
      continue;
    }
    const values = reach(answer.json().data, field);
    if (`${path} ${field}` in tooSmall || path in tooSmall) {
      if (!check.listedWithNull?.has(`${path} ${field}`) && values.includes(null)) problems.push(`${request}: ${field} has a null`);
      continue;
    }
    // A series may have a gap (a day the publisher printed no figure); the field as a whole may not be empty.
    if (!values.some(filled)) problems.push(`${request}: ${field} is null or empty: ${answer.body.slice(0, 600)}`);
  }
  return problems;
}
