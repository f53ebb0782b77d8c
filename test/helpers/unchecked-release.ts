import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/store/schema.ts';

export interface UncheckedRelease {
  dataset: string;
  fileName: string;
  source: string;
  knowledgeAt: string;
  closes: readonly { instrument: string; date: string; close: number }[];
  /** Stored closes the release withdraws, as a span opened by a stray row did before the figure rules. */
  withdraw?: { instrument: string; from: string; to: string };
}

/**
 * A release as a hub without the figure rules loaded it (test-only: the rules refuse every such
 * file now): its closes written as given, what they replace or withdraw kept aside as the
 * store's undo log keeps it (instrument_close_superseded), and its facts noted.
 */
export async function storeUncheckedRelease(db: Kysely<Database>, release: UncheckedRelease): Promise<string> {
  const id = `rel_unchecked${randomBytes(6).toString('hex')}`;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('release')
      .values({
        id,
        dataset: release.dataset,
        source: release.source,
        file_name: release.fileName,
        content_hash: randomBytes(32).toString('hex'),
        knowledge_at: release.knowledgeAt,
        // After every release a test made, whichever clock stamped theirs (a sync's worker stamps the wall clock's).
        loaded_at: new Date(Math.max(Date.now(), Date.parse(release.knowledgeAt)) + 1000).toISOString(),
        origin: 'import',
        source_id: null,
        archive_hashes: null,
      })
      .execute();
    const replaced = async (instrument: string, from: string, to: string) => {
      const stored = await trx
        .selectFrom('instrument_close')
        .selectAll()
        .where('instrument', '=', instrument)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .execute();
      for (const row of stored) {
        await trx
          .insertInto('instrument_close_superseded')
          .values({
            release_id: id,
            instrument,
            date: row.date,
            close: row.close,
            source: row.source,
            previous_release_id: row.release_id,
            knowledge_at: row.knowledge_at,
          })
          .execute();
      }
      await trx.deleteFrom('instrument_close').where('instrument', '=', instrument).where('date', '>=', from).where('date', '<=', to).execute();
    };
    if (release.withdraw !== undefined) await replaced(release.withdraw.instrument, release.withdraw.from, release.withdraw.to);
    for (const close of release.closes) {
      await replaced(close.instrument, close.date, close.date);
      await trx
        .insertInto('instrument_close')
        .values({ ...close, source: release.source, release_id: id, knowledge_at: release.knowledgeAt })
        .execute();
    }
    for (const instrument of new Set(release.closes.map((close) => close.instrument))) {
      const dates = release.closes
        .filter((close) => close.instrument === instrument)
        .map((close) => close.date)
        .sort();
      await trx
        .insertInto('release_fact')
        .values({
          release_id: id,
          fact: `instrument_close:${instrument}`,
          table_name: 'instrument_close',
          rows: dates.length,
          first_period: dates[0] ?? null,
          last_period: dates[dates.length - 1] ?? null,
        })
        .execute();
    }
  });
  return id;
}
