import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli, startServer, type RunningServer } from '../helpers/cli.ts';
import { createTestDatabase } from '../helpers/services.ts';
import { testRedisUrl, testStore } from '../helpers/stores.ts';

/**
 * An import made by another process while two `fdh serve` processes serve the same store is
 * seen by every endpoint that shows its facts within a second, on the store of this pass
 * (SQLite file; PostgreSQL, with Redis when configured): an ECB file on every USD/JPY endpoint,
 * a corrected J-Quants quote in every cached window of the equity's prices.
 */

const VISIBLE_WITHIN_MS = 1000;
const POLL_MS = 50;

const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

async function store(t: TestContext): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-visibility-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  if (testStore !== 'postgres') return { FDH_DATA_DIR: dir };
  const database = await createTestDatabase();
  t.after(() => database.drop());
  return { FDH_DATA_DIR: dir, FDH_DATABASE_URL: database.url, ...(testRedisUrl === undefined ? {} : { FDH_REDIS_URL: testRedisUrl }) };
}

/** The demo seeded until yesterday on the store of this pass, a key, and two `fdh serve` processes on it. */
async function twoServingProcesses(t: TestContext): Promise<{ env: Record<string, string>; key: string; servers: RunningServer[] }> {
  const env = await store(t);
  const seeded = await runCli(['seed', 'demo', '--until', isoDay(Date.now() - 86_400_000)], env);
  assert.equal(seeded.code, 0, seeded.stderr);
  const created = await runCli(['keys', 'create', '--plan', 'pro'], env);
  assert.equal(created.code, 0, created.stderr);
  const servers = [await startServer(env), await startServer(env)];
  t.after(async () => {
    for (const server of servers) server.child.kill('SIGKILL');
    await Promise.all(servers.map((server) => server.exited));
  });
  return { env, key: created.stdout.trim().split('\n').at(-1) ?? '', servers };
}

async function answer(server: RunningServer, key: string, path: string): Promise<{ data: unknown; meta: Record<string, unknown> }> {
  const response = await fetch(`${server.baseUrl}/openapi/v1${path}`, { headers: { 'x-api-key': key } });
  assert.equal(response.status, 200, path);
  return (await response.json()) as { data: unknown; meta: Record<string, unknown> };
}

/** USD/JPY as each endpoint that shows it shows it today. */
async function usdJpyEverywhere(server: RunningServer, key: string): Promise<Record<string, unknown>> {
  const get = async (path: string) => (await answer(server, key, path)).data;
  const table = (await get('/fx/table?pairs=USD/JPY')) as { rows: { lastPrice: number }[] };
  const summary = (await get('/fx/summary')) as { usdJpy: { value: number } };
  const rates = (await get('/macro/exchange-rate?currency1=USD&currency2=JPY&period=1M')) as { close: number }[];
  const recap = (await get('/macro/market-recap')) as { currencyRate: { index: string; value: number }[] };
  return {
    '/fx/table': table.rows[0]?.lastPrice,
    '/fx/summary': summary.usdJpy.value,
    '/macro/exchange-rate': rates[rates.length - 1]?.close,
    '/macro/market-recap': recap.currencyRate.find((item) => item.index === 'USD/JPY')?.value,
  };
}

