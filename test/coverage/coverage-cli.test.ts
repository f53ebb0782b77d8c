import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { createStore, runCli } from '../helpers/cli.ts';
import { testStore } from '../helpers/stores.ts';
import type { CoverageReport } from '../../src/coverage/coverage.ts';

/** These start `fdh` on an embedded store of their own: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';

/** A sources file and an empty, migrated store beside it. */
async function emptyStore(t: TestContext, contents: unknown): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coverage-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'sources.json'), JSON.stringify(contents));
  const env = { FDH_DATA_DIR: join(dir, 'data'), FDH_SOURCES_FILE: join(dir, 'sources.json') };
  await createStore(env);
  return env;
}

test('fdh sync coverage --json: every data endpoint field as the store answers it, with the sources that declare it; a disabled source declares nothing', {
  skip,
}, async (t) => {
  const env = await emptyStore(t, { sources: { 'coingecko-markets': { enabled: false }, 'jba-tibor': { enabled: true } } });
  const run = await runCli(['sync', 'coverage', '--json'], env);
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as CoverageReport;
  assert.equal(report.endpoints.length, 67);
  // Counts are figures even of nothing: 33 sectors of 0 issues, 0 articles.
  assert.deepEqual(report.summary, { full: 0, partial: 2, none: 65 }, 'an empty store serves no other figure');
  assert.equal(report.everyFieldServed, 0, 'no endpoint serves every one of its fields');
  const of = (path: string) => report.endpoints.find((endpoint) => endpoint.path === path);
  assert.deepEqual(
    report.endpoints.flatMap((endpoint) =>
      endpoint.fields.filter((field) => field.state === 'served').map((field) => [endpoint.path, field.field, field.values]),
    ),
    [
      ['/market/:market/sectors', '[].stockCount', 33],
      ['/news/sentiment', 'articleCount', 1],
    ],
  );
  const noMarket = { statusCode: 404, message: 'No crypto market data has been loaded yet' };
  assert.deepEqual(of('/crypto/bubble-map'), {
    path: '/crypto/bubble-map',
    status: 'none',
    sources: [],
    fields: [
      {
        field: 'coins[].marketCap',
        request: '/crypto/bubble-map',
        state: 'no source',
        facts: ['crypto_market_snapshot'],
        values: 0,
        withFigure: 0,
        sources: [],
        unfed: ['crypto_market_snapshot'],
        unavailable: [],
        problem: noMarket,
      },
      {
        field: 'coins[].symbol',
        request: '/crypto/bubble-map',
        state: 'no source',
        facts: ['crypto_coin'],
        values: 0,
        withFigure: 0,
        sources: [],
        unfed: ['crypto_coin'],
        unavailable: [],
        problem: noMarket,
      },
      {
        field: 'coins[].name',
        request: '/crypto/bubble-map',
        state: 'no source',
        facts: ['crypto_coin'],
        values: 0,
        withFigure: 0,
        sources: [],
        unfed: ['crypto_coin'],
        unavailable: [],
        problem: noMarket,
      },
    ],
  });
  const tibor = of('/macro/interbank-rates/jp/tibor');
  assert.deepEqual(
    [tibor?.status, tibor?.sources, tibor?.fields.map((field) => field.state)],
    ['none', ['jba-tibor'], Array(4).fill('declared, not yet loaded')],
    'enabled in the file',
  );
  const whales = of('/crypto/onchain')?.fields.find((field) => field.field === 'whaleTxCount');
  assert.equal(whales?.unavailable[0]?.figure, 'Bitcoin whale transactions (over USD 1M a day)');
  assert.deepEqual(
    of('/real-estate/:country/provinces/:provinceId/prices')?.fields[0]?.problem,
    { statusCode: 404, message: 'No province 2 in vn' },
    'an answer other than 200 is reported',
  );
});

test('fdh sync coverage prints a table (endpoint, status, sources, missing figures), the summary and the answers that were not a 200; it takes no source', {
  skip,
}, async (t) => {
  const env = await emptyStore(t, {});
  const run = await runCli(['sync', 'coverage'], env);
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.split('\n');
  assert.match(lines[0] ?? '', /^endpoint\s+status\s+sources\s+missing figures$/);
  assert.match(run.stdout, /^\/news\/feed\s+none\s+rss-feeds\s+\[\]\.title \(declared, not yet loaded\), .*$/m, 'rss-feeds reads its default feeds');
  assert.match(
    run.stdout,
    /^\/macro\/interbank-rates\/jp\/tibor\s+none\s+—\s+points\[\]\.tibor1w \(no source: operator names the file\), .*$/m,
    'jba-tibor is disabled by default',
  );
  assert.match(
    run.stdout,
    /^\/crypto\/derivatives\s+none\s+binance-futures, okx-liquidations, deribit-btc-options\s+openInterest\.btc\.value \(declared, not yet loaded\), .*liquidations24h\.long \(declared, not yet loaded\), .*$/m,
  );
  assert.match(run.stdout, /^67 endpoints: 0 full, 2 partial, 65 none; 0 serve every field \(no field empty in every row\)$/m);
  // A table's empty rows are named, each with why: a row no enabled source feeds, or one declared but not loaded.
  assert.match(
    run.stdout,
    /^\/macro\/indicators\/manufacturing-pmi\s+none\s+—\s+rows\[\]\.values \(no source; empty rows: US \(no source: no free publisher\), JP \(no source: no free publisher\), VN \(no source: no free publisher\)\)$/m,
  );
  assert.match(
    run.stdout,
    /^\/macro\/indicators\/policy-rate\s+none\s+.*rows\[\]\.values \(declared, not yet loaded; empty rows: US \(declared, not yet loaded\), .*\)$/m,
  );
  assert.match(run.stdout, /^Problems:\n(?: {2}.*\n)* {2}\/real-estate\/vn\/provinces\/2\/prices answered 404: No province 2 in vn$/m);
  assert.equal(lines.filter((line) => line.startsWith('/')).length, 67);

  const markdown = await runCli(['sync', 'coverage', '--markdown'], env);
  assert.equal(markdown.code, 0, markdown.stderr);
  assert.match(markdown.stdout, /^\| endpoint \| status \| sources \| missing figures \|\n\|---\|---\|---\|---\|\n\| `\/crypto` \| none \|/);
  assert.match(markdown.stdout, /^67 endpoints: 0 full, 2 partial, 65 none; 0 serve every field \(no field empty in every row\)$/m);

  const extra = await runCli(['sync', 'coverage', 'ecb'], env);
  assert.equal(extra.code, 2);
  assert.match(extra.stderr, /fdh sync coverage takes no source/);
  const both = await runCli(['sync', 'coverage', '--json', '--markdown'], env);
  assert.equal(both.code, 2);
});

test('fdh sync coverage where there is no store: refused naming the place, and none is created', { skip }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-coverage-cli-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const run = await runCli(['sync', 'coverage', '--data-dir', join(dir, 'nowhere')], { FDH_SOURCES_FILE: '' }, undefined, dir);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /no store at .*nowhere/);
  assert.equal(existsSync(join(dir, 'nowhere', 'fdh.sqlite')), false);
});
