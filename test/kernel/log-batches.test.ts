import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LogBatches } from '../../src/kernel/log-batches.ts';

const line = (n: number) => `{"n":${n}}\n`;

test('log lines reach the sink in order, a batch at a time once a batch is long enough', () => {
  const written: string[] = [];
  const batches = new LogBatches({ write: (text: string) => written.push(text) }, { minLength: 30, maxDelayMs: 60_000 });
  for (let n = 0; n < 7; n++) batches.write(line(n));
  // Each line is 8 characters: the fourth makes 32, past 30.
  assert.deepEqual(written, [line(0) + line(1) + line(2) + line(3)]);
  batches.flushSync();
  assert.deepEqual(written, [line(0) + line(1) + line(2) + line(3), line(4) + line(5) + line(6)]);
  batches.flushSync();
  assert.equal(written.length, 2, 'nothing pending, nothing written');
});

test("a quiet server's lines are written within the delay, without waiting for a full batch", async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const written: string[] = [];
  const batches = new LogBatches({ write: (text: string) => written.push(text) }, { minLength: 4096, maxDelayMs: 1000 });
  batches.write(line(1));
  t.mock.timers.tick(999);
  assert.deepEqual(written, []);
  batches.write(line(2));
  t.mock.timers.tick(1);
  assert.deepEqual(written, [line(1) + line(2)], 'the delay runs from the first line of the batch');
  batches.write(line(3));
  t.mock.timers.tick(1000);
  assert.deepEqual(written, [line(1) + line(2), line(3)]);
});