test('an ECB import by another process reaches every USD/JPY endpoint of both serving processes within 1 s', { timeout: 120_000 }, async (t) => {
  const { env, key, servers } = await twoServingProcesses(t);
  const today = isoDay(Date.now());
  for (const server of servers) {
    const before = await usdJpyEverywhere(server, key);
    assert.equal(new Set(Object.values(before)).size, 1, `one USD/JPY before the import: ${JSON.stringify(before)}`);
  }

  // 170.5 yen and 1.1 dollars per euro: USD/JPY 155 on a day after the demo's last.
  const file = join(env.FDH_DATA_DIR ?? '', 'eurofxref.csv');
  writeFileSync(file, `Date,USD,JPY,\n${today},1.1000,170.50,\n`);
  const imported = await runCli(['import', 'ecb-eurofxref', file], env);
  assert.equal(imported.code, 0, imported.stderr);
  const importedAt = Date.now();

  for (const [i, server] of servers.entries()) {
    let seen = await usdJpyEverywhere(server, key);
    while (Object.values(seen).some((value) => value !== 155) && Date.now() - importedAt < VISIBLE_WITHIN_MS) {
      await sleep(POLL_MS);
      seen = await usdJpyEverywhere(server, key);
    }
    assert.deepEqual(
      seen,
      { '/fx/table': 155, '/fx/summary': 155, '/macro/exchange-rate': 155, '/macro/market-recap': 155 },
      `server ${i + 1}, ${Date.now() - importedAt} ms after the import`,
    );
    t.diagnostic(`server ${i + 1} served the imported rate on all four endpoints ${Date.now() - importedAt} ms after the import exited`);
  }
});

const EQUITY = '7203';
const WINDOWS = ['5d', '1m', '1y'] as const;

interface PricesData {
  points: { date: string; close: number }[];
}

/** The last close of each window of the equity's prices, and whether each came from the answer cache. */
async function lastClosesEverywhere(server: RunningServer, key: string): Promise<Record<string, { close: number | undefined; cached: unknown }>> {
  const closes: Record<string, { close: number | undefined; cached: unknown }> = {};
  for (const range of WINDOWS) {
    const { data, meta } = await answer(server, key, `/market/jp/equities/${EQUITY}/prices?range=${range}`);
    closes[range] = { close: (data as PricesData).points.at(-1)?.close, cached: meta.served_from_cache };
  }
  return closes;
}

test('a corrected quote imported by another process reaches every cached price window of both serving processes within 1 s', {
  timeout: 120_000,
}, async (t) => {
  const { env, key, servers } = await twoServingProcesses(t);

  const [first] = servers;
  assert.ok(first);
  const { data } = await answer(first, key, `/market/jp/equities/${EQUITY}/prices?range=5d`);
  const lastBar = (data as PricesData).points.at(-1);
  assert.ok(lastBar, `${EQUITY} has prices`);
  for (const server of servers) {
    await lastClosesEverywhere(server, key);
    const cached = await lastClosesEverywhere(server, key);
    for (const range of WINDOWS) assert.deepEqual(cached[range], { close: lastBar.close, cached: true }, `${range} is cached before the import`);
  }

  const corrected = lastBar.close + 7;
  const file = join(env.FDH_DATA_DIR ?? '', 'daily_quotes.json');
  const quote = {
    Date: lastBar.date,
    Code: `${EQUITY}0`,
    Open: corrected,
    High: corrected,
    Low: corrected,
    Close: corrected,
    Volume: 1_000_000,
    TurnoverValue: corrected * 1_000_000,
    AdjustmentFactor: 1,
  };
  writeFileSync(file, JSON.stringify({ daily_quotes: [quote] }));
  const imported = await runCli(['import', 'jquants-daily-quotes', file], env);
  assert.equal(imported.code, 0, imported.stderr);
  const importedAt = Date.now();

  for (const [i, server] of servers.entries()) {
    const closes = async () => Object.fromEntries(Object.entries(await lastClosesEverywhere(server, key)).map(([range, { close }]) => [range, close]));
    let seen = await closes();
    while (Object.values(seen).some((close) => close !== corrected) && Date.now() - importedAt < VISIBLE_WITHIN_MS) {
      await sleep(POLL_MS);
      seen = await closes();
    }
    assert.deepEqual(seen, Object.fromEntries(WINDOWS.map((range) => [range, corrected])), `server ${i + 1}, ${Date.now() - importedAt} ms after the import`);
    t.diagnostic(`server ${i + 1} served the corrected close in every window ${Date.now() - importedAt} ms after the import exited`);
  }
});
