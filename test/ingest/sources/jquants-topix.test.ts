import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ImportError, isLineImporter, type Importer } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { jquantsSources } from '../../../src/ingest/sources/jquants/index.ts';
import type { CollectContext, SourceDefinition } from '../../../src/ingest/sync/source-definition.ts';
import { importPayloads, publisherSample, routesFetch, payloadRecords } from '../../helpers/routes-fetch.ts';
import { equitiesHub } from '../../domains/equities/equities-hub.ts';

const KEY = 'test-jquants-key';
const NOW = new Date('2022-06-28T10:00:00Z');

function topixSource(): SourceDefinition {
  const found = jquantsSources.find((s) => s.id === 'jquants-indices-topix');
  assert.ok(found !== undefined, 'jquants-indices-topix');
  return found;
}

function context(overrides: Partial<CollectContext> & Pick<CollectContext, 'fetch'>): CollectContext {
  return {
    baseUrl: 'https://api.jquants.com',
    params: { initialDays: 7, maxDays: 31, delayDays: 0 },
    credentials: { JQUANTS_API_KEY: KEY },
    cursor: undefined,
    now: NOW,
    ...overrides,
  };
}

function topixImporter(): Importer {
  const found = findImporter('jquants-indices-topix');
  assert.ok(found !== undefined && !isLineImporter(found), 'jquants-indices-topix');
  return found;
}

test('TOPIX bars are asked with one from/to request over the window; the newest day is asked again next run', async () => {
  const fake = routesFetch('jquants');
  const source = topixSource();
  assert.equal(source.enabledByDefault, false, 'the TOPIX endpoint needs the Light plan');
  assert.deepEqual(source.feeds, ['instrument_close:index:TOPIX']);
  const first = await source.collect(context({ fetch: fake.fetch }));
  assert.deepEqual(
    fake.requests.map((r) => r.url),
    ['https://api.jquants.com/v2/indices/bars/daily/topix?from=2022-06-22&to=2022-06-28'],
  );
  assert.equal(fake.requests[0]?.headers?.['x-api-key'], KEY);
  assert.deepEqual(first.cursor, { through: '2022-06-27' });
  assert.equal(first.payloads[0]?.importer.dataset, 'jquants-indices-topix');
  assert.deepEqual(
    payloadRecords(first.payloads[0]),
    [{ code: 'TOPIX', date: '2022-06-28', close: 1907.38, where: 'jquants-indices-bars-daily-topix-2022-06-22-2022-06-28.json: data[0]' }],
    'the answer read once into closes',
  );

  const next = routesFetch('jquants');
  await source.collect(context({ fetch: next.fetch, cursor: first.cursor, now: new Date('2022-06-29T10:00:00Z') }));
  assert.deepEqual(
    next.requests.map((r) => r.url),
    ['https://api.jquants.com/v2/indices/bars/daily/topix?from=2022-06-28&to=2022-06-29'],
  );
});

test('the TOPIX importer refuses a changed layout, a truncated answer, an HTML page and a day twice, naming the place', () => {
  const topix = topixImporter();
  const sample = publisherSample('jquants', 'indices-bars-daily-topix-2022-06-28.json').toString('utf8');
  const record = JSON.parse(sample).data[0];
  const refusals: [string, RegExp][] = [
    [sample.slice(0, sample.length / 2), /not JSON/],
    ['<!DOCTYPE html><html><body>Service Unavailable</body></html>', /not JSON/],
    [sample.replace('"C":', '"Close":'), /topix\.json: data\[0\]: C is missing/],
    [sample.replace('"C": 1907.38', '"C": null'), /topix\.json: data\[0\]: C must be a positive number/],
    [sample.replace('"2022-06-28"', '"2022-02-30"'), /data\[0\]: Date "2022-02-30" is not a calendar date/],
    [JSON.stringify({ data: [record, record] }), /data\[1\]: 2022-06-28 appears twice/],
  ];
  for (const [content, message] of refusals) {
    assert.throws(
      () => topix.parse(content, 'topix.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      String(message),
    );
  }
});

test('after importing the fetched TOPIX bars the Japanese indices snapshot shows exactly their close (no demo)', async (t) => {
  const hub = await equitiesHub(t, { seed: false });
  const fake = routesFetch('jquants');
  const { payloads } = await topixSource().collect(context({ fetch: fake.fetch }));
  assert.equal((await importPayloads(hub, payloads, NOW))[0]?.rows, 1);
  const board = (await hub.json('/market/indices/snapshot')).body.data as { code: string; level: number | null; asOf: string | null; source: string | null }[];
  const topix = board.find((index) => index.code === 'TOPIX');
  assert.deepEqual([topix?.level, topix?.asOf, topix?.source], [1907.38, '2022-06-28', 'J-Quants']);
});
