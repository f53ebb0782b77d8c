import type { Migration } from 'kysely/migration';
import * as core from './0001-core.ts';

/** One migration list, run unchanged on SQLite and PostgreSQL. Names sort in apply order. */
export const migrations: Record<string, Migration> = {
  '0001-core': core,
};
