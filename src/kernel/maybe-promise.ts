/** What a step on the request path returns: its value at once when it had no need to wait, or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * `next(value)`: at once when `value` is already here, once it settles otherwise. A cached
 * answer goes from the route to the socket without a microtask between steps that did not wait;
 * a value thrown by `next` on the first path is thrown to the caller, as an `await` would reject.
 */
export function andThen<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
