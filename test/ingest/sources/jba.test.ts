import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { jbaTiborSource } from '../../../src/ingest/sources/jba/index.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const PATH = { path: '/rate/jba-tibor-2026-06.csv' };

test('jba-tibor reads the CSV named in params.path conditionally and hands it on as UTF-8, decoded from Shift_JIS', async () => {
  const { result, requests } = await collectFromRoutes(jbaTiborSource, { params: PATH });
  assert.deepEqual(requests, [{ url: 'http://publisher.test/rate/jba-tibor-2026-06.csv' }]);
  const [payload] = result.payloads;
  assert.equal(payload?.importer.dataset, 'jp-tibor-jba');
  assert.equal(payload?.fileName, 'jba-tibor-2026-06.csv');
  const text = payloadBytes(payload).toString('utf8') ?? '';
  assert.match(text, /^"全銀協TIBOR（日本円TIBOR）"\r\n"Japanese Yen TIBOR"/, 'the Shift_JIS title reads as Japanese');
  assert.notDeepEqual(payloadBytes(payload), publisherSample('jba', 'jba-tibor-2026-06.csv'), 'the bytes were transcoded');
});

test('jba-tibor without params.path says what to set; a file that is not valid Shift_JIS is refused', async () => {
  await assert.rejects(collectFromRoutes(jbaTiborSource), /jba-tibor: params\.path must be set/);
  await assert.rejects(collectFromRoutes(jbaTiborSource, { params: { ...PATH, encoding: 'no-such-encoding' } }), /params\.encoding "no-such-encoding"/);
  await assert.rejects(
    jbaTiborSource.collect({
      baseUrl: 'http://publisher.test',
      params: { ...jbaTiborSource.defaultParams, ...PATH },
      credentials: {},
      cursor: undefined,
      now: new Date(),
      // 0x82 starts a two-byte Shift_JIS character; the file ends inside it.
      fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: Buffer.from([0x22, 0x82]), archiveHash: 'x' }),
    }),
    (error: unknown) => error instanceof ImportError && /jba-tibor-2026-06\.csv: the file is not valid shift_jis text/.test(error.message),
  );
});

test('an HTML page served with 200 or a file cut short imports nothing and says why', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(jbaTiborSource, { params: PATH });
  const [payload] = result.payloads;
  assert.ok(payload !== undefined);
  const refused = async (content: string, message: RegExp) =>
    assert.rejects(
      importPayloads(hub, [{ ...payload, content: Buffer.from(content) }]),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  await refused('<!DOCTYPE html><html><body>メンテナンス中</body></html>', /jba-tibor-2026-06\.csv: no "Date,1WEEK,1MONTH,…" heading line/);
  const text = payloadBytes(payload).toString('utf8');
  await refused(text.slice(0, text.indexOf('"0.94367"')), /jba-tibor-2026-06\.csv:7: 3 cells for the heading's 7/);
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 0);
});

test('after the JBA source runs, the TIBOR endpoint shows exactly the fetched fixings', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(jbaTiborSource, { params: PATH });
  assert.equal((await importPayloads(hub, result.payloads, new Date('2026-06-05T02:30:00Z')))[0]?.status, 'loaded');
  const response = await hub.get('/openapi/v1/macro/interbank-rates/jp/tibor?period=1M', await hub.key());
  const { points } = response.json().data as {
    points: { date: string; tibor1w: number | null; tibor1m: number | null; tibor3m: number | null; tibor6m: number | null }[];
  };
  const published = new TextDecoder('shift_jis')
    .decode(publisherSample('jba', 'jba-tibor-2026-06.csv'))
    .split('\r\n')
    .filter((line) => /^"\d{4}\//.test(line))
    .map((line) => line.split(',').map((cell) => cell.replaceAll('"', '')));
  const value = (cell: string | undefined) => (cell === '-' ? null : Number(cell));
  assert.deepEqual(
    points,
    published.map(([date, w1, m1, , m3, m6]) => ({
      date: (date ?? '').replaceAll('/', '-'),
      tibor1w: value(w1),
      tibor1m: value(m1),
      tibor3m: value(m3),
      tibor6m: value(m6),
    })),
  );
});
