import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../../helpers/app.ts';
import { importOperatorFile, operatorFixture, tempFile } from '../../../helpers/operator-files.ts';
import { ImportError } from '../../../../src/ingest/source.ts';
import { runCli } from '../../../helpers/cli.ts';
import { testStore } from '../../../helpers/stores.ts';

/** Rows of every table an observations file writes, and the releases: what a refused file must leave as it was. */
async function storeCounts(hub: TestHub): Promise<Record<string, number>> {
  const db = hub.runtime.store.db;
  const tables = ['release', 'instrument_close', 'macro_observation', 'etf_nav', 'crypto_metric', 'market_index'] as const;
  const counts: Record<string, number> = {};
  for (const table of tables)
    counts[table] = Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return counts;
}

test('a world index loads from an observations file: the FTSE 100 fills /market/global-indices, each close known when the file says', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('pro');
  const result = await importOperatorFile(hub, 'observations', operatorFixture('examples/ftse-100-closes.csv'));
  assert.deepEqual([result.status, result.rows], ['loaded', 4]);
  const board = (await hub.get('/openapi/v1/market/global-indices', key)).json().data as { code: string; level: number | null }[];
  const ftse = board.find((index) => index.code === 'UKX');
  assert.equal(ftse?.level, 8917.12);
  const known = await hub.runtime.store.db
    .selectFrom('instrument_close')
    .select(['date', 'knowledge_at'])
    .where('instrument', '=', 'index:UKX')
    .orderBy('date')
    .execute();
  assert.deepEqual({ ...known.at(-1) }, { date: '2026-06-18', knowledge_at: '2026-06-18T15:35:00.000Z' }, 'the knowledge_at of the line, in UTC');
  const facts = await hub.runtime.store.db
    .selectFrom('release_fact')
    .select(['fact', 'rows', 'first_period', 'last_period'])
    .where('release_id', '=', result.releaseId)
    .execute();
  assert.deepEqual(
    facts.map((fact) => ({ ...fact })),
    [{ fact: 'instrument_close:index:UKX', rows: 4, first_period: '2026-06-15', last_period: '2026-06-18' }],
    'the release names the fact it wrote',
  );
  assert.equal((await importOperatorFile(hub, 'observations', operatorFixture('examples/ftse-100-closes.csv'))).status, 'unchanged');
});

test('a PMI loads with its vintages: the revision wins from its knowledge time, asOf still sees the first print', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('pro');
  await importOperatorFile(hub, 'observations', operatorFixture('examples/us-manufacturing-pmi.csv'));
  await importOperatorFile(hub, 'observations', operatorFixture('examples/us-manufacturing-pmi-revised.csv'));
  const latest = (await hub.get('/openapi/v1/macro/indicators/manufacturing-pmi', key)).json();
  const us = (latest.data.rows as { country: string; values: (number | null)[] }[]).find((row) => row.country === 'US');
  assert.deepEqual(us?.values, [50.3, 49.0, 48.7, 48.9], 'the latest four months, oldest first, May revised');
  assert.equal(latest.data.wasRestated, true);
  const before = (await hub.get('/openapi/v1/macro/indicators/manufacturing-pmi?asOf=2026-06-05', key)).json();
  const usBefore = (before.data.rows as { country: string; values: (number | null)[] }[]).find((row) => row.country === 'US');
  assert.equal(usBefore?.values.at(-1), 48.5, 'asOf before the revision serves the first print');
});

test('an empty value is a figure published without one (null, never 0); a table that cannot hold one refuses it', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const file = tempFile(t, 'gaps.csv', 'fact,key,period,value\nmacro,us.pmi.manufacturing,2026-04,\nmacro,us.pmi.manufacturing,2026-05,48.5\n');
  await importOperatorFile(hub, 'observations', file);
  const rows = await hub.runtime.store.db
    .selectFrom('macro_observation')
    .select(['period', 'value'])
    .where('series', '=', 'us.pmi.manufacturing')
    .orderBy('period')
    .execute();
  assert.deepEqual(
    rows.map((row) => ({ ...row })),
    [
      { period: '2026-04', value: null },
      { period: '2026-05', value: 48.5 },
    ],
  );
  const close = tempFile(t, 'close.csv', 'fact,key,period,value\nindex.close,DAX,2026-06-18,\n');
  await assert.rejects(importOperatorFile(hub, 'observations', close), /close\.csv:2: index\.close needs a value/);
});

