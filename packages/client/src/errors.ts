import type { RateLimitState } from './rate-limit.ts';

/**
 * Codes the client itself gives when no error envelope came back; the hub's own codes
 * (`RATE_LIMIT_EXCEEDED`, `FEATURE_NOT_IN_PLAN`, …) come from `error.code` of its envelope.
 */
export const CLIENT_ERROR_CODES = {
  /** No answer: the connection failed. `status` is 0. */
  network: 'NETWORK_ERROR',
  /** No answer within the attempt's timeout. `status` is 0. */
  timeout: 'TIMEOUT',
  /** An answer that is not the hub's JSON envelope (a proxy's HTML page, say). */
  invalidResponse: 'INVALID_RESPONSE',
} as const;

export interface FdhErrorDetails {
  status: number;
  code: string;
  messages: string[];
  method: string;
  url: string;
  rateLimit?: RateLimitState | undefined;
  /** Seconds the hub asked to wait (`Retry-After`), on 429 and some 503s. */
  retryAfter?: number | undefined;
}

/**
 * Every failed call ends in one: rely on `status` and `code` (the specification's advice), the
 * `messages` are for humans and may not be in English.
 */
export class FdhError extends Error {
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;
  readonly code: string;
  readonly messages: string[];
  readonly method: string;
  readonly url: string;
  readonly rateLimit: RateLimitState | undefined;
  readonly retryAfter: number | undefined;

  constructor(details: FdhErrorDetails, options?: { cause?: unknown }) {
    super(
      `${details.method} ${details.url}: ${details.status === 0 ? details.code : `${details.status} ${details.code}`}${details.messages.length > 0 ? ` — ${details.messages.join('; ')}` : ''}`,
      options,
    );
    this.name = 'FdhError';
    this.status = details.status;
    this.code = details.code;
    this.messages = details.messages;
    this.method = details.method;
    this.url = details.url;
    this.rateLimit = details.rateLimit;
    this.retryAfter = details.retryAfter;
  }
}
