import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../helpers/cli.ts';
import { testStore } from '../helpers/stores.ts';

/** These start `fdh` on the embedded store: they run in the embedded pass only. */
const skip = testStore === 'sqlite' ? false : 'runs in the embedded pass';

const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

test('fdh import prints a rejected file as one line naming the place and the value, without a stack', { skip }, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-cli-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { FDH_DATA_DIR: dataDir };
  const rejected = await runCli(['import', 'jp-tibor-jba', fixture('macro/jba-tibor-impossible-date.csv')], env);
  assert.deepEqual(rejected, {
    code: 2,
    stdout: '',
    stderr: 'fdh import: jba-tibor-impossible-date.csv:7: date "2026/02/30" is not a calendar date (YYYY/MM/DD)\n',
  });

  const loaded = await runCli(['import', 'jp-tibor-jba', fixture('macro/jba-tibor-2026-06.csv')], env);
  assert.equal(loaded.code, 0);
  assert.match(loaded.stdout, /^Loaded 20 rows as release rel_\w+\n$/);
  const crlf = join(dataDir, 'jba-tibor-2026-06-crlf.csv');
  writeFileSync(crlf, readFileSync(fixture('macro/jba-tibor-2026-06.csv'), 'utf8').replaceAll('\n', '\r\n'));
  const again = await runCli(['import', 'jp-tibor-jba', crlf], env);
  assert.equal(again.code, 0);
  assert.match(again.stdout, /^Unchanged: this file was already loaded as release rel_\w+; nothing added\n$/);
});

test('fdh import refuses an exchange rate or index level sent as a macro observation, and names the importers that load it', { skip }, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-cli-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const file = join(dataDir, 'observations.csv');
  writeFileSync(file, 'series,period,value\njp.cpi,2026-05,112.1\nfx.USD/JPY,2026-06-18,150.2\n');
  const rejected = await runCli(['import', 'macro-observations', file], { FDH_DATA_DIR: dataDir });
  assert.equal(rejected.code, 2);
  assert.equal(rejected.stdout, '');
  assert.match(
    rejected.stderr,
    /^fdh import: observations\.csv:3: "fx\.USD\/JPY" is an instrument level; load exchange rates, indices and commodities with ecb-eurofxref, fred-indices or commodity-prices-csv\n$/,
  );
});

test('fdh releases revert takes a release of closes back, once, and fdh import refuses an ECB row dated after today naming its line', { skip }, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-cli-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { FDH_DATA_DIR: dataDir };
  const file = (name: string, lines: string[]) => {
    const path = join(dataDir, name);
    writeFileSync(path, `Date,USD,JPY,\n${lines.join('\n')}\n`);
    return path;
  };
  const first = await runCli(['import', 'ecb-eurofxref', file('eurofxref-hist.csv', ['2025-01-03,1.0321,162.22,', '2025-01-02,1.0354,163.09,'])], env);
  assert.equal(first.code, 0, first.stderr);
  const revised = await runCli(['import', 'ecb-eurofxref', file('eurofxref-hist.csv', ['2025-01-03,1.0322,162.22,', '2025-01-02,1.0354,163.09,'])], env);
  assert.equal(revised.code, 0, revised.stderr);
  const releaseId = /as release (rel_\w+)/.exec(revised.stdout)?.[1] ?? '';

  const reverted = await runCli(['releases', 'revert', releaseId], env);
  assert.equal(reverted.code, 0, reverted.stderr);
  assert.match(reverted.stdout, new RegExp(`^Reverted release ${releaseId}: \\d+ of its figures no longer served, \\d+ closes served again as before it\\n$`));
  const listed = await runCli(['releases'], env);
  assert.match(listed.stdout, new RegExp(`${releaseId} .*\\(reverted \\d{4}-`));
  const again = await runCli(['releases', 'revert', releaseId], env);
  assert.equal(again.code, 2);
  assert.match(again.stderr, new RegExp(`^fdh releases revert: release ${releaseId} was taken back already, at `));

  const future = await runCli(['import', 'ecb-eurofxref', file('eurofxref-hist.csv', ['2099-12-31,1.0322,162.22,', '2025-01-03,1.0321,162.22,'])], env);
  assert.equal(future.code, 2);
  assert.match(future.stderr, /^fdh import: eurofxref-hist\.csv: line 2: 2099-12-31 is after what the hub knows/);
});
