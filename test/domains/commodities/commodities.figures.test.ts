import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { INSTRUMENTS_DEMO_SOURCE, instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { commodityInstrument } from '../../../src/domains/instruments/instruments.catalogue.ts';

const TODAY = TEST_NOW.slice(0, 10);
const pct = (to: number | undefined, from: number | undefined) =>
  to === undefined || from === undefined ? null : Math.round((to / from - 1) * 100 * 100) / 100;

interface Item {
  id: string;
  name: string;
  lastClose: number | null;
  change1dPct: number | null;
  changeMtdPct: number | null;
  changeYtdPct: number | null;
  ma50: number | null;
  trend: string | null;
  trendline: number[];
  updatedAt?: string;
}

test('commodity figures agree with an independent calculation from the stored closes', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const key = await hub.key('enterprise');
  const db = hub.runtime.store.db;
  const get = async (url: string) => {
    const res = await hub.get(`/openapi/v1${url}`, key);
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data;
  };
  const closesOf = async (id: string, to = TODAY) =>
    (
      await db
        .selectFrom('instrument_close')
        .select(['date', 'close'])
        .where('instrument', '=', commodityInstrument(id))
        .where('date', '<=', to)
        .orderBy('date')
        .execute()
    ).map((r) => ({ date: r.date, close: r.close }));
  /** A close written by the test itself, as an importer would store it. */
  const testClose = (id: string, date: string, close: number) => ({
    instrument: commodityInstrument(id),
    date,
    close,
    source: 'test',
    release_id: null,
    knowledge_at: `${date}T22:00:00.000Z`,
  });

  await t.test('demo history has gaps, never zeros, and a realistic gold level', async () => {
    const rows = await db.selectFrom('instrument_close').selectAll().where('instrument', 'like', 'commodity:%').execute();
    assert.ok(rows.every((r) => r.close > 0 && r.source === INSTRUMENTS_DEMO_SOURCE));
    const gold = await closesOf('gold');
    const weekdays = gold.filter((r) => ![0, 6].includes(new Date(`${r.date}T00:00:00Z`).getUTCDay()));
    assert.equal(weekdays.length, gold.length, 'no weekend closes');
    assert.ok((gold.at(-1)?.close ?? 0) > 1000 && (gold.at(-1)?.close ?? 0) < 10000);
    // Over the last year, a commodity with missing fixings has fewer closes than weekdays, but most of them.
    const weekdaysSince = (from: string) => {
      let count = 0;
      for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${TODAY}T00:00:00Z`); time += 86_400_000) {
        if (![0, 6].includes(new Date(time).getUTCDay())) count++;
      }
      return count;
    };
    const expected = weekdaysSince('2025-06-19');
    const zinc = (await closesOf('zinc-lme')).filter((c) => c.date >= '2025-06-19').length;
    assert.ok(zinc < expected && zinc > expected * 0.9, `${zinc} zinc closes in ${expected} weekdays: some weekdays are gaps`);
  });

  await t.test('list: last close, 1d/MTD/YTD changes, ma50, trend and trendline per commodity', async () => {
    const items: Item[] = await get('/commodities');
    assert.ok(items.length >= 20);
    for (const item of items) {
      const closes = await closesOf(item.id);
      const last = closes.at(-1);
      assert.ok(last !== undefined, item.id);
      const before = (date: string) => closes.filter((c) => c.date < date).at(-1)?.close;
      assert.equal(item.lastClose, last.close, item.id);
      assert.equal(item.change1dPct, pct(last.close, closes.at(-2)?.close), `${item.id} 1d`);
      assert.equal(item.changeMtdPct, pct(last.close, before(`${last.date.slice(0, 7)}-01`)), `${item.id} mtd`);
      assert.equal(item.changeYtdPct, pct(last.close, before(`${last.date.slice(0, 4)}-01-01`)), `${item.id} ytd`);
      const ma50 = closes.slice(-50).reduce((s, c) => s + c.close, 0) / 50;
      assert.ok(item.ma50 !== null && Math.abs(item.ma50 - ma50) < 0.00005 + 1e-9, `${item.id} ma50 ${item.ma50} vs ${ma50}`);
      assert.equal(item.trend, last.close > ma50 ? 'bullish' : 'bearish', `${item.id} trend`);
      assert.deepEqual(
        item.trendline,
        closes.slice(-5).map((c) => c.close),
      );
      assert.equal(item.updatedAt, `${last.date}T00:00:00.000Z`);
    }
  });

  await t.test('ma50 needs 50 closes; trend is bearish when the last close equals ma50', async () => {
    const closes = await closesOf('rough-rice');
    const keep = closes.slice(-49).map((c) => c.date);
    await db.deleteFrom('instrument_close').where('instrument', '=', commodityInstrument('rough-rice')).where('date', 'not in', keep).execute();
    await hub.changed('instruments');
    let [rice] = (await get('/commodities?search=rough')) as Item[];
    assert.equal(rice?.ma50, null);
    assert.equal(rice?.trend, null);
    assert.equal(rice?.changeYtdPct, null, 'no close before the year: no YTD change, never 0');
    assert.equal(rice?.lastClose, closes.at(-1)?.close);

    const fifty = closes.at(-50);
    assert.ok(fifty !== undefined);
    await db
      .insertInto('instrument_close')
      .values(testClose('rough-rice', fifty.date, fifty.close))
      .execute();
    await hub.changed('instruments');
    [rice] = (await get('/commodities?search=rough')) as Item[];
    const mean = closes.slice(-50).reduce((s, c) => s + c.close, 0) / 50;
    assert.ok(rice?.ma50 !== null && Math.abs((rice?.ma50 ?? NaN) - mean) < 0.00005 + 1e-9);

    const cotton = (await closesOf('cotton')).slice(-50);
    await db
      .updateTable('instrument_close')
      .set({ close: 70 })
      .where('instrument', '=', commodityInstrument('cotton'))
      .where(
        'date',
        'in',
        cotton.map((c) => c.date),
      )
      .execute();
    await hub.changed('instruments');
    const [flat] = (await get('/commodities?search=cotton')) as Item[];
    assert.equal(flat?.ma50, 70);
    assert.equal(flat?.lastClose, 70);
    assert.equal(flat?.trend, 'bearish');
  });

  await t.test('list filters, search, sort and order (missing figures last)', async () => {
    const metals: Item[] = await get('/commodities?category=metals');
    assert.ok(
      metals.length > 0 && metals.every((m) => ['gold', 'silver', 'platinum', 'palladium'].includes(m.id) || m.id.endsWith('-lme') || m.id === 'iron-ore'),
    );
    assert.deepEqual(
      ((await get('/commodities?search=COFFEE&sort=name&order=asc')) as Item[]).map((c) => c.id),
      ['coffee-arabica', 'coffee-robusta'],
    );
    const byName: Item[] = await get('/commodities');
    assert.deepEqual(
      byName.map((c) => c.name),
      byName.map((c) => c.name).toSorted((a, b) => b.localeCompare(a)),
      'default: name, descending',
    );
    const ytd: Item[] = await get('/commodities?sort=ytd&order=asc');
    const values = ytd.map((c) => c.changeYtdPct);
    const present = values.filter((v) => v !== null);
    assert.deepEqual(
      present,
      present.toSorted((a, b) => a - b),
    );
    assert.equal(values.indexOf(null), values.length - values.filter((v) => v === null).length, 'nulls last');
    const price: Item[] = await get('/commodities?sort=price&order=desc');
    assert.deepEqual(
      price.map((c) => c.lastClose).filter((v) => v !== null),
      price
        .map((c) => c.lastClose ?? 0)
        .filter((v) => v !== 0)
        .toSorted((a, b) => b - a),
    );
  });

  await t.test('movers: month-to-date gainers and losers, biggest first', async () => {
    const items: Item[] = await get('/commodities');
    for (const limit of [1, 3, 10]) {
      const movers = await get(`/commodities/movers?limit=${limit}`);
      const changes = items.flatMap((i) => (i.changeMtdPct === null ? [] : [{ id: i.id, name: i.name, changePct: i.changeMtdPct }]));
      assert.deepEqual(movers, {
        period: 'mtd',
        gainers: changes
          .filter((c) => c.changePct > 0)
          .sort((a, b) => b.changePct - a.changePct || a.id.localeCompare(b.id))
          .slice(0, limit),
        losers: changes
          .filter((c) => c.changePct < 0)
          .sort((a, b) => a.changePct - b.changePct || a.id.localeCompare(b.id))
          .slice(0, limit),
      });
    }
    assert.equal((await get('/commodities/movers')).gainers.length, 3, 'default limit 3');
  });

  await t.test('featured: the 1-day change and its value', async () => {
    const featured = await get('/commodities/featured');
    const gold = featured.find((f: { id: string }) => f.id === 'gold');
    const closes = await closesOf('gold');
    const last = closes.at(-1)?.close ?? NaN;
    const previous = closes.at(-2)?.close ?? NaN;
    assert.equal(gold.changeValue, Math.round((last - previous) * 1e4) / 1e4);
    assert.equal(gold.change1dPct, pct(last, previous));
    assert.deepEqual(
      gold.trendline,
      closes.slice(-5).map((c) => c.close),
    );
  });

  await t.test('gold-dxy: each series rebased on its first close in the window', async () => {
    for (const [period, from] of [
      ['1m', '2026-05-19'],
      ['3m', '2026-03-19'],
      ['ytd', '2026-01-01'],
    ] as const) {
      const data = await get(`/commodities/gold-dxy?period=${period}`);
      for (const id of ['gold', 'dxy'] as const) {
        const closes = (await closesOf(id)).filter((c) => c.date >= from);
        const base = closes[0]?.close;
        assert.deepEqual(
          data.series[id],
          closes.map((c) => ({ date: c.date, pctChange: pct(c.close, base) ?? 0, value: c.close })),
          `${period} ${id}`,
        );
        const served: { pctChange: number }[] = data.series[id];
        assert.equal(served[0]?.pctChange, 0, 'the first point is the base');
      }
    }
  });

  await t.test('history: the window of daily closes, and weekly = the last trading day of each week', async () => {
    const windows = { '7d': '2026-06-12', '1m': '2026-05-19', '3m': '2026-03-19', ytd: '2026-01-01', '1y': '2025-06-19' } as const;
    for (const [period, from] of Object.entries(windows)) {
      const expected = (await closesOf('zinc-lme')).filter((c) => c.date >= from);
      assert.deepEqual(await get(`/commodities/zinc-lme/history?period=${period}`), expected, period);
      const weekly: { date: string; close: number }[] = await get(`/commodities/zinc-lme/history?period=${period}&interval=weekly`);
      const weekOf = (date: string) => {
        const day = new Date(`${date}T00:00:00Z`);
        return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
      };
      const lastOfWeek = new Map<string, { date: string; close: number }>();
      for (const c of expected) lastOfWeek.set(weekOf(c.date), c);
      assert.deepEqual(weekly, [...lastOfWeek.values()], `${period} weekly`);
    }
    assert.deepEqual(
      await get('/commodities/zinc-lme/history'),
      (await closesOf('zinc-lme')).filter((c) => c.date >= '2026-03-19'),
      'default 3m daily',
    );
  });

  await t.test('a week whose Friday is missing is represented by its Thursday', async () => {
    await db.deleteFrom('instrument_close').where('instrument', '=', commodityInstrument('silver')).where('date', '=', '2026-06-12').execute();
    await db
      .insertInto('instrument_close')
      .values(testClose('silver', '2026-06-11', 33.333))
      .onConflict((oc) => oc.columns(['instrument', 'date']).doUpdateSet({ close: 33.333 }))
      .execute();
    await hub.changed('instruments');
    const weekly: { date: string; close: number }[] = await get('/commodities/silver/history?period=1m&interval=weekly');
    assert.ok(weekly.some((p) => p.date === '2026-06-11' && p.close === 33.333));
    assert.ok(!weekly.some((p) => p.date === '2026-06-10'));
  });

  await t.test('figures follow the clock: an earlier now serves the close of that day', async () => {
    hub.clock.set('2026-06-01T12:00:00.000Z');
    const [gold] = (await get('/commodities?search=gold')) as Item[];
    assert.equal(gold?.lastClose, (await closesOf('gold', '2026-06-01')).at(-1)?.close);
    hub.clock.set(TEST_NOW);
  });
});
