import type { paths } from './schema.ts';
import type { RequestOptions } from './operations.ts';
import type { CsvPath, DataOf, ItemOf, Method, MetaOf, OptionsArgument, PaginatedPath, PathsWith } from './operations.ts';
import type { RateLimitState } from './rate-limit.ts';
import { DEFAULT_RETRY, type RetryOptions } from './retry.ts';
import { send, type Transport } from './send.ts';
import type { ParameterValue } from './url.ts';

export interface ClientOptions {
  /** Where the hub answers, e.g. `https://fdh.example.com`; empty (the default) for the page's own origin. */
  baseUrl?: string;
  /** Sent as `X-API-Key` on every request (`/openapi/v1/*`). Leave it out in the dashboard's session mode. */
  apiKey?: string;
  /**
   * Session mode (the dashboard's `/api/v1/*`): the CSRF token the sign-in answered, sent as
   * `X-CSRF-Token` on every method but GET. A function is asked on each request, so a token
   * obtained after the client was made is picked up.
   */
  csrfToken?: string | (() => string | null | undefined);
  /** Default: `same-origin` without an API key (the session cookie goes along), the platform's default with one. */
  credentials?: RequestInit['credentials'];
  /** Bound on each attempt, the body read included (default 30 s). */
  timeoutMs?: number;
  retry?: RetryOptions;
  /** Added to every request. */
  headers?: Record<string, string>;
  /** Another `fetch` (a proxy agent's, a test's); default the platform's. */
  fetch?: typeof fetch;
}

/** A successful answer in full: `data`, `meta`, the status and the quota state it reported. */
export interface FdhResponse<P extends keyof paths, M extends Method> {
  status: number;
  data: DataOf<P, M>;
  meta: MetaOf<P, M>;
  rateLimit: RateLimitState | undefined;
}

export interface FdhClient {
  /** GET `path`: the envelope's `data`, typed by the path; throws FdhError otherwise. */
  get<P extends PathsWith<'get'>>(path: P, ...options: OptionsArgument<P, 'get'>): Promise<DataOf<P, 'get'>>;
  /** POST a JSON `body` to `path` (the dashboard API): the envelope's `data`. */
  post<P extends PathsWith<'post'>>(path: P, ...options: OptionsArgument<P, 'post'>): Promise<DataOf<P, 'post'>>;
  /** Any method, answering the whole success envelope (`meta` too) and the quota state. */
  request<M extends Method, P extends PathsWith<M>>(method: M, path: P, ...options: OptionsArgument<P, M>): Promise<FdhResponse<P, M>>;
  /** A list answer as CSV text (`Accept: text/csv`): a header row, then a row per item; `meta` stays with the JSON answer. */
  csv<P extends CsvPath>(path: P, ...options: OptionsArgument<P, 'get'>): Promise<string>;
  /** One fact's observations (`GET /openapi/v1/series/{fact}`): `series('index.close:N225', { from: '2024-01-01' })`. */
  series(fact: string, query?: RequestOptions<'/openapi/v1/series/{fact}', 'get'>['query']): Promise<DataOf<'/openapi/v1/series/{fact}', 'get'>>;
  /** Several series aligned on dates (`GET /openapi/v1/series/table`): `table(['macro:us.cpi', 'index.close:N225'], { frequency: 'monthly' })`. */
  table(
    facts: readonly string[],
    query?: Omit<RequestOptions<'/openapi/v1/series/table', 'get'>['query'], 'facts'>,
  ): Promise<FdhResponse<'/openapi/v1/series/table', 'get'>>;
  /** The series a search finds, best first (`GET /openapi/v1/series?q=`): `searchSeries('consumer price')`. */
  searchSeries(q: string, query?: Omit<RequestOptions<'/openapi/v1/series', 'get'>['query'], 'q'>): Promise<DataOf<'/openapi/v1/series', 'get'>>;
  /** Every item of a cursor-paginated list, page after page (`meta.nextCursor` → `cursor`). */
  paginate<P extends PaginatedPath>(path: P, ...options: OptionsArgument<P, 'get'>): AsyncGenerator<ItemOf<P>, void, undefined>;
  /** The quota state of the last answer that reported one: `limit`, `remaining`, `reset`. */
  readonly rateLimit: RateLimitState | undefined;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** How every request of a client made with `options` is sent; exported for the tests of methods the document has no path for yet. */
export function transportOf(options: ClientOptions, onRateLimit: (state: RateLimitState) => void = () => {}): Transport {
  const token = options.csrfToken;
  return {
    baseUrl: options.baseUrl ?? '',
    // Called through globalThis: a browser's fetch detached from window throws "Illegal invocation".
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: { ...options.headers, ...(options.apiKey === undefined ? {} : { 'x-api-key': options.apiKey }) },
    credentials: options.credentials ?? (options.apiKey === undefined ? 'same-origin' : undefined),
    csrfToken: typeof token === 'function' ? token : () => token,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    onRateLimit,
  };
}

type LooseOptions = {
  params?: Record<string, ParameterValue>;
  query?: Record<string, ParameterValue>;
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
};

/**
 * Options arrive typed per path; inside, they are the same loose shape for every path.
 * TypeScript cannot see that a mapped type over `paths` is always that shape, hence one cast.
 */
const loose = (options: readonly unknown[]) => options[0] as LooseOptions | undefined;

export function createClient(options: ClientOptions = {}): FdhClient {
  let lastRateLimit: RateLimitState | undefined;
  const transport = transportOf(options, (state) => (lastRateLimit = state));

  const request = async <M extends Method, P extends PathsWith<M>>(method: M, path: P, ...rest: OptionsArgument<P, M>) => {
    const answer = await send(transport, { method, path, ...loose(rest) });
    return answer as FdhResponse<P, M>;
  };

  return {
    async get(path, ...rest) {
      return (await request('get', path, ...rest)).data;
    },
    async post(path, ...rest) {
      return (await request('post', path, ...rest)).data;
    },
    request,
    async csv(path, ...rest) {
      return (await send(transport, { ...loose(rest), method: 'get', path, csv: true })).data as string;
    },
    async series(fact, query) {
      return (await request('get', '/openapi/v1/series/{fact}', { params: { fact }, ...(query === undefined ? {} : { query }) })).data;
    },
    table(facts, query) {
      return request('get', '/openapi/v1/series/table', { query: { ...query, facts: facts.join(',') } });
    },
    async searchSeries(q, query) {
      return (await request('get', '/openapi/v1/series', { query: { ...query, q } })).data;
    },
    async *paginate(path, ...rest) {
      const first = loose(rest) ?? {};
      const start = first.query?.cursor;
      let cursor = typeof start === 'string' ? start : undefined;
      do {
        const page = await send(transport, { ...first, method: 'get', path, query: { ...first.query, cursor } });
        yield* page.data as ItemOf<typeof path>[];
        const next = page.meta.nextCursor;
        cursor = typeof next === 'string' ? next : undefined;
      } while (cursor !== undefined);
    },
    get rateLimit() {
      return lastRateLimit;
    },
  };
}
