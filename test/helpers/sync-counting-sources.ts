import { appendFileSync } from 'node:fs';
import { ecbEurofxrefImporter } from '../../src/ingest/importers/fx/ecb-eurofxref.ts';
import type { Importer } from '../../src/ingest/source.ts';
import { defineSource, NoParams, parsedPayload, type ImportPayload, type SourceDefinition } from '../../src/ingest/sync/source-definition.ts';

/**
 * Test sources of the double's ECB CSV that count how often the run parses and loads through
 * their importer: each call appends a line to the file SYNC_TEST_CALLS names (the run happens in
 * a worker thread, so the count travels through the file system).
 */
const RATES_PATH = '/stats/eurofxref/eurofxref-hist.csv';
type Rates = ReturnType<typeof ecbEurofxrefImporter.parse>;

function countingImporter(kind: string): Importer<Rates> {
  const record = (call: string) => appendFileSync(process.env.SYNC_TEST_CALLS ?? '/dev/null', `${kind} ${call}\n`);
  return {
    ...ecbEurofxrefImporter,
    parse(content, fileName) {
      record('parse');
      return ecbEurofxrefImporter.parse(content, fileName);
    },
    load(db, parsed, release) {
      record('load');
      return ecbEurofxrefImporter.load(db, parsed, release);
    },
  };
}

/** The bytes as fetched, or the records the source read from them itself (with the real parser, not the counted one). */
function rateSource(id: string, kind: 'bytes' | 'parsed') {
  const importer = countingImporter(kind);
  return defineSource({
    id,
    publisher: 'ecb-test',
    description: `ECB CSV as ${kind} (test source)`,
    defaultBaseUrl: 'http://127.0.0.1:9',
    defaultSchedule: '0 16 * * 1-5',
    timeZone: 'Europe/Berlin',
    params: NoParams,
    defaultParams: {},
    credentials: [],
    importers: [importer],
    async collect({ baseUrl, fetch }) {
      const answer = await fetch({ url: `${baseUrl}${RATES_PATH}`, conditional: false });
      if (answer.notModified) return { payloads: [], cursor: undefined };
      const origin = { fileName: 'eurofxref-hist.csv', archiveHashes: [answer.archiveHash] };
      const payload: ImportPayload =
        kind === 'bytes'
          ? { importer, content: answer.body, ...origin }
          : parsedPayload(importer, ecbEurofxrefImporter.parse(answer.body.toString('utf8'), origin.fileName), origin);
      return { payloads: [payload], cursor: undefined };
    },
  });
}

export const sources: SourceDefinition[] = [rateSource('ecb-count-bytes', 'bytes'), rateSource('ecb-count-parsed', 'parsed')];
