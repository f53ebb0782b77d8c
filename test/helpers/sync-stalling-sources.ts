import { setInterval as every } from 'node:timers/promises';
import { writeFileSync } from 'node:fs';
import { ecbEurofxrefImporter } from '../../src/ingest/importers/fx/ecb-eurofxref.ts';
import type { Importer } from '../../src/ingest/source.ts';
import { NoParams, type SourceDefinition } from '../../src/ingest/sync/source-definition.ts';

/**
 * A test source of two payloads: the ECB test publisher's CSV, then a payload whose import
 * stalls inside the run's transaction when SYNC_TEST_STALL_MARKER names a file (it writes the
 * file first, so a test knows the run is mid-commit and can kill its process there). Without the
 * variable the second payload imports nothing and the run succeeds.
 */
const stallImporter: Importer<string> = {
  dataset: 'sync-test-stall',
  description: 'stalls mid-commit when asked (test importer)',
  source: 'test',
  datasets: [],
  parse: (content) => content,
  async load() {
    const marker = process.env.SYNC_TEST_STALL_MARKER;
    if (marker === undefined || marker === '') return 0;
    writeFileSync(marker, String(process.pid));
    for await (const tick of every(1000)) void tick;
    return 0;
  },
};

export const sources: SourceDefinition[] = [
  {
    id: 'ecb-test-stalling',
    publisher: 'ecb-test',
    description: 'ECB euro reference rates, then a payload that stalls mid-commit (test source)',
    defaultBaseUrl: 'http://127.0.0.1:9',
    defaultSchedule: '0 16 * * 1-5',
    timeZone: 'Europe/Berlin',
    params: NoParams,
    defaultParams: {},
    credentials: [],
    importers: [ecbEurofxrefImporter, stallImporter],
    async collect(context) {
      const answer = await context.fetch({ url: `${context.baseUrl}/stats/eurofxref/eurofxref-hist.csv`, conditional: false });
      if (answer.notModified) return { payloads: [], cursor: undefined };
      return {
        payloads: [
          { importer: ecbEurofxrefImporter, fileName: 'eurofxref-hist.csv', content: answer.body, archiveHashes: [answer.archiveHash] },
          { importer: stallImporter, fileName: 'stall.txt', content: Buffer.from('stall'), archiveHashes: [] },
        ],
        cursor: undefined,
      };
    },
  },
];
