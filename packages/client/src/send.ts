import { attempt } from './attempt.ts';
import { errorOf, successOf } from './envelope.ts';
import { FdhError } from './errors.ts';
import { rateLimitOf, type RateLimitState } from './rate-limit.ts';
import { retryDelayMs, type RetryPolicy } from './retry.ts';
import { sleep } from './sleep.ts';
import { fillPath, queryString, type ParameterValue } from './url.ts';

export interface Transport {
  baseUrl: string;
  fetch: typeof fetch;
  /** Sent on every request (`X-API-Key`, the caller's own). */
  headers: Record<string, string>;
  credentials: RequestInit['credentials'] | undefined;
  /** The session's CSRF token, sent as `X-CSRF-Token` on every method but GET and HEAD. */
  csrfToken: () => string | null | undefined;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Told the rate-limit state of every answer that carries one. */
  onRateLimit: (state: RateLimitState) => void;
}

export interface RawRequest {
  method: string;
  /** A path template of the document, `{name}` parameters included. */
  path: string;
  params?: Record<string, ParameterValue> | undefined;
  query?: Record<string, ParameterValue> | undefined;
  body?: unknown;
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
  headers?: Record<string, string> | undefined;
  /** Ask for the list as CSV (`Accept: text/csv`): the answer's `data` is the CSV text. */
  csv?: boolean | undefined;
}

export interface RawResponse {
  status: number;
  data: unknown;
  meta: Record<string, unknown>;
  rateLimit: RateLimitState | undefined;
}

function requestInit(transport: Transport, request: RawRequest, method: string): RequestInit {
  const headers: Record<string, string> = { accept: request.csv === true ? 'text/csv' : 'application/json', ...transport.headers, ...request.headers };
  if (method !== 'GET' && method !== 'HEAD') {
    const token = transport.csrfToken();
    if (token !== null && token !== undefined) headers['x-csrf-token'] = token;
  }
  const init: RequestInit = { method, headers };
  if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(request.body);
  }
  if (transport.credentials !== undefined) init.credentials = transport.credentials;
  return init;
}

/** One call: attempts, retries and waits as the retry policy says, until an answer or a final FdhError. */
export async function send(transport: Transport, request: RawRequest): Promise<RawResponse> {
  const method = request.method.toUpperCase();
  const url = transport.baseUrl.replace(/\/+$/, '') + fillPath(request.path, request.params) + queryString(request.query);
  const init = requestInit(transport, request, method);
  const timeoutMs = request.timeoutMs ?? transport.timeoutMs;
  for (let attemptNumber = 1; ; attemptNumber++) {
    let failure: FdhError;
    try {
      const answer = await attempt(transport.fetch, url, init, timeoutMs, request.signal);
      const rateLimit = rateLimitOf(answer.headers);
      if (rateLimit !== undefined) transport.onRateLimit(rateLimit);
      // A CSV answer is its text; an error is still the JSON envelope.
      if (request.csv === true && answer.status === 200 && (answer.headers.get('content-type') ?? '').startsWith('text/csv')) {
        return { status: answer.status, data: answer.text, meta: {}, rateLimit };
      }
      const success = successOf(answer);
      if (success !== undefined) return { status: answer.status, data: success.data, meta: success.meta, rateLimit };
      failure = errorOf(answer, method, url);
    } catch (error) {
      if (!(error instanceof FdhError)) throw error;
      failure = error;
    }
    const delay = retryDelayMs(failure, attemptNumber, transport.retry);
    if (delay === undefined) throw failure;
    await sleep(delay, request.signal);
  }
}