test('a fund row of several figures is given one figure a line, named by a sub-name; a row without its main figure is refused naming its line', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  await importOperatorFile(
    hub,
    'instruments',
    tempFile(t, 'fund.csv', 'fact,key,value\netf.name,1306,NEXT FUNDS TOPIX ETF\netf.manager,1306,Nomura Asset Management\n'),
  );
  const nav = tempFile(
    t,
    'nav.csv',
    'fact,key,period,value\netf.nav,1306,2026-06-18,3021.5\netf.nav.totalNetAssets,1306,2026-06-18,25120000000000\netf.nav.unitsOutstanding,1306,2026-06-18,8313800000\n',
  );
  await importOperatorFile(hub, 'observations', nav);
  const stored = await hub.runtime.store.db
    .selectFrom('etf_nav')
    .select(['nav', 'total_net_assets', 'units_outstanding'])
    .where('fund_code', '=', '1306')
    .execute();
  assert.deepEqual(
    stored.map((row) => ({ ...row })),
    [{ nav: 3021.5, total_net_assets: 25120000000000, units_outstanding: 8313800000 }],
  );
  const withoutNav = tempFile(t, 'assets-only.csv', 'fact,key,period,value\netf.nav.totalNetAssets,1306,2026-06-19,25200000000000\n');
  await assert.rejects(importOperatorFile(hub, 'observations', withoutNav), /assets-only\.csv:2: etf\.nav 1306 2026-06-19 has no etf\.nav\.nav line/);
  const unknownFund = tempFile(t, 'unknown-fund.csv', 'fact,key,period,value\netf.nav,9999,2026-06-18,100\n');
  await assert.rejects(
    importOperatorFile(hub, 'observations', unknownFund),
    /unknown-fund\.csv:2: etf\.nav: no fund 9999 in the store; describe it first with an instruments file/,
  );
});

test('a malformed observations file is refused naming the line, and changes nothing', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const before = await storeCounts(hub);
  const cases: [string, string, RegExp][] = [
    ['heading.csv', 'series,period,value\n', /heading\.csv:1: the heading must be fact,key,period,value\[,knowledge_at\]/],
    [
      'fact.csv',
      'fact,key,period,value\nindex.close,DAX,2026-06-18,18000\nindex.closes,DAX,2026-06-18,18000\n',
      /fact\.csv:3: unknown fact "index\.closes"; an observations file names one of index\.close, fx\.close, .*macro/,
    ],
    ['key.csv', 'fact,key,period,value\nindex.close,FTSE,2026-06-18,8900\n', /key\.csv:2: index\.close has no key "FTSE"; its keys are .*UKX/],
    [
      'period.csv',
      'fact,key,period,value\nindex.close,DAX,2026-06-18,18000\nindex.close,DAX,2026-02-30,18000\n',
      /period\.csv:3: period "2026-02-30" of index\.close must be a date/,
    ],
    ['value.csv', 'fact,key,period,value\nmacro,us.pmi.manufacturing,2026-05,n/a\n', /value\.csv:2: value "n\/a" is not a number/],
    [
      'twice.csv',
      'fact,key,period,value\nmacro,us.pmi.manufacturing,2026-05,48.5\nmacro,us.pmi.manufacturing,2026-05,48.6\n',
      /twice\.csv:3: macro us\.pmi\.manufacturing 2026-05 appears twice \(first on line 2\)/,
    ],
    [
      'knowledge.csv',
      'fact,key,period,value,knowledge_at\ncrypto.metric,whale_tx_count,2026-06-18,1840,2026-06-18T01:00:00Z\n',
      /knowledge\.csv:2: crypto\.metric keeps no knowledge time per figure/,
    ],
    [
      'zone.csv',
      'fact,key,period,value,knowledge_at\nmacro,us.pmi.manufacturing,2026-05,48.5,2026-06-01T14:00:00\n',
      /zone\.csv:2: knowledge_at "2026-06-01T14:00:00" is not an ISO date-time with its zone/,
    ],
    ['cells.csv', 'fact,key,period,value\nmacro,us.pmi.manufacturing,2026-05\n', /cells\.csv:2: 3 cells, expected 4/],
  ];
  for (const [name, content, message] of cases) {
    await assert.rejects(
      importOperatorFile(hub, 'observations', tempFile(t, name, content)),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      name,
    );
  }
  assert.deepEqual(await storeCounts(hub), before, 'nothing was written');
});

test('fdh import operator-observations loads the file, and prints a refused one as one line naming the line', {
  skip: testStore === 'sqlite' ? false : 'runs in the embedded pass',
}, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-cli-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { FDH_DATA_DIR: dataDir, FDH_DEMO: 'off' };
  const loaded = await runCli(['import', 'operator-observations', operatorFixture('examples/ftse-100-closes.csv')], env);
  assert.equal(loaded.code, 0, loaded.stderr);
  assert.match(loaded.stdout, /^Loaded 4 rows as release rel_\w+\n$/);
  const refused = await runCli(
    ['import', 'operator-observations', tempFile(t, 'ftse.csv', 'fact,key,period,value\nindex.close,FTSE,2026-06-18,8917.12\n')],
    env,
  );
  assert.equal(refused.code, 2);
  assert.match(refused.stderr, /^fdh import: ftse\.csv:2: index\.close has no key "FTSE"; its keys are .*UKX.*\n$/);
});
