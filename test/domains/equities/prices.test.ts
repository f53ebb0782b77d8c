import assert from 'node:assert/strict';
import { test } from 'node:test';
import { db, equitiesHub, near } from './equities-hub.ts';

interface Point {
  date: string;
  close: number;
  adjustedClose: number;
  volume: number;
  adjustedVolume: number;
  tradingValue: number;
}
interface Prices {
  range: string;
  from: string | null;
  to: string | null;
  isPartial: boolean;
  points: Point[];
}

test('equity prices', async (t) => {
  const hub = await equitiesHub(t);

  await t.test('prices are split-adjusted to the latest share base across a split and a reverse split', async () => {
    for (const kind of ['split', 'reverse_split'] as const) {
      const action = await db(hub).selectFrom('equity_action').selectAll().where('kind', '=', kind).orderBy('code').executeTakeFirstOrThrow();
      const actions = await db(hub).selectFrom('equity_action').selectAll().where('code', '=', action.code).execute();
      const stored = await db(hub).selectFrom('equity_bar').selectAll().where('code', '=', action.code).orderBy('date').execute();
      const { status, body } = await hub.json(`/market/jp/equities/${action.code}/prices?range=max`);
      assert.equal(status, 200);
      const prices = body.data as Prices;
      assert.equal(prices.points.length, stored.length);
      prices.points.forEach((point, i) => {
        const row = stored[i];
        assert.ok(row !== undefined);
        // Independently: the product of every ratio taking effect after the bar's date.
        const factor = actions.filter((a) => a.effective_date > row.date).reduce((f, a) => f * a.ratio, 1);
        assert.equal(point.date, row.date);
        assert.equal(point.close, row.close);
        assert.equal(point.volume, row.volume);
        assert.equal(point.tradingValue, row.trading_value);
        assert.ok(near(point.adjustedClose, row.close / factor), `${kind} ${row.date} adjustedClose`);
        assert.ok(near(point.adjustedVolume, row.volume * factor), `${kind} ${row.date} adjustedVolume`);
        assert.ok(near(point.adjustedClose * point.adjustedVolume, point.close * point.volume), `${kind} ${row.date} close × volume kept`);
      });
      const last = prices.points.at(-1);
      assert.ok(last !== undefined);
      assert.equal(last.adjustedClose, last.close, 'the latest session is unadjusted');
      assert.equal(last.adjustedVolume, last.volume);
      // Across the effective date the raw close jumps by the ratio; the adjusted one does not.
      const at = prices.points.findIndex((p) => p.date === action.effective_date);
      const before = prices.points[at - 1];
      const on = prices.points[at];
      assert.ok(before !== undefined && on !== undefined);
      assert.ok(Math.abs(Math.log(on.adjustedClose / before.adjustedClose)) < 0.25, 'no jump in the adjusted series');
      assert.ok(Math.abs(Math.log(on.close / before.close) + Math.log(action.ratio)) < 0.25, 'the raw series jumps by the ratio');
      assert.equal(body.meta.classification, 'RAW+COMPUTED');
      assert.deepEqual(body.meta.source, ['demo']);
    }
  });

  await t.test('windows run oldest to newest and isPartial says when history is shorter than the window', async () => {
    const first = await db(hub).selectFrom('equity_bar').select(['code', 'date']).where('code', '=', '72030').orderBy('date').executeTakeFirstOrThrow();
    assert.equal(first.date, '2021-10-01');

    const year = (await hub.json('/market/jp/equities/7203/prices')).body.data as Prices;
    assert.equal(year.range, '1y');
    assert.equal(year.isPartial, false);
    assert.equal(year.to, '2026-06-19');
    assert.ok(year.from !== null && year.from > '2025-06-19' && year.from <= '2025-06-26');
    const dates = year.points.map((p) => p.date);
    assert.deepEqual(dates, [...dates].sort());
    assert.equal(new Set(dates).size, dates.length);

    const five = (await hub.json('/market/jp/equities/7203/prices?range=5y')).body.data as Prices;
    assert.equal(five.isPartial, true, 'five years reach before October 2021');
    assert.equal(five.from, '2021-10-01');
    const max = (await hub.json('/market/jp/equities/7203/prices?range=max')).body.data as Prices;
    assert.equal(max.isPartial, false);
    assert.equal(max.points.length, five.points.length);
    const days = (await hub.json('/market/jp/equities/7203/prices?range=5d')).body.data as Prices;
    assert.deepEqual(
      days.points.map((p) => p.date),
      ['2026-06-15', '2026-06-16', '2026-06-17', '2026-06-18', '2026-06-19'],
    );
    assert.equal(days.isPartial, false);

    // A listing of the last year has less history than a year.
    const recent = await db(hub).selectFrom('equity_issue').select('code').where('listed_on', '>', '2025-07-01').orderBy('code').executeTakeFirstOrThrow();
    const partial = (await hub.json(`/market/jp/equities/${recent.code}/prices?range=1y`)).body.data as Prices;
    assert.equal(partial.isPartial, true);
    const recentFirst = await db(hub).selectFrom('equity_bar').select('date').where('code', '=', recent.code).orderBy('date').executeTakeFirstOrThrow();
    assert.equal(partial.from, recentFirst.date);
  });

  await t.test('both code forms name the same stock; bad market, code and range are rejected in order', async () => {
    const four = await hub.json('/market/jp/equities/130A/prices?range=1m');
    const five = await hub.json('/market/jp/equities/130A0/prices?range=1m');
    assert.equal(four.status, 200);
    assert.deepEqual(four.body.data, five.body.data);
    assert.deepEqual((await hub.json('/market/jp/equities/7203')).body.data, (await hub.json('/market/jp/equities/72030')).body.data);

    const market = await hub.json('/market/us/equities/0000/prices');
    assert.equal(market.status, 400);
    assert.equal(market.body.error?.code, 'MARKET_NOT_SUPPORTED', 'the market is checked before the code');
    const unknown = await hub.json('/market/jp/equities/0000/prices');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error?.code, 'EQUITY_NOT_FOUND');
    const malformed = await hub.json('/market/jp/equities/72-3/prices');
    assert.equal(malformed.status, 400);
    assert.match(String(malformed.body.error?.message), /code/);
    const range = await hub.json('/market/jp/equities/7203/prices?range=2y');
    assert.equal(range.status, 400);
    assert.match(String(range.body.error?.message), /range/);
  });
});
