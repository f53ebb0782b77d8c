import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ObservationInput } from '../store/vintage.ts';
import { ImportError } from './import-error.ts';
import { RECORD_BATCH_ROWS, recordsInto, type RecordMapping } from '../store/loader.ts';
import type { ReleaseInfo } from './source.ts';

/** An observation and the line of the file it came from. */
export interface NumberedObservation {
  line: number;
  row: ObservationInput;
}

/**
 * `values` without repeats, padded to RECORD_BATCH_ROWS with its first value: every look-up is
 * then the same SQL text, one prepared statement, where lists of every length would fill the
 * store's statement cache with large statements (native memory growing with the file).
 */
function paddedToBatch(values: string[]): string[] {
  const distinct = [...new Set(values)];
  const padding = distinct[0] ?? '';
  while (distinct.length < RECORD_BATCH_ROWS) distinct.push(padding);
  return distinct;
}

const keyOf = (row: { series: string; period: string }) => `${row.series}|${row.period}`;

/**
 * A figure given twice — within the batch, or already written from an earlier one — is refused
 * naming its line; the store is asked about earlier batches, so nothing of them is kept in memory.
 */
async function refuseRepeats(db: Transaction<Database>, batch: readonly NumberedObservation[], release: ReleaseInfo, fileName: string): Promise<void> {
  const twice = (observation: NumberedObservation) =>
    new ImportError(`${fileName}:${observation.line}: ${observation.row.series} ${observation.row.period} appears twice`);
  const seen = new Set<string>();
  for (const observation of batch) {
    if (seen.has(keyOf(observation.row))) throw twice(observation);
    seen.add(keyOf(observation.row));
  }
  const earlier = await db
    .selectFrom('macro_observation')
    .select(['series', 'period'])
    .where('release_id', '=', release.id)
    .where('series', 'in', paddedToBatch(batch.map(({ row }) => row.series)))
    .where('period', 'in', paddedToBatch(batch.map(({ row }) => row.period)))
    .execute();
  const taken = new Set(earlier.map(keyOf));
  const repeated = batch.find(({ row }) => taken.has(keyOf(row)));
  if (repeated !== undefined) throw twice(repeated);
}

/** Observation files' records → the release's versions in the point-in-time store (vintage.ts). */
export const observationRows: RecordMapping<NumberedObservation, 'macro_observation'> = {
  table: 'macro_observation',
  forRelease: (db, release, fileName) => ({
    row: ({ row }) => ({ ...row, release_id: release.id, knowledge_at: release.knowledgeAt }),
    check: (batch) => refuseRepeats(db, batch, release, fileName),
  }),
};

/** The `load` of every observation file importer. */
export const loadObservations = recordsInto(observationRows);
