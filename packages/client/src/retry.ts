import { CLIENT_ERROR_CODES, type FdhError } from './errors.ts';

export interface RetryOptions {
  /** Attempts per call in all, the first included (default 4). */
  maxAttempts?: number;
  /** First backoff after a 500/502/503 or a network failure, doubled each time (default 500 ms). */
  baseDelayMs?: number;
  /** Cap of one backoff (default 8 s). */
  maxDelayMs?: number;
  /** The longest `Retry-After` the client waits; a longer one fails the call at once (default 60 s, one quota window). */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 4, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

/** Answers the specification asks clients to retry after a backoff; a 429 waits `Retry-After` instead. */
const BACKOFF_STATUSES = new Set([500, 502, 503]);
const NO_ANSWER_CODES: ReadonlySet<string> = new Set([CLIENT_ERROR_CODES.network, CLIENT_ERROR_CODES.timeout]);
/**
 * Methods a repeat cannot do twice (RFC 9110 §9.2.2). A POST (the dashboard's sign-in, key
 * creation, rotation) is sent once: after a 5xx or a lost answer the hub may have acted already,
 * and a refused sign-in (401, 429) is for the person at the form to see at once.
 */
const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Exponential backoff with equal jitter: between half and all of base × 2^(attempt − 1), capped. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * How long to wait before attempt `attempt + 1` after `error`, or undefined to give up: only
 * idempotent methods are retried, only after 429, 500, 502, 503 and failures without an answer,
 * within `maxAttempts`, and never sooner than the hub's `Retry-After` nor when that exceeds
 * `maxRetryAfterMs`.
 */
export function retryDelayMs(error: FdhError, attempt: number, policy: RetryPolicy, random?: () => number): number | undefined {
  if (attempt >= policy.maxAttempts || !IDEMPOTENT_METHODS.has(error.method.toUpperCase())) return undefined;
  const retryable = error.status === 429 || BACKOFF_STATUSES.has(error.status) || (error.status === 0 && NO_ANSWER_CODES.has(error.code));
  if (!retryable) return undefined;
  if (error.retryAfter !== undefined) {
    const asked = error.retryAfter * 1000;
    if (asked > policy.maxRetryAfterMs) return undefined;
    return error.status === 429 ? asked : Math.max(asked, backoffMs(attempt, policy, random));
  }
  return backoffMs(attempt, policy, random);
}
