import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('../helpers/tick-probe.ts', import.meta.url));
const KEEPER = fileURLToPath(new URL('../../src/cli/tick-maps.ts', import.meta.url));

/** The states of the caches that define a tick object's keys, as V8 prints them. */
async function tickLiteralCaches(preload: string[]): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', '--expose-gc', ...preload, PROBE], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return [...stdout.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1] ?? '');
}

test('collections on an idle tick queue turn nextTick megamorphic, unless a tick object is kept (ADR 0005)', async () => {
  const unkept = await tickLiteralCaches([]);
  assert.ok(unkept.includes('MEGAMORPHIC'), `without the keeper this Node should show the pathology the keeper exists for: ${unkept.join(' ')}`);

  const kept = await tickLiteralCaches(['--import', KEEPER]);
  assert.deepEqual(kept, ['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
});
