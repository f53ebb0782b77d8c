/** The quota state an answer reports in its `X-RateLimit-*` headers. */
export interface RateLimitState {
  /** The plan's weight budget per UTC minute. */
  limit: number;
  /** Weight left in the current window. */
  remaining: number;
  /** When the window resets, Unix seconds. */
  reset: number;
  /** Weight the answered call cost (on a 429: what it would have cost). */
  weightUsed: number | undefined;
}

function integerHeader(headers: Headers, name: string): number | undefined {
  const text = headers.get(name);
  if (text === null || !/^\d+$/.test(text.trim())) return undefined;
  return Number(text);
}

/** The rate-limit state of an answer, if it carries one (unauthenticated answers do not). */
export function rateLimitOf(headers: Headers): RateLimitState | undefined {
  const limit = integerHeader(headers, 'x-ratelimit-limit');
  const remaining = integerHeader(headers, 'x-ratelimit-remaining');
  const reset = integerHeader(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { limit, remaining, reset, weightUsed: integerHeader(headers, 'x-ratelimit-weight-used') };
}

/** `Retry-After` in seconds: delta-seconds, or an HTTP date measured from `now`. */
export function retryAfterOf(headers: Headers, now: number = Date.now()): number | undefined {
  const text = headers.get('retry-after')?.trim();
  if (text === undefined || text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
