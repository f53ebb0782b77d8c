import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { recordObservations, type ObservationInput } from '../store/vintage.ts';
import { ImportError } from './import-error.ts';
import type { ReleaseInfo } from './source.ts';

/** Rows written per statement and checked per look-up: bounds the memory of a load. */
export const OBSERVATION_BATCH_ROWS = 1000;

/** An observation and the line of the file it came from. */
export interface NumberedObservation {
  line: number;
  row: ObservationInput;
}

/**
 * `values` without repeats, padded to OBSERVATION_BATCH_ROWS with its first value: every
 * look-up is then the same SQL text, one prepared statement, where lists of every length would
 * fill the store's statement cache with large statements (native memory growing with the file).
 */
function paddedToBatch(values: string[]): string[] {
  const distinct = [...new Set(values)];
  const padding = distinct[0] ?? '';
  while (distinct.length < OBSERVATION_BATCH_ROWS) distinct.push(padding);
  return distinct;
}

const keyOf = (row: { series: string; period: string }) => `${row.series}|${row.period}`;

/**
 * Writes one batch of a streamed observation file into its release. A figure given twice —
 * within the batch, or already written from an earlier one — is refused naming its line; the
 * store is asked about earlier batches, so nothing of them is kept in memory.
 */
export async function loadObservationBatch(
  db: Transaction<Database>,
  batch: readonly NumberedObservation[],
  release: ReleaseInfo,
  fileName: string,
): Promise<number> {
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
  return recordObservations(db, release, batch.map(({ row }) => row));
}
