import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import type { FetchSettings } from '../../config.ts';
import { printable } from '../../kernel/printable.ts';
import { CREDENTIAL_NAME, redactUrl, validatorKey, type Archive } from './archive.ts';
import type { FetchResult, SourceRequest } from './source-definition.ts';
import { userAgent } from './user-agent.ts';

/** A fetch the runner gave up on, with a reason a person can read (never a credential). */
export class FetchError extends Error {}

/** What a conditional GET sends back: the validators of the URL's last good answer. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** Of an error status (4xx, 5xx), the first ERROR_BODY_BYTES only. */
  body: Buffer;
}

/** What is read of an error answer's body: enough for a publisher's message, never its whole error page. */
const ERROR_BODY_BYTES = 4096;

/** The longest publisher message quoted in a failure reason. */
const QUOTE_CHARS = 300;

/** A failure worth another attempt (the network, a timeout, a cut body, 429, 5xx), with the wait the publisher asked for. */
class Retryable extends FetchError {
  readonly retryAfterMs: number | undefined;
  /** What the publisher said, `; the publisher says "…"`, added once the fetcher gives up. */
  readonly said: string;
  constructor(message: string, retryAfterMs?: number, said = '') {
    super(message);
    this.retryAfterMs = retryAfterMs;
    this.said = said;
  }
}

/**
 * A request that never reached the publisher: its host name does not resolve, or nothing
 * listens at its address. Asking again within the run would not help (offline, a firewall, a
 * typo in a base URL), so it fails the source at once, and it does not count as a request to the
 * publisher for its request gap.
 */
class Unreached extends FetchError {}

/**
 * Why `url` was not reached, when a connection or look-up error's `code` says it was not (`…:
 * name not resolved: host`, `…: connection refused: host:port`), or undefined for any other error.
 */
