import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { createTestHub, TEST_NOW } from '../../../helpers/app.ts';
import { importOperatorFile, tempFile } from '../../../helpers/operator-files.ts';
import { writeObservationsFile } from '../../../helpers/operator-observations-file.ts';
import { importFile, ImportError, type LineImporter } from '../../../../src/ingest/source.ts';
import type { NumberedLine } from '../../../../src/ingest/file-lines.ts';
import { operatorObservationsImporter } from '../../../../src/ingest/importers/operator/observations.ts';
import { READ_PAGE_LINES, STAGE_BATCH_LINES } from '../../../../src/ingest/importers/operator/staged-observations.ts';

interface Cost {
  /** Statements the import sent to the store. */
  statements: number;
  /** Rows the store answered them with. */
  rowsRead: number;
  /** The most rows one statement answered. */
  largestRead: number;
  /** The most lines of the file parsed between two statements: what the importer holds at once. */
  linesAhead: number;
}

/** Imports a generated file of `lines` figure lines into a fresh store and counts what it cost the store. */
async function importCost(t: TestContext, lines: number): Promise<Cost> {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const dir = mkdtempSync(join(tmpdir(), 'fdh-operator-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, `observations-${lines}.csv`);
  writeObservationsFile({ file, rows: lines, until: new Date(TEST_NOW) });
  const cost: Cost = { statements: 0, rowsRead: 0, largestRead: 0, linesAhead: 0 };
  let sinceStatement = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      cost.statements += 1;
      cost.rowsRead += args.result.rows.length;
      cost.largestRead = Math.max(cost.largestRead, args.result.rows.length);
      sinceStatement = 0;
      return args.result;
    },
  };
  async function* counted(source: AsyncIterable<NumberedLine>): AsyncGenerator<NumberedLine> {
    for await (const line of source) {
      sinceStatement += 1;
      cost.linesAhead = Math.max(cost.linesAhead, sinceStatement);
      yield line;
    }
  }
  const importer: LineImporter = {
    ...operatorObservationsImporter,
    records: (source, fileName) => operatorObservationsImporter.records(counted(source), fileName),
  };
  const now = hub.clock.now();
  const result = await importFile(hub.runtime.store.db.withPlugin(plugin), importer, file, { knowledgeAt: now, loadedAt: now });
  assert.equal(result.rows, lines);
  return cost;
}

test('an observations file costs the store the same per line whatever its size, and is never held whole', async (t) => {
  const sizes = [4000, 8000, 16000];
  const costs: Cost[] = [];
  for (const lines of sizes) costs.push(await importCost(t, lines));
  const [small, medium, large] = costs;
  assert.ok(small !== undefined && medium !== undefined && large !== undefined);
  for (const cost of costs)
    assert.ok(cost.linesAhead <= STAGE_BATCH_LINES + 1, `at most a batch of lines is parsed before the store takes it (${cost.linesAhead})`);
  // Doubling the file at most doubles the rows it reads: a batch reading again what earlier batches staged or wrote would quadruple them.
  const growth = (measure: (cost: Cost) => number) => (measure(large) - measure(medium)) / (measure(medium) - measure(small));
  assert.ok(growth((cost) => cost.rowsRead) <= 2.2, `rows read: ${costs.map((cost) => cost.rowsRead).join(', ')}`);
  assert.ok(large.rowsRead <= 2 * (sizes[2] ?? 0), `rows read: ${large.rowsRead} for ${sizes[2]} lines`);
  for (const cost of costs) assert.ok(cost.largestRead <= READ_PAGE_LINES, `no statement reads more than a page (${cost.largestRead})`);
  // Statements come per batch of lines and per series, never per line.
  assert.ok(large.statements - small.statements <= ((sizes[2] ?? 0) - (sizes[0] ?? 0)) / 100, `statements: ${costs.map((cost) => cost.statements).join(', ')}`);
});

test('lines far apart are checked against each other and against the store, each refusal naming the first line at fault', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const filler = Array.from(
    { length: 2 * STAGE_BATCH_LINES },
    (_, i) => `fx.close,USD/JPY,${new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)},150.5,`,
  );
  const heading = 'fact,key,period,value,knowledge_at';
  const cases: [string, string[], RegExp][] = [
    [
      'repeat.csv',
      [heading, 'macro,us.pmi.manufacturing,2026-05,48.5,', ...filler, 'macro,us.pmi.manufacturing,2026-05,48.6,'],
      /repeat\.csv:2003: macro us\.pmi\.manufacturing 2026-05 appears twice \(first on line 2\)/,
    ],
    // The repeat on line 4 comes before the bad period on line 5, in the same batch.
    [
      'first.csv',
      [heading, ...filler.slice(0, 2), filler[0] ?? '', 'fx.close,USD/JPY,2015-02-30,150.5,'],
      /first\.csv:4: fx\.close USD\/JPY 2015-01-01 appears twice \(first on line 2\)/,
    ],
  ];
  for (const [name, lines, message] of cases) {
    await assert.rejects(
      importOperatorFile(hub, 'observations', tempFile(t, name, `${lines.join('\n')}\n`)),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      name,
    );
  }
  await importOperatorFile(
    hub,
    'instruments',
    tempFile(t, 'fund.csv', 'fact,key,value\netf.name,1306,NEXT FUNDS TOPIX ETF\netf.manager,1306,Nomura Asset Management\n'),
  );
  const navs = Array.from(
    { length: STAGE_BATCH_LINES },
    (_, i) => `etf.nav,1306,${new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)},3000`,
  );
  // 1111 sorts first, but 9999 is the earlier line.
  const later = ['fact,key,period,value', ...navs, 'etf.nav,9999,2020-01-01,100', 'etf.nav,1111,2020-01-01,100'];
  await assert.rejects(
    importOperatorFile(hub, 'observations', tempFile(t, 'later.csv', `${later.join('\n')}\n`)),
    /later\.csv:1002: etf\.nav: no fund 9999 in the store/,
  );
  const required = ['fact,key,period,value', 'etf.nav.totalNetAssets,1306,2019-12-30,25120000000000', ...navs];
  await assert.rejects(
    importOperatorFile(hub, 'observations', tempFile(t, 'required.csv', `${required.join('\n')}\n`)),
    /required\.csv:2: etf\.nav 1306 2019-12-30 has no etf\.nav\.nav line/,
  );
  const stored = await hub.runtime.store.db
    .selectFrom('instrument_close')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  assert.equal(Number(stored.n), 0, 'nothing of a refused file is written');
});
