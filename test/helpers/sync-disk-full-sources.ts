import { PostgresAdapter, sql } from 'kysely';
import { ecbEurofxrefImporter } from '../../src/ingest/importers/fx/ecb-eurofxref.ts';
import type { Importer } from '../../src/ingest/source.ts';
import { NoParams, type SourceDefinition } from '../../src/ingest/sync/source-definition.ts';

/**
 * An importer that fills the store's disk inside the run's transaction, without filling the
 * machine's: on SQLite it caps the worker's connection at the pages the database has
 * (`max_page_count`) and writes a row larger than its free pages hold, so SQLite answers SQLITE_FULL as
 * on a full disk; on PostgreSQL the server raises disk_full (53100) as when it cannot extend a file.
 */
const fillingImporter: Importer<string> = {
  dataset: 'sync-test-disk-full',
  description: 'fills the disk mid-commit (test importer)',
  source: 'test',
  datasets: [],
  parse: (content) => content,
  async load(trx) {
    if (trx.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`do $$ begin raise exception 'could not extend file "base/16384/2619": No space left on device' using errcode = 'disk_full'; end $$`.execute(
        trx,
      );
      return 0;
    }
    await sql`create table disk_filler (bytes blob)`.execute(trx);
    const pages = await sql<{
      page_count: number;
      freelist_count: number;
      page_size: number;
    }>`select * from pragma_page_count(), pragma_freelist_count(), pragma_page_size()`.execute(trx);
    const { page_count: count, freelist_count: free, page_size: size } = pages.rows[0] ?? { page_count: 0, freelist_count: 0, page_size: 4096 };
    await sql.raw(`pragma max_page_count = ${Number(count)}`).execute(trx);
    await sql`insert into disk_filler values (zeroblob(${(Number(free) + 16) * Number(size)}))`.execute(trx);
    return 0;
  },
};

export const sources: SourceDefinition[] = [
  {
    id: 'ecb-test-disk-full',
    publisher: 'ecb-test',
    description: 'ECB euro reference rates, then a payload that fills the disk (test source)',
    defaultBaseUrl: 'http://127.0.0.1:9',
    defaultSchedule: '0 16 * * 1-5',
    timeZone: 'Europe/Berlin',
    params: NoParams,
    defaultParams: {},
    credentials: [],
    importers: [ecbEurofxrefImporter, fillingImporter],
    async collect(context) {
      const answer = await context.fetch({ url: `${context.baseUrl}/stats/eurofxref/eurofxref-hist.csv`, conditional: false });
      if (answer.notModified) return { payloads: [], cursor: undefined };
      return {
        payloads: [
          { importer: ecbEurofxrefImporter, fileName: 'eurofxref-hist.csv', content: answer.body, archiveHashes: [answer.archiveHash] },
          { importer: fillingImporter, fileName: 'fill.txt', content: Buffer.from('fill'), archiveHashes: [] },
        ],
        cursor: undefined,
      };
    },
  },
];