export function unreachedReason(code: string | undefined, url: string, secrets: readonly string[] = []): string | undefined {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return undefined;
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${redactUrl(url, secrets)}: name not resolved: ${target.hostname}`;
  const port = target.port === '' ? (target.protocol === 'https:' ? '443' : '80') : target.port;
  if (code === 'ECONNREFUSED') return `${redactUrl(url, secrets)}: connection refused: ${target.hostname}:${port}`;
  if (code === 'ENETUNREACH' || code === 'EHOSTUNREACH') return `${redactUrl(url, secrets)}: no route to ${target.hostname}:${port}`;
  return undefined;
}

function unreached(error: NodeJS.ErrnoException, url: string, secrets: readonly string[]): Unreached | undefined {
  const reason = unreachedReason(error.code, url, secrets);
  return reason === undefined ? undefined : new Unreached(reason);
}

/** The first string among a JSON error body's common fields, FRED's `error_message` first. */
function jsonMessage(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const body = value as Record<string, unknown>;
  const nested = (name: string) => {
    const inner = body[name];
    return typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : undefined;
  };
  // `error_message`: FRED (`{"error_code":400,"error_message":"Bad Request. …"}`); `status.error_message`: CoinGecko.
  const candidates = [body.error_message, body.message, nested('error')?.message, body.error, body.detail, body.msg, nested('status')?.error_message];
  return candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '');
}

/**
 * What a publisher says in the body of an error status, to quote in the failure reason: a JSON
 * body's message field, or a plain-text body's first line; never HTML (an error page is markup,
 * not a message). Any credential the request carried is masked, should the publisher echo it;
 * controls are escaped and the quote is kept short.
 */
export function publisherMessage(answer: { headers: Record<string, string>; body: Buffer }, request: SourceRequest): string | undefined {
  const type = (answer.headers['content-type'] ?? '').toLowerCase();
  let body: Buffer = answer.body;
  if ((answer.headers['content-encoding'] ?? '').toLowerCase() === 'gzip') {
    try {
      body = gunzipSync(body, { maxOutputLength: ERROR_BODY_BYTES });
    } catch {
      return undefined;
    }
  }
  const text = body
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trim();
  let message: string | undefined;
  if (type.includes('json') || (type === '' && text.startsWith('{'))) {
    try {
      message = jsonMessage(JSON.parse(text));
    } catch {
      return undefined;
    }
  } else if (type.startsWith('text/plain')) {
    message = text.split(/\r?\n/, 1)[0];
  }
  if (message === undefined) return undefined;
  message = message.trim().replace(/\s+/g, ' ');
  for (const secret of credentialValues(request)) message = message.split(secret).join('***');
  if (message === '') return undefined;
  const chars = [...message];
  return printable(chars.length > QUOTE_CHARS ? `${chars.slice(0, QUOTE_CHARS).join('')}…` : message);
}

/** The values of the request's credential query parameters, user info and headers (those of four characters or more). */
function credentialValues(request: SourceRequest): string[] {
  const values: string[] = [];
  try {
    const url = new URL(request.url);
    for (const [name, value] of url.searchParams) if (CREDENTIAL_NAME.test(name)) values.push(value);
    values.push(decodeURIComponent(url.password), decodeURIComponent(url.username));
  } catch {
    // An unparsable URL carries nothing to mask.
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) if (CREDENTIAL_NAME.test(name)) values.push(value);
  return values.filter((value) => value.length >= 4);
}

function saying(message: string | undefined): string {
  return message === undefined ? '' : `; the publisher says "${message}"`;
}

/** Per publisher, in this process: when its last request ended, and the queue of requests waiting for their turn. */
const lastRequestEnd = new Map<string, number>();

/**
 * When the last request to `publisher` ended in this thread, and how to carry it in from an
 * earlier run's thread: each run has a worker thread of its own, and the publisher's gap must
 * hold between two runs as within one.
 */
export const publisherPacing = {
  lastRequestEnd: (publisher: string): number | undefined => lastRequestEnd.get(publisher),
  carryIn(publisher: string, endedAt: number | undefined): void {
    if (endedAt !== undefined && endedAt > (lastRequestEnd.get(publisher) ?? 0)) lastRequestEnd.set(publisher, endedAt);
  },
};
const publisherTurns = new Map<string, Promise<void>>();

function headerRecord(message: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(message.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function kib(bytes: number): string {
  return `${Math.round(bytes / 1024)} KiB`;
}

/** The most a body may weigh, and the setting or reason that says so (for the message). */
interface BodyLimit {
  bytes: number;
  why: string;
}

/** One GET: the whole body or a failure; a body shorter than its `Content-Length` is a failure. */
function getOnce(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  { bytes: maxBytes, why }: BodyLimit,
  secrets: readonly string[],
): Promise<RawAnswer> {
  const shown = redactUrl(url, secrets);
  // The source's time limit aborts with its own FetchError; the request's with a TimeoutError.
  const interrupted = (what: string) =>
    signal.reason instanceof FetchError
      ? signal.reason
      : signal.aborted
        ? new Retryable(`${shown}: no complete answer in time`)
        : new Retryable(`${shown}: ${what}`);
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { headers, signal }, (response) => {
      const declared = response.headers['content-length'] === undefined ? undefined : Number(response.headers['content-length']);
      const cut = () => `the connection was cut after ${received} bytes${declared === undefined ? '' : ` of ${declared}`}`;
      const status = response.statusCode ?? 0;
      if (status >= 400) {
        // An error answer: its start is read for the publisher's message, the rest is not waited for.
        const start: Buffer[] = [];
        let kept = 0;
        const done = () => resolve({ status, headers: headerRecord(response), body: Buffer.concat(start) });
        response.on('data', (chunk: Buffer) => {
          if (kept >= ERROR_BODY_BYTES) return;
          start.push(chunk.subarray(0, ERROR_BODY_BYTES - kept));
          kept += Math.min(chunk.length, ERROR_BODY_BYTES - kept);
          if (kept >= ERROR_BODY_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on('error', done);
        response.on('close', done);
        return;
      }
      if (declared !== undefined && declared > maxBytes) {
        response.destroy();
        reject(new FetchError(`${shown}: the answer is ${kib(declared)}, more than the ${kib(maxBytes)} allowed (${why})`));
        return;
      }
      const chunks: Buffer[] = [];
      let received = 0;
      response.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > maxBytes) {
          response.destroy();
          reject(new FetchError(`${shown}: the answer passed the ${kib(maxBytes)} allowed (${why})`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', () => reject(interrupted(cut())));
      response.on('close', () => {
        if (!response.complete || (declared !== undefined && received !== declared)) {
          reject(interrupted(cut()));
          return;
        }
        resolve({ status: response.statusCode ?? 0, headers: headerRecord(response), body: Buffer.concat(chunks) });
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(signal.aborted ? interrupted(error.message) : (unreached(error, url, secrets) ?? interrupted(error.message))),
    );
  });
}

function decoded(answer: RawAnswer, url: string, { bytes: maxBytes, why }: BodyLimit, secrets: readonly string[]): Buffer {
  const encoding = (answer.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity') return answer.body;
  if (encoding !== 'gzip') throw new FetchError(`${redactUrl(url, secrets)}: content encoding "${encoding}" was not asked for`);
  try {
    // The download limit bounds the body once decoded too: a small gzip of zeros is no way round it.
    return gunzipSync(answer.body, { maxOutputLength: maxBytes });
  } catch (error) {
    // Too large is the publisher's answer, not a transfer gone wrong: asking again would not help.
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new FetchError(`${redactUrl(url, secrets)}: the gzip body decodes to more than the ${kib(maxBytes)} allowed (${why})`);
    }
    // A stream that stops short is a transfer gone wrong: worth another attempt.
    throw new Retryable(`${redactUrl(url, secrets)}: the gzip body is broken or too large (${(error as Error).message})`);
  }
}

export interface FetcherOptions {
  settings: FetchSettings;
  archive: Archive;
  publisher: string;
  minRequestIntervalMs: number;
  /** Aborts with the source's time limit. */
  signal: AbortSignal;
  /** The validators of the last good run, by URL with the credential values masked (`validatorKey`). */
  validators: Readonly<Record<string, Validators>>;
  now: () => Date;
  /** Told of each retry (for the log). */
  onRetry?: (message: string, waitMs: number) => void;
  /** The source's credential values: masked in every URL the fetcher keeps or shows (`redactUrl`), validators' keys included. */
  secrets?: readonly string[];
  /** Told when a request waits `waitMs` for the publisher's request gap, before it waits. */
  onGap?: (waitMs: number) => void;
}

/**
 * The fetch a source is given: paced per publisher, retried with exponential backoff and
 * jitter (or the publisher's `Retry-After`), size-limited, gzip-decoded, conditional, and
 * archived before it is returned. `fresh` collects the validators of this run's answers, saved
 * only once the run has imported everything.
 */
export function createFetcher(options: FetcherOptions): { fetch: (request: SourceRequest) => Promise<FetchResult>; fresh: Record<string, Validators> } {
  const { settings, signal, secrets = [] } = options;
  const fresh: Record<string, Validators> = {};
  const shown = (url: string): string => redactUrl(url, secrets);

  /** One request at a time per publisher, each starting its interval after the previous one ended. */
  async function paced<T>(send: () => Promise<T>): Promise<T> {
    const { publisher, minRequestIntervalMs: interval } = options;
    const previous = publisherTurns.get(publisher) ?? Promise.resolve();
    const turn = Promise.withResolvers<void>();
    publisherTurns.set(
      publisher,
      previous.then(() => turn.promise),
    );
    let reached = true;
    try {
      await previous;
      const wait = (lastRequestEnd.get(publisher) ?? 0) + interval - Date.now();
      if (wait > 0) {
        options.onGap?.(wait);
        await sleep(wait, undefined, { signal });
      }
      return await send();
    } catch (error) {
      reached = !(error instanceof Unreached);
      throw error;
    } finally {
      if (reached) lastRequestEnd.set(publisher, Date.now());
      turn.resolve();
    }
  }

  async function attempt(request: SourceRequest): Promise<RawAnswer> {
    const headers: Record<string, string> = { 'user-agent': userAgent(settings.contact), 'accept-encoding': 'gzip', ...request.headers };
    const known = options.validators[validatorKey(request.url, secrets)];
    if (request.conditional !== false && known !== undefined) {
      if (known.etag !== undefined) headers['if-none-match'] = known.etag;
      if (known.lastModified !== undefined) headers['if-modified-since'] = known.lastModified;
    }
    const limit: BodyLimit =
      request.limit !== undefined && request.limit.bytes < settings.maxDownloadBytes
        ? request.limit
        : { bytes: settings.maxDownloadBytes, why: 'FDH_SYNC_MAX_DOWNLOAD_MB' };
    const answer = await paced(() => getOnce(request.url, headers, AbortSignal.any([signal, AbortSignal.timeout(settings.requestTimeoutMs)]), limit, secrets));
    if (answer.status === 429 || answer.status >= 500) {
      throw new Retryable(
        `${shown(request.url)}: HTTP ${answer.status}`,
        retryAfterMs(answer.headers['retry-after'], Date.now()),
        saying(publisherMessage(answer, request)),
      );
    }
    return answer.status >= 200 && answer.status < 300 ? { ...answer, body: decoded(answer, request.url, limit, secrets) } : answer;
  }

  async function fetchWithRetries(request: SourceRequest): Promise<RawAnswer> {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt(request);
      } catch (error) {
        if (!(error instanceof Retryable) || signal.aborted) throw signal.aborted && signal.reason instanceof FetchError ? signal.reason : error;
        if (tries >= settings.retries) throw new FetchError(`${error.message} (gave up after ${tries + 1} attempts)${error.said}`);
        if (error.retryAfterMs !== undefined && error.retryAfterMs > settings.maxRetryAfterMs) {
          throw new FetchError(
            `${error.message}: the publisher asks to wait ${Math.ceil(error.retryAfterMs / 1000)} s, more than the ${settings.maxRetryAfterMs / 1000} s allowed (FDH_SYNC_MAX_RETRY_AFTER_S)${error.said}`,
          );
        }
        const backoff = settings.retryBaseMs * 2 ** tries;
        const wait = error.retryAfterMs ?? Math.round(backoff / 2 + Math.random() * (backoff / 2));
        options.onRetry?.(error.message, wait);
        await sleep(wait, undefined, { signal }).catch(() => {
          throw signal.reason instanceof FetchError ? signal.reason : new FetchError('the source ran out of time');
        });
      }
    }
  }

  return {
    fresh,
    async fetch(request) {
      const answer = await fetchWithRetries(request);
      if (answer.status === 304) return { notModified: true, url: request.url };
      if ((answer.status === 404 || answer.status === 410) && request.absentOk === true) return { notModified: true, absent: true, url: request.url };
      if (answer.status < 200 || answer.status >= 300) {
        throw new FetchError(`${shown(request.url)}: HTTP ${answer.status}${answer.status >= 400 ? saying(publisherMessage(answer, request)) : ''}`);
      }
      const { body } = answer;
      const archiveHash = await options.archive.put(
        body,
        { url: request.url, fetchedAt: options.now().toISOString(), status: answer.status, headers: answer.headers },
        secrets,
      );
      const validators: Validators = {};
      if (answer.headers.etag !== undefined) validators.etag = answer.headers.etag;
      if (answer.headers['last-modified'] !== undefined) validators.lastModified = answer.headers['last-modified'];
      if (validators.etag !== undefined || validators.lastModified !== undefined) fresh[validatorKey(request.url, secrets)] = validators;
      return { notModified: false, url: request.url, status: answer.status, headers: answer.headers, body, archiveHash };
    },
  };
}
