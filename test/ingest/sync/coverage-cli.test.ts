import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { runCli } from '../../helpers/cli.ts';
import { testStore } from '../../helpers/stores.ts';
import { coverageSection, DATA_SOURCES_DOC, shippedCoverageMarkdown } from '../../../scripts/docs-coverage.ts';
import type { CoverageReport } from '../../../src/ingest/sync/coverage/coverage.ts';

/** These start `fdh` and read no store: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';

function sourcesFile(t: TestContext, contents: unknown): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coverage-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'sources.json'), JSON.stringify(contents));
  return { FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: join(dir, 'sources.json') };
}

test('docs/data-sources.md holds the coverage of the shipped sources as fdh sync coverage --markdown prints it (npm run docs:coverage)', { skip }, async (t) => {
  const committed = coverageSection(readFileSync(DATA_SOURCES_DOC, 'utf8'));
  assert.ok(committed === (await shippedCoverageMarkdown()), 'the coverage section of docs/data-sources.md is stale: run `npm run docs:coverage` and commit it');
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coverage-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const printed = await runCli(['sync', 'coverage', '--markdown'], { FDH_DATA_DIR: dir, FDH_SOURCES_FILE: '' }, undefined, dir);
  assert.equal(printed.code, 0, printed.stderr);
  assert.equal(printed.stdout, committed);
});

test('fdh sync coverage --json: every data endpoint with its status, sources and unfed fields, and the summary; a disabled source feeds nothing', { skip }, async (t) => {
  const env = sourcesFile(t, { sources: { 'coingecko-markets': { enabled: false }, 'jba-tibor': { enabled: true } } });
  const run = await runCli(['sync', 'coverage', '--json'], env);
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as CoverageReport;
  assert.equal(report.endpoints.length, 67);
  assert.equal(report.summary.full + report.summary.partial + report.summary.none, 67);
  const of = (path: string) => report.endpoints.find((endpoint) => endpoint.path === path);
  assert.deepEqual(of('/crypto/bubble-map'), {
    path: '/crypto/bubble-map',
    status: 'none',
    sources: [],
    missing: [
      { field: 'coins[].marketCap', facts: ['crypto_market_snapshot'], unavailable: [] },
      { field: 'coins[].symbol', facts: ['crypto_coin'], unavailable: [] },
      { field: 'coins[].name', facts: ['crypto_coin'], unavailable: [] },
    ],
  });
  assert.deepEqual([of('/macro/interbank-rates/jp/tibor')?.status, of('/macro/interbank-rates/jp/tibor')?.sources], ['full', ['jba-tibor']], 'enabled in the file');
  const derivatives = of('/crypto/derivatives')?.missing.find((field) => field.field === 'liquidations24h.long');
  assert.equal(derivatives?.unavailable[0]?.figure, 'Crypto liquidations over 24 hours');
});

test('fdh sync coverage prints a table (endpoint, status, sources, missing fields) and the summary; it takes no source', { skip }, async (t) => {
  const env = sourcesFile(t, {});
  const run = await runCli(['sync', 'coverage'], env);
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.split('\n');
  assert.match(lines[0] ?? '', /^endpoint\s+status\s+sources\s+missing fields$/);
  assert.match(run.stdout, /^\/news\/feed\s+full\s+rss-feeds\s+—$/m);
  assert.match(run.stdout, /^\/macro\/interbank-rates\/jp\/tibor\s+none\s+—\s+points\[\]\.tibor1w \(operator names the file\), points\[\]\.tibor1m \(operator names the file\), points\[\]\.tibor3m \(operator names the file\), points\[\]\.tibor6m \(operator names the file\)$/m, 'jba-tibor is disabled by default');
  assert.match(run.stdout, /^\/crypto\/derivatives\s+partial\s+binance-futures, deribit-btc-options\s+liquidations24h\.long \(no free publisher\), liquidations24h\.short \(no free publisher\)$/m);
  assert.match(run.stdout, /^67 endpoints: \d+ full, \d+ partial, \d+ none$/m);
  assert.equal(lines.filter((line) => line.startsWith('/')).length, 67);

  const extra = await runCli(['sync', 'coverage', 'ecb'], env);
  assert.equal(extra.code, 2);
  assert.match(extra.stderr, /fdh sync coverage takes no source/);
  const both = await runCli(['sync', 'coverage', '--json', '--markdown'], env);
  assert.equal(both.code, 2);
});
