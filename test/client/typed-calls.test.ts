// npm test: embedded pass only (what it checks is the client's types, whatever the hub's store)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createClient, FdhError } from '../../packages/client/src/index.ts';
import { cryptoDemoGenerator } from '../../src/ingest/demo/crypto.ts';
import { instrumentsDemoGenerator } from '../../src/ingest/demo/instruments.ts';
import { macroDemoGenerator } from '../../src/ingest/demo/macro.ts';
import { newsDemoGenerator } from '../../src/ingest/demo/news.ts';
import { listeningHub, recordingFetch } from '../helpers/client.ts';

/**
 * A program written against the client, checked by `tsc` (npm run typecheck) as well as run:
 * answers are typed by path, so reading a field an endpoint does not have, sending a parameter
 * it does not take or leaving out one it needs fails to compile (each `@ts-expect-error` line
 * below fails the typecheck if the error it expects goes away), and the hub agrees at run time.
 */
test('a typed program reads the fields its endpoints answer and cannot compile one they do not', async (t) => {
  const hub = await listeningHub(t, { seed: [instrumentsDemoGenerator, cryptoDemoGenerator, macroDemoGenerator, newsDemoGenerator] });
  const fdh = createClient({ baseUrl: hub.baseUrl, apiKey: await hub.key() });

  await t.test('fields of the answer, typed by path', async () => {
    const map = await fdh.get('/openapi/v1/crypto/bubble-map', { query: { limit: 5, timeframe: '1w' } });
    assert.equal(map.timeframe, '1w');
    assert.equal(map.coins.length, 5);
    const largest = map.coins[0];
    assert.ok(largest !== undefined && largest.size === 1 && largest.marketCap > 0);
    // @ts-expect-error the bubble map has no price
    assert.equal(largest.price, undefined);

    const history = await fdh.get('/openapi/v1/commodities/{id}/history', { params: { id: 'gold' }, query: { period: '1m' } });
    const close: number = history.at(-1)?.close ?? Number.NaN;
    assert.ok(close > 0);
    // @ts-expect-error history points are { date, close }: no open
    assert.equal(history[0]?.open, undefined);

    const flows = await fdh.get('/openapi/v1/macro/fdi/vn/flows', { query: { months: 3 } });
    const latest: string | null = flows.latestPeriod;
    assert.match(String(latest), /^\d{4}-\d{2}$/);
    // @ts-expect-error the latest period is a string (or null), not a number
    const month: number = flows.latestPeriod;
    assert.equal(typeof month, 'string');
    // @ts-expect-error the flows name their latest period latestPeriod
    assert.equal(flows.latestMonth, undefined);
  });

  await t.test('parameters an endpoint does not take are compile errors, and the hub refuses them too', async () => {
    // @ts-expect-error `limt` is not a parameter of the bubble map
    await assert.rejects(fdh.get('/openapi/v1/crypto/bubble-map', { query: { limt: 5 } }), (error: unknown) => {
      assert.ok(error instanceof FdhError);
      assert.equal(error.status, 400);
      assert.ok(
        error.messages.some((message) => message.includes('limt')),
        error.messages.join('; '),
      );
      return true;
    });
    // @ts-expect-error timeframes are 1h, 1d and 1w
    await assert.rejects(fdh.get('/openapi/v1/crypto/bubble-map', { query: { timeframe: '1y' } }), { name: 'FdhError', status: 400 });
    // @ts-expect-error the history needs its commodity
    await assert.rejects(fdh.get('/openapi/v1/commodities/{id}/history'), TypeError);
    // @ts-expect-error no such path in the document
    await assert.rejects(fdh.get('/openapi/v1/crypto/prices'), { name: 'FdhError', status: 404, code: 'INTERNAL_ERROR' });
    // @ts-expect-error economic data needs its type
    await assert.rejects(fdh.get('/openapi/v1/macro/economic-data', { query: { country: 'JP' } }), { name: 'FdhError', status: 400 });
  });

  await t.test('asOf is a YYYY-MM-DD or a Date, sent as its UTC day', async () => {
    const urls: string[] = [];
    const dated = createClient({
      baseUrl: hub.baseUrl,
      apiKey: await hub.key(),
      fetch: (input, init) => {
        urls.push(String(input));
        return fetch(input, init);
      },
    });
    const asText = await dated.get('/openapi/v1/macro/interbank-rates/jp/tibor', { query: { asOf: '2026-03-31' } });
    const asDate = await dated.get('/openapi/v1/macro/interbank-rates/jp/tibor', { query: { asOf: new Date('2026-03-31T12:00:00Z') } });
    assert.deepEqual(asDate, asText);
    assert.equal(asText.latestDate, '2026-03-31');
    // Late on 31 March at UTC−2 is 1 April in UTC, the day the hub's cut-off is measured in.
    const lateEvening = await dated.get('/openapi/v1/macro/interbank-rates/jp/tibor', { query: { asOf: new Date('2026-03-31T23:30:00-02:00') } });
    assert.equal(lateEvening.latestDate, '2026-04-01');
    assert.deepEqual(
      urls.map((url) => new URL(url).searchParams.get('asOf')),
      ['2026-03-31', '2026-03-31', '2026-04-01'],
    );
  });

  await t.test('the news feed pages through meta.nextCursor, item by item', async () => {
    const window = { from: new Date('2026-06-10T00:00:00Z'), to: '2026-06-12' };
    const whole = await fdh.request('get', '/openapi/v1/news/feed', { query: { ...window, limit: 100 } });
    assert.equal(whole.meta.nextCursor, null, 'the window fits one page of 100');
    assert.ok(whole.data.length > 4);

    const statuses: number[] = [];
    const paging = createClient({ baseUrl: hub.baseUrl, apiKey: await hub.key(), fetch: recordingFetch(statuses) });
    const ids: string[] = [];
    for await (const article of paging.paginate('/openapi/v1/news/feed', { query: { ...window, limit: 4 } })) ids.push(article.id);
    assert.deepEqual(
      ids,
      whole.data.map((article) => article.id),
    );
    assert.equal(statuses.length, Math.ceil(ids.length / 4), 'one request per page, none after the last');

    // @ts-expect-error the crypto overview is not paginated
    assert.ok(paging.paginate('/openapi/v1/crypto') !== undefined);
  });

  await t.test('the quota state of the last answer is readable', () => {
    const state = fdh.rateLimit;
    assert.ok(state !== undefined);
    assert.equal(state.limit, 1200, 'plan pro');
    assert.ok(state.remaining < state.limit);
    assert.equal(state.reset, Date.parse('2026-06-19T08:46:00Z') / 1000);
  });
});
