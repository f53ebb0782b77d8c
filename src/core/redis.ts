import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** A Redis call never holds a request longer than this (contract section 2). */
export const REDIS_COMMAND_TIMEOUT_MS = 100;

/**
 * One shared connection per process. Commands fail at once while disconnected (no offline
 * queue, no retries per request) and after 100 ms when Redis hangs; the client reconnects in
 * the background, so callers fall back locally and resume by themselves.
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
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
