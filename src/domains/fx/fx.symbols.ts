import { InvalidInputError } from '../../kernel/domain-errors.ts';

const MAX_CORRELATION_ASSETS = 20;
const MAX_TABLE_PAIRS = 50;

/** `eur/usd, USD/JPY` → `['EUR/USD', 'USD/JPY']`, duplicates dropped; undefined when not given. */
function parseSymbols(raw: string | undefined, parameter: string, max: number): string[] | undefined {
  if (raw === undefined) return undefined;
  const symbols = [...new Set(raw.split(',').map((token) => token.trim().toUpperCase()))];
  if (symbols.some((symbol) => symbol === '')) throw new InvalidInputError([`${parameter} must be a comma-separated list without empty items`]);
  if (symbols.length > max) throw new InvalidInputError([`${parameter} lists ${symbols.length} items; at most ${max} are allowed`]);
  return symbols;
}

/** The pairs `/fx/table?pairs=` names; undefined when it names none. */
export const requestedPairs = (pairs: string | undefined): string[] | undefined => parseSymbols(pairs, 'pairs', MAX_TABLE_PAIRS);

/** The symbols `/fx/correlation?assets=` names; undefined when it names none. */
export const requestedAssets = (assets: string | undefined): string[] | undefined => parseSymbols(assets, 'assets', MAX_CORRELATION_ASSETS);
