import type { Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import { insertRows } from '../store/loader.ts';

/**
 * Writes one publisher file's closes into the series store: for each instrument, the file
 * replaces whatever the store held between its first and last date there (demo rows included),
 * so no series mixes two publishers within the file's span. A close may carry its own knowledge
 * time (an operator's file dating each figure); the others are known at the release's.
 */
export async function replaceCloses(
  db: Transaction<Database>,
  closes: readonly { instrument: string; date: string; close: number; knowledgeAt?: string | undefined }[],
  release: { id: string; source: string; knowledgeAt: string },
): Promise<number> {
  const spans = new Map<string, { first: string; last: string }>();
  for (const { instrument, date } of closes) {
    const span = spans.get(instrument);
    if (span === undefined) spans.set(instrument, { first: date, last: date });
    else if (date < span.first) span.first = date;
    else if (date > span.last) span.last = date;
  }
  for (const [instrument, { first, last }] of spans) {
    await db.deleteFrom('instrument_close').where('instrument', '=', instrument).where('date', '>=', first).where('date', '<=', last).execute();
  }
  await insertRows(
    db,
    'instrument_close',
    closes.map(({ instrument, date, close, knowledgeAt }) => ({ instrument, date, close, source: release.source, release_id: release.id, knowledge_at: knowledgeAt ?? release.knowledgeAt })),
  );
  return closes.length;
}
