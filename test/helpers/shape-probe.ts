/**
 * Run with --allow-natives-syntax (by test/core/hot-path.test.ts): builds the whole catalogue on
 * an empty embedded store, then asks V8 whether two objects built the same way from `{}` still
 * share one hidden class. They stop sharing once the transitions off the empty object literal
 * are saturated, and then every such object on the request path is built the slow way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { openRuntime } from '../../src/runtime.ts';
import { buildApp } from '../../src/app.ts';
import { createLogger } from '../../src/kernel/logger.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'fdh-shape-'));
const config = loadConfig({ env: { FDH_DATA_DIR: dataDir }, cwd: dataDir });
const runtime = await openRuntime(config, { logger: createLogger('silent') });
const app = await buildApp(runtime);

// Property names no code has used yet, so their transitions must be added now.
const names = [`probe-${process.pid}-a`, `probe-${process.pid}-b`];
const build = () => {
  const object: Record<string, number> = {};
  for (const name of names) object[name] = 1;
  return object;
};
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;
process.stdout.write(`${JSON.stringify({ sameShape: haveSameMap(build(), build()) })}\n`);

await app.close();
await runtime.close();
rmSync(dataDir, { recursive: true, force: true });
