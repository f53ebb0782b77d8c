import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads } from '../../helpers/routes-fetch.ts';
import { alternativeMeFearGreedSource } from '../../../src/ingest/sources/alternative-me/index.ts';
import { coingeckoMarketsSource } from '../../../src/ingest/sources/coingecko/index.ts';
import { parseFearGreed } from '../../../src/ingest/importers/crypto/alternative-me-fng.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const answering = (body: string) =>
  alternativeMeFearGreedSource.collect({
    baseUrl: 'http://publisher.test',
    params: {},
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from(body), archiveHash: 'x' }),
  });

test('the first run asks Alternative.me for the whole history (limit=0) in JSON; later runs only the days since the newest loaded', async () => {
  const first = await collectFromRoutes(alternativeMeFearGreedSource);
  const url = new URL(first.requests[0]?.url ?? '');
  assert.equal(url.pathname, '/fng/');
  assert.deepEqual(Object.fromEntries(url.searchParams), { limit: '0', format: 'json' });
  assert.equal(first.requests[0]?.conditional, false);
  assert.deepEqual(first.result.cursor, { lastDate: '2026-04-27' }, 'the newest day of the answer');
  assert.equal(first.result.payloads[0]?.importer.dataset, 'alternative-me-fng');

  // collectFromRoutes runs at 2026-06-19: 53 days after 2026-04-27, that day included.
  const next = await collectFromRoutes(alternativeMeFearGreedSource, { cursor: { lastDate: '2026-04-27' } });
  assert.equal(new URL(next.requests[0]?.url ?? '').searchParams.get('limit'), '54');
  const sameDay = await collectFromRoutes(alternativeMeFearGreedSource, { cursor: { lastDate: '2026-06-19' } });
  assert.equal(new URL(sameDay.requests[0]?.url ?? '').searchParams.get('limit'), '1');
});

test('an HTML page, an error in metadata or a changed layout served with 200 fails the run with a readable reason', async () => {
  await assert.rejects(
    answering('<html><body>502 Bad Gateway</body></html>'),
    (error: unknown) => error instanceof ImportError && /^fng\.json: not JSON/.test(error.message),
  );
  await assert.rejects(
    answering('{"name":"Fear and Greed Index","data":[],"metadata":{"error":"Limit exceeded"}}'),
    (error: unknown) => error instanceof ImportError && /answered with the error "Limit exceeded"/.test(error.message),
  );
  await assert.rejects(
    answering('{"fng":[{"value":"47"}]}'),
    (error: unknown) => error instanceof ImportError && /^fng\.json: \/data: is missing/.test(error.message),
  );
});

test('the importer refuses a value outside 0–100, a timestamp that is not Unix seconds and a day given twice, naming the item', () => {
  const file = (items: unknown[]) => JSON.stringify({ name: 'Fear and Greed Index', data: items, metadata: { error: null } });
  const cases: [unknown[], RegExp][] = [
    [[{ value: '101', timestamp: '1777248000' }], /data item 1: crypto\.fearGreed "101" is outside what a crypto\.fearGreed figure can be \(from 0 to 100\)/],
    [[{ value: '', timestamp: '1777248000' }], /data item 1: crypto\.fearGreed "" is not a decimal number/],
    [[{ value: '47', timestamp: '2026-04-27' }], /data item 1: timestamp "2026-04-27" is not Unix seconds/],
    [
      [
        { value: '47', timestamp: '1777248000' },
        { value: '48', timestamp: '1777248000' },
      ],
      /data item 2: 2026-04-27 appears twice/,
    ],
  ];
  for (const [items, message] of cases) {
    assert.throws(
      () => parseFearGreed(file(items), 'fng.json'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  }
});

test('after the Alternative.me source runs, the crypto overview shows exactly the fetched index of the newest day', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(alternativeMeFearGreedSource);
  const [loaded] = await importPayloads(hub, result.payloads);
  assert.equal(loaded?.rows, 2);
  const rows = await hub.runtime.store.db.selectFrom('crypto_fear_greed').select(['date', 'value', 'source']).orderBy('date').execute();
  assert.deepEqual(
    rows.map((r) => [r.date, Number(r.value), r.source]),
    [
      ['2026-04-26', 33, 'Alternative.me'],
      ['2026-04-27', 47, 'Alternative.me'],
    ],
  );
  // The overview needs a market snapshot to answer at all.
  await importPayloads(hub, (await collectFromRoutes(coingeckoMarketsSource)).result.payloads);
  const overview = (await hub.get('/openapi/v1/crypto', await hub.key())).json().data as { fearGreed: unknown };
  assert.deepEqual(overview.fearGreed, { value: 47, classification: 'Neutral', date: '2026-04-27' });
});
