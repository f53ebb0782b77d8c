import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FACT_FAMILIES } from '../../src/facts/families.ts';

const SRC = join(import.meta.dirname, '../../src');
/** The one file that builds stored facts' keys (`storedFacts`). */
const BUILDER = 'facts/names.ts';

const TABLES = [...new Set(FACT_FAMILIES.map((family) => family.stored.split(':')[0]))];
/** A template string that starts a stored fact's key: `` `macro_observation:${ ``. */
const BUILT_KEY = new RegExp(`\`(${TABLES.join('|')}):\\$\\{`);

/** `file:line` of each template string in src/ that builds a stored fact's key. */
const builtKeys = (): string[] =>
  globSync('**/*.ts', { cwd: SRC })
    .filter((file) => file !== BUILDER)
    .sort()
    .flatMap((file) =>
      readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .flatMap((line, at) => (BUILT_KEY.test(line) ? [`src/${file}:${at + 1}`] : [])),
    );

test('the pattern finds a key built from a template string of any stored table, and not an instrument or another table', () => {
  assert.ok(BUILT_KEY.test('const fact = `macro_observation:${series}`;'));
  assert.ok(BUILT_KEY.test('tally.note(`re_province:${country}.boundary`, null);'));
  assert.ok(!BUILT_KEY.test('const instrument = `index:${code}`;'));
  assert.ok(!BUILT_KEY.test('const fact = storedFacts.macro(series);'));
  assert.ok(!BUILT_KEY.test('const name = `release_fact:${id}`;'));
});

test("stored facts' keys are built only by storedFacts (src/facts/names.ts), never from a template string", () => {
  assert.deepEqual(builtKeys(), [], 'build these keys with storedFacts (src/facts/names.ts)');
});
