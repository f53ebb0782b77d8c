/**
 * Run with --allow-natives-syntax --expose-gc (by test/core/tick-maps.test.ts): calls
 * process.nextTick between full collections on an empty tick queue, as a starting service may,
 * then prints V8's view of nextTick, whose feedback slots say whether the caches that build a
 * tick object stayed monomorphic.
 */
const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with --expose-gc');

async function ticksThenIdle(): Promise<void> {
  for (let tick = 0; tick < 20; tick++) process.nextTick(() => {});
  await new Promise((resolve) => setImmediate(resolve));
}

for (let round = 0; round < 8; round++) {
  await ticksThenIdle();
  collect();
}
await ticksThenIdle();
const debugPrint = new Function('value', '%DebugPrint(value)') as (value: unknown) => void;
debugPrint(process.nextTick);
