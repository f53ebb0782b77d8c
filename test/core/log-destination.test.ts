import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const LOGGER = fileURLToPath(new URL('../../src/core/logger.ts', import.meta.url));

interface LoggedLine {
  msg: string;
}

/**
 * Runs `script` in a child process with `createLogger` from the service and the standard
 * output parsed as log lines, each with the time it arrived since the child started.
 */
function runLogging(script: string): Promise<{ code: number | null; lines: (LoggedLine & { arrivedMs: number })[] }> {
  const source = `import { createLogger } from ${JSON.stringify(LOGGER)}; const log = createLogger('info');\n${script}`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  const started = performance.now();
  const lines: (LoggedLine & { arrivedMs: number })[] = [];
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const arrivedMs = performance.now() - started;
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const part of parts) lines.push({ ...(JSON.parse(part) as LoggedLine), arrivedMs });
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, lines })));
}

test('log lines written in batches all arrive, in order, when the process exits at once', async () => {
  const { code, lines } = await runLogging(`
    for (let i = 0; i < 2000; i++) log.info('line ' + i);
    log.info('x'.repeat(100_000));
    log.info('after the long one');
    process.exit(0);
  `);
  assert.equal(code, 0);
  assert.equal(lines.length, 2002);
  lines.slice(0, 2000).forEach((line, i) => assert.equal(line.msg, `line ${i}`));
  assert.equal(lines[2000]?.msg.length, 100_000, 'a line longer than a batch is written whole');
  assert.equal(lines[2001]?.msg, 'after the long one');
});

test('a quiet service writes its log line at once, not when it exits', async () => {
  const { code, lines } = await runLogging(`
    log.info('ready');
    setTimeout(() => log.info('bye'), 1500);
  `);
  assert.equal(code, 0);
  assert.deepEqual(lines.map((line) => line.msg), ['ready', 'bye']);
  const [ready, bye] = lines;
  assert.ok(ready !== undefined && bye !== undefined);
  assert.ok(bye.arrivedMs - ready.arrivedMs > 1000, `the first line came ${bye.arrivedMs - ready.arrivedMs} ms before the last, not with it`);
});
