// npm test: embedded pass only (what it checks is the package npm packs and installs, whatever the hub's store)
// The tests of this file run one after the other: both build packages/client/dist.
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { cryptoDemoGenerator } from '../../src/ingest/demo/crypto.ts';
import { listeningHub } from '../helpers/client.ts';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../../packages/client/', import.meta.url));
const TSC = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const QUIET = ['--no-audit', '--no-fund', '--loglevel=error'];

interface PackResult {
  filename: string;
  size: number;
  files: { path: string }[];
}

/** A program in plain JavaScript, as a user of the published package writes it. */
const CONSUMER_JS = `
import { createClient, FdhError } from '@fdh/client';
const fdh = createClient({ baseUrl: process.env.FDH_BASE_URL, apiKey: process.env.FDH_API_KEY });
const map = await fdh.get('/openapi/v1/crypto/bubble-map', { query: { limit: 3 } });
const refused = await fdh.get('/openapi/v1/etf').catch((error) => error);
console.log(JSON.stringify({ coins: map.coins.map((coin) => coin.symbol), refused: refused instanceof FdhError ? refused.code : null, remaining: fdh.rateLimit?.remaining }));
`;

/** A TypeScript program against the published declarations: fields are typed, a wrong one is not. */
const CONSUMER_TS = `
import { createClient, type FdhError } from '@fdh/client';
const fdh = createClient({ baseUrl: 'https://hub.example', apiKey: 'apk_example' });
export async function largest(): Promise<string | undefined> {
  const map = await fdh.get('/openapi/v1/crypto/bubble-map', { query: { limit: 3 } });
  // @ts-expect-error the bubble map has no price
  map.coins[0]?.price;
  return map.coins[0]?.symbol;
}
export const status = (error: FdhError): number => error.status;
`;

/** Type-checks CONSUMER_TS and runs CONSUMER_JS in a project where @fdh/client is installed. */
async function useInstalled(t: TestContext, consumer: string): Promise<void> {
  writeFileSync(join(consumer, 'consumer.ts'), CONSUMER_TS);
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'es2022', lib: ['es2022', 'dom'], types: [], module: 'nodenext', strict: true, noEmit: true },
      include: ['consumer.ts'],
    }),
  );
  await run(process.execPath, [TSC, '-p', consumer]);

  const hub = await listeningHub(t, { seed: [cryptoDemoGenerator], plans: { plans: { cryptoOnly: { budget: 100, features: ['crypto_data'] } } } });
  writeFileSync(join(consumer, 'consumer.mjs'), CONSUMER_JS);
  const ran = await run(process.execPath, [join(consumer, 'consumer.mjs')], {
    cwd: consumer,
    env: { ...process.env, FDH_BASE_URL: hub.baseUrl, FDH_API_KEY: await hub.key('cryptoOnly') },
  });
  const output = JSON.parse(ran.stdout) as { coins: string[]; refused: string | null; remaining: number };
  assert.equal(output.coins.length, 3);
  assert.equal(output.refused, 'FEATURE_NOT_IN_PLAN');
  assert.equal(output.remaining, 100 - 3, 'the bubble map cost 3; a call refused with 403 costs nothing');
}

test('npm pack builds a tarball that installs in an empty directory and works there', async (t) => {
  const work = mkdtempSync(join(tmpdir(), 'fdh-client-pack-'));
  t.after(() => rmSync(work, { recursive: true, force: true }));

  const packed = await run('npm', ['pack', '--json', '--pack-destination', work, ...QUIET], { cwd: PACKAGE_DIR });
  const [result] = JSON.parse(packed.stdout) as PackResult[];
  assert.ok(result !== undefined);
  const files = result.files.map((file) => file.path).sort();
  assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts') && files.includes('README.md'), files.join(', '));
  assert.deepEqual(
    files.filter((path) => !path.startsWith('dist/') && !['README.md', 'package.json'].includes(path)),
    [],
    'only the build, the README and the manifest',
  );
  t.diagnostic(`${result.filename}: ${result.size} bytes, ${files.length} files`);

  const consumer = join(work, 'consumer');
  await run('mkdir', [consumer]);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', ...QUIET, join(work, result.filename)], { cwd: consumer });

  await useInstalled(t, consumer);
});

test("npm install <the package's folder>, the README's command, builds it there and works from another project", async (t) => {
  const consumer = mkdtempSync(join(tmpdir(), 'fdh-client-folder-'));
  t.after(() => rmSync(consumer, { recursive: true, force: true }));
  // As in a fresh checkout: nothing built.
  rmSync(join(PACKAGE_DIR, 'dist'), { recursive: true, force: true });
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', ...QUIET, PACKAGE_DIR], { cwd: consumer });
  assert.ok(lstatSync(join(consumer, 'node_modules/@fdh/client')).isSymbolicLink(), 'npm links the folder');
  assert.ok(existsSync(join(PACKAGE_DIR, 'dist/index.js')) && existsSync(join(PACKAGE_DIR, 'dist/index.d.ts')), 'its prepare script built dist/');

  await useInstalled(t, consumer);
});
