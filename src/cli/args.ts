import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

export type Options = NonNullable<ParseArgsConfig['options']>;

/** parseArgs with messages a person can act on. */
export function parse<O extends Options>(args: string[], options: O, usage: string) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${reason(error as Error & { code?: string }, args, options)}\nusage: ${usage}`);
  }
}

/**
 * Node's message for an unknown option ends in an unbalanced quote (`as in '-- "--x"`) and
 * speaks of positionals; this one names the option only.
 */
function reason(error: Error & { code?: string }, args: string[], options: Options): string {
  if (error.code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return error.message;
  const { tokens } = parseArgs({ args, options, allowPositionals: true, strict: false, tokens: true });
  const unknown = tokens.find((token) => token.kind === 'option' && !Object.hasOwn(options, token.name));
  return unknown?.kind === 'option' ? `unknown option ${unknown.rawName}` : error.message;
}

export function yesterdayUtc(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1)).toISOString().slice(0, 10);
}
