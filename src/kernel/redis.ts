import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A Redis call never holds a request longer than this (contract section 2). */
export const REDIS_DEADLINE_MS = 100;

export const PAST_DEADLINE = Symbol('past the Redis deadline');

/**
 * A command's answer, or PAST_DEADLINE once REDIS_DEADLINE_MS have passed without one. The
 * verdict waits for one turn of the event loop after the timer: a reply that arrived while
 * the process was busy sits in the socket until the poll phase, which runs after timers, and
 * must not count as late.
 */
export function withinDeadline<T>(command: Promise<T>): Promise<T | typeof PAST_DEADLINE> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof PAST_DEADLINE>((resolve) => {
    timer = setTimeout(() => setImmediate(() => resolve(PAST_DEADLINE)), REDIS_DEADLINE_MS);
  });
  return Promise.race([command, deadline]).finally(() => clearTimeout(timer));
}

/**
 * One shared connection per process. Commands fail at once while disconnected (no offline
 * queue, no retries per request); callers bound their wait with `withinDeadline`, and the
 * client's own timeout only reclaims commands Redis never answers. The client reconnects in
 * the background, so callers fall back locally and resume by themselves.
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_DEADLINE_MS * 10,
    connectTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(1000, 50 * attempt),
    lazyConnect: false,
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) logger.warn({ err: { message: error.message } }, 'redis unreachable; using local fallbacks');
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) logger.info('redis reachable again; shared state resumed');
    reported = false;
  });
  return redis;
}
