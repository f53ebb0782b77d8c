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
  assert.match(rejected.stderr, /^fdh import: observations\.csv:3: "fx\.USD\/JPY" is an instrument level; load exchange rates, indices and commodities with ecb-eurofxref, fred-indices or commodity-prices-csv\n$/);
});
