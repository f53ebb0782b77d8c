import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('../helpers/shape-probe.ts', import.meta.url));

test('after the whole catalogue is built, objects made alike still share one V8 shape (the request path stays on the fast path)', async () => {
  // Without one compilation per distinct schema, building the app saturates V8's transitions
  // off `{}`: reply headers and Node's tick objects then get a new hidden class per request.
  const { stdout } = await promisify(execFile)(process.execPath, ['--allow-natives-syntax', PROBE]);
  assert.deepEqual(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}'), { sameShape: true });
});
