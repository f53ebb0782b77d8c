// npm test: embedded pass only (what it checks is the client's quick-start example, whatever the hub's store)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { cryptoDemoGenerator } from '../../src/ingest/demo/crypto.ts';
import { instrumentsDemoGenerator } from '../../src/ingest/demo/instruments.ts';
import { macroDemoGenerator } from '../../src/ingest/demo/macro.ts';
import { newsDemoGenerator } from '../../src/ingest/demo/news.ts';
import { listeningHub } from '../helpers/client.ts';

const run = promisify(execFile);
const QUICK_START = fileURLToPath(new URL('../../packages/client/examples/quick-start.ts', import.meta.url));

test("the package's quick-start example runs against a live hub", async (t) => {
  const hub = await listeningHub(t, { seed: [instrumentsDemoGenerator, cryptoDemoGenerator, macroDemoGenerator, newsDemoGenerator] });
  // The example imports '@fdh/client' by name; the fdh-source condition points that at the sources.
  const { stdout } = await run(process.execPath, ['--conditions=fdh-source', QUICK_START], {
    env: { ...process.env, FDH_BASE_URL: hub.baseUrl, FDH_API_KEY: await hub.key() },
  });
  const lines = stdout.trim().split('\n');
  assert.match(lines[0] ?? '', /^plan pro: 1200 of 1200 weight left this minute$/);
  assert.equal(lines.filter((line) => / % over 1d$/.test(line)).length, 5, 'five coins of the bubble map');
  assert.match(stdout, /^gold: \d+ closes, last \d/m);
  assert.match(stdout, /^TIBOR as of 2026-03-31: latest 2026-03-31$/m);
  assert.equal(lines.filter((line) => line.startsWith('news: ')).length, 8, 'eight articles over two pages');
  assert.match(lines.at(-1) ?? '', /^quota: \d+ of 1200 left$/);
});
