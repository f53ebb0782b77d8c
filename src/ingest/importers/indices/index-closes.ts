import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import type { ReleaseInfo } from '../../source.ts';
import { catalogueRow, INDEX_CATALOGUE } from '../../../domains/indices/indices.catalogue.ts';
import { indexInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { insertRows } from '../../../store/loader.ts';
import { replaceCloses } from '../../instrument-closes.ts';

/** One close of an index the hub knows, under its catalogue code (`TOPIX`, `SPX`), and where the publisher wrote it (never stored). */
export interface IndexCloseRecord {
  code: string;
  date: string;
  close: number;
  where: string;
}

/** Lists in `market_index`, from the catalogue, each of `codes` the store does not know yet. */
export async function listNewIndices(db: Transaction<Database>, codes: readonly string[], source: string): Promise<void> {
  if (codes.length === 0) return;
  const listed = new Set((await db.selectFrom('market_index').select('code').where('code', 'in', codes).execute()).map((row) => row.code));
  const missing = INDEX_CATALOGUE.filter((index) => codes.includes(index.code) && !listed.has(index.code));
  await insertRows(
    db,
    'market_index',
    missing.map((index) => catalogueRow(index, source)),
  );
}

/**
 * Writes a publisher's index closes into the series store (`index:<code>`, the series the
 * indices endpoints read) and lists each index the store did not know yet from the catalogue.
 */
export async function loadIndexCloses(db: Transaction<Database>, records: readonly IndexCloseRecord[], release: ReleaseInfo): Promise<number> {
  const codes = [...new Set(records.map((record) => record.code))];
  if (codes.length === 0) return 0;
  await listNewIndices(db, codes, release.source);
  return replaceCloses(
    db,
    records.map((record) => ({ instrument: indexInstrument(record.code), date: record.date, close: record.close, where: record.where })),
    release,
  );
}
