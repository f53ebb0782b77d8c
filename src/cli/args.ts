import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs with messages a person can act on. */
export function parse<O extends Options>(args: string[], options: O, usage: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\nusage: ${usage}`);
  }
}

export function yesterdayUtc(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}
