import { createHook } from 'node:async_hooks';

/**
 * Imported first by the `fdh` entry point. Keeps one of Node's tick objects alive for the life
 * of the process; see ADR 0005.
 *
 * `process.nextTick` makes each tick an object literal whose first keys are computed symbols,
 * so V8 defines its five keys one by one, through a chain of maps that only the finished
 * objects hold alive; Node's HTTP stack calls it about six times per request. Ticks run at
 * once, so a full garbage collection while the queue is empty frees the chain, and the next
 * tick builds a new one: to the inline caches of nextTick each rebuilt chain is a new shape.
 * After four, they give up (megamorphic) and every tick is built in the runtime, for the life
 * of the process: a tenth of the CPU of a small request. How many such collections came while
 * the service started was a matter of timing: about one start in four was slow. One tick
 * object kept here keeps its chain, and the caches see one shape.
 */
// Read by no one: being held here is its whole purpose.
let kept: object | undefined;
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject') kept ??= resource;
  },
}).enable();
process.nextTick(() => {});
hook.disable();
