import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ecbEurofxrefImporter } from '../../../src/ingest/importers/fx/ecb-eurofxref.ts';
import type { Importer } from '../../../src/ingest/source.ts';
import { defineSource, NoParams, parsedPayload, type ImportPayload } from '../../../src/ingest/sync/source-definition.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { RATES_PATH, syncSetup } from './helpers.ts';

/** The ECB CSV importer, counting how often the run parses and loads through it. */
function countingImporter() {
  const calls = { parse: 0, load: 0 };
  const importer: Importer<ReturnType<typeof ecbEurofxrefImporter.parse>> = {
    ...ecbEurofxrefImporter,
    parse(content, fileName) {
      calls.parse++;
      return ecbEurofxrefImporter.parse(content, fileName);
    },
    load(db, parsed, release) {
      calls.load++;
      return ecbEurofxrefImporter.load(db, parsed, release);
    },
  };
  return { importer, calls };
}

/** A test source of the double's ECB CSV: the bytes as fetched, or the records it read from them. */
function rateSource(id: string, importer: Importer<ReturnType<typeof ecbEurofxrefImporter.parse>>, kind: 'bytes' | 'parsed') {
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
          : // The source reads the bytes itself (the real parser, not the counted one) and hands on the records.
            parsedPayload(importer, ecbEurofxrefImporter.parse(answer.body.toString('utf8'), origin.fileName), origin);
      return { payloads: [payload], cursor: undefined };
    },
  });
}

test('each payload of a run is parsed once: the publisher\'s bytes by the importer, records a source read never again', async (t) => {
  const { hub } = await syncSetup(t);
  const bytes = countingImporter();
  const parsed = countingImporter();
  const sync = await SyncService.open({ ...hub.runtime, env: {}, shipped: [rateSource('ecb-count-bytes', bytes.importer, 'bytes'), rateSource('ecb-count-parsed', parsed.importer, 'parsed')] });
  t.after(() => sync.close());

  const [fromBytes] = await sync.run(['ecb-count-bytes']);
  assert.equal(fromBytes?.status, 'succeeded', JSON.stringify(fromBytes));
  assert.deepEqual(bytes.calls, { parse: 1, load: 1 }, 'bytes: one parse (the check before any import is that parse), one load');

  const [fromRecords] = await sync.run(['ecb-count-parsed']);
  assert.equal(fromRecords?.status, 'succeeded', JSON.stringify(fromRecords));
  assert.deepEqual(parsed.calls, { parse: 0, load: 1 }, 'records: loaded as they are, never parsed again');

  // The same bytes again are the release already loaded, still parsed once.
  await sync.run(['ecb-count-bytes']);
  assert.deepEqual(bytes.calls, { parse: 2, load: 1 });
});
