import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type ReleaseInfo } from '../../source.ts';
import { readSeries, type ObservationInput } from '../../../store/vintage.ts';

/**
 * For an answer that is each of its series' whole history (the BIS's WS_CBPOL, an e-Stat table):
 * every stored period of those series the answer no longer holds, as a null, so a figure the
 * publisher withdrew or that came from another table (a CPI of an older base, the BOJ's basic
 * loan rate once stored as the policy rate) is not served beside the answer's. An answer ending
 * before the newest figure the same source stored is refused: it was cut short or asked for
 * less, and would withdraw real figures.
 */
export async function withdrawnPeriods(
  db: Transaction<Database>,
  rows: readonly ObservationInput[],
  release: ReleaseInfo,
  fileName: string,
): Promise<ObservationInput[]> {
  const published = new Set(rows.map((row) => `${row.series}|${row.period}`));
  const newest = new Map<string, string>();
  for (const row of rows) if ((newest.get(row.series) ?? '') < row.period) newest.set(row.series, row.period);
  const held = await readSeries(db, { series: [...newest.keys()], cutoff: release.knowledgeAt });
  return [...held].flatMap(([series, figures]) => {
    const stored = figures.filter((figure) => figure.value !== null);
    const last = stored.filter((figure) => figure.source === release.source).at(-1)?.period;
    const answerLast = newest.get(series) ?? '';
    if (last !== undefined && answerLast < last)
      throw new ImportError(`${fileName}: ${series} ends at ${answerLast}, before the ${last} already stored: a cut or narrower answer is not a whole history`);
    return stored
      .filter((figure) => !published.has(`${series}|${figure.period}`))
      .map((figure) => ({ series, period: figure.period, value: null, marker: null }));
  });
}
