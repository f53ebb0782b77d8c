import type { Kysely } from 'kysely';
import type { Redis } from 'ioredis';
import { readVersions } from './data-version.ts';
import type { DataVersions, VersionKey } from '../kernel/data-versions.ts';
import type { Database } from './schema.ts';
import { onVersionedCommit } from './versioned-write.ts';
import type { MaybePromise } from '../kernel/maybe-promise.ts';
import { VersionMemo } from '../kernel/version-memo.ts';
import { POLL_INTERVAL_MS, type VersionWatcher } from '../kernel/version-watcher.ts';

/**
 * While subscribed, the versions are read again this often even without a notice: a notice
 * lost (its writer could not reach Redis) keeps answers stale for at most this long.
 */
const SUBSCRIBED_MAX_AGE_MS = 5000;

/**
 * The shared adapter: after each commit a process publishes a change notice on one channel;
 * every serving process subscribes and reads the version rows again on the next request after
 * a notice. Until its subscription is live (at start, after a reconnect) a process polls like
 * the adapter without Redis, and it reads again once subscribed, so a notice sent meanwhile
 * is not missed. A process that only writes (`fdh import`) never subscribes.
 */
export class RedisVersionWatcher implements VersionWatcher {
  readonly #redis: Redis;
  readonly #channel: string;
  readonly #memo: VersionMemo;
  readonly #stopListening: () => void;
  readonly #publishing = new Set<Promise<unknown>>();
  #subscriber: Redis | undefined;
  #subscribed = false;

  constructor(options: { db: Kysely<Database>; redis: Redis; keyPrefix: string }) {
    this.#redis = options.redis;
    this.#channel = `${options.keyPrefix}data-version`;
    this.#memo = new VersionMemo(() => readVersions(options.db));
    this.#stopListening = onVersionedCommit(options.db, (changed) => {
      this.#memo.invalidate();
      this.#announce(changed);
    });
  }

  current(): MaybePromise<DataVersions> {
    if (this.#subscriber === undefined) this.#subscribe();
    return this.#memo.current(this.#subscribed ? SUBSCRIBED_MAX_AGE_MS : POLL_INTERVAL_MS);
  }

  async close(): Promise<void> {
    this.#stopListening();
    // The notices of the last commits go out before the runtime disconnects Redis.
    await Promise.all(this.#publishing);
    this.#subscriber?.disconnect();
  }

  #announce(changed: readonly VersionKey[]): void {
    const publishing = this.#redis.publish(this.#channel, changed.join(',')).catch(() => {
      // Unreachable Redis: the other processes find the commit by reading again on their own.
    });
    this.#publishing.add(publishing);
    void publishing.finally(() => this.#publishing.delete(publishing));
  }

  #subscribe(): void {
    // A connection in subscriber mode serves nothing else; subscribing anew on each `ready` replaces ioredis's own resubscription.
    const subscriber = this.#redis.duplicate({ autoResubscribe: false });
    this.#subscriber = subscriber;
    subscriber.on('error', () => {
      // Reported by the shared connection; this one reconnects by itself.
    });
    subscriber.on('close', () => {
      this.#subscribed = false;
    });
    subscriber.on('message', () => this.#memo.invalidate());
    subscriber.on('ready', () => {
      subscriber.subscribe(this.#channel).then(
        () => {
          this.#subscribed = true;
          this.#memo.invalidate();
        },
        () => {},
      );
    });
  }
}
