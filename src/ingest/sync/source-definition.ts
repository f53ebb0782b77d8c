/**
 * The source port of `fdh sync`: a source knows where and when to ask a publisher and what it
 * asked last (its cursor); the sync runner (runner.ts) owns how to ask (timeouts, retries with
 * backoff and `Retry-After`, conditional GET, size limits, gzip), archives every payload as it
 * arrived, and imports what the source returns through the importer it names, as one release
 * per payload. A source never writes to the store and never catches a fetch failure: any
 * thrown error fails the run, and a failed run imports nothing.
 */

/** One HTTP request a source asks the runner to make. */
export interface SourceRequest {
  /** Absolute URL: the publisher's base URL (from the sources file) plus the documented path. */
  url: string;
  headers?: Record<string, string>;
  /**
   * Send `If-None-Match` / `If-Modified-Since` from the validators the runner kept for this URL
   * (default true). A 304 answers `{ notModified: true }`.
   */
  conditional?: boolean;
}

export type FetchResult =
  | { notModified: true; url: string }
  | {
      notModified: false;
      url: string;
      status: number;
      headers: Record<string, string>;
      /** The body as it arrived, decompressed from any transfer `Content-Encoding`. */
      body: Buffer;
      /** sha256 (hex) of `body`, the name of its archived copy. */
      archiveHash: string;
    };

/** What a source carries over from one run to the next (Singer's state): JSON, source-defined. */
export type SourceCursor = Record<string, unknown>;

export interface CollectContext {
  /** The publisher's base URL without a trailing slash. */
  baseUrl: string;
  /** The source's parameters: its shipped defaults overlaid with the sources file's. */
  params: Record<string, unknown>;
  /** Credential values by environment-variable name; only those present. */
  credentials: Record<string, string>;
  /** The cursor the last successful run returned, if any. */
  cursor: SourceCursor | undefined;
  now: Date;
  /** Fetches through the runner (retries, limits, archive); throws a FetchError when it gives up. */
  fetch(request: SourceRequest): Promise<FetchResult>;
}

/** One payload to import: bytes in the named importer's format, as one release. */
export interface ImportPayload {
  /** The `dataset` of an importer in src/ingest/importers. */
  importer: string;
  /** A file name for the release and the messages (e.g. `eurofxref-hist.csv`). */
  fileName: string;
  content: Buffer;
  /** sha256 names of the archived payloads this was made from. */
  archiveHashes: string[];
  /** When the publisher says the figures became known; absent: the fetch time. */
  knowledgeAt?: Date;
}

export interface CollectResult {
  /** In import order; empty when nothing changed (every answer was 304, or nothing new). */
  payloads: ImportPayload[];
  /** The cursor for the next run, saved only if every payload imported. */
  cursor: SourceCursor | undefined;
}

export interface CredentialSpec {
  /** Environment variable holding the value; never logged, never stored. */
  env: string;
  required: boolean;
  /** Where a user gets one (for `docs/data-sources.md` and the skip line). */
  howToGet: string;
}

export interface SourceDefinition {
  /** Unique, kebab-case: `ecb-eurofxref-hist`. */
  id: string;
  /** Publisher id of the sources file: `ecb`, `fred`, `coingecko`, `jquants`, `jba`, `rss`, `mlit`, … */
  publisher: string;
  description: string;
  /** The publisher's live base URL; the sources file's `publishers.<id>.baseUrl` replaces it. */
  defaultBaseUrl: string;
  /** Cron (5 fields) in `timeZone`. */
  defaultSchedule: string;
  /** IANA zone of the publisher, in which the schedule is read. */
  timeZone: string;
  defaultParams: Record<string, unknown>;
  /** False for a source that needs the operator's parameters before it can run (default true). */
  enabledByDefault?: boolean;
  credentials: CredentialSpec[];
  /** The importer datasets this source may produce payloads for. */
  importers: string[];
  /**
   * The stored facts this source fills, for `fdh sync coverage`: a table (`equity_bar`) or a
   * table and the key of one series in it (`macro_observation:us.cpi`,
   * `instrument_close:fx:USD/JPY`, `crypto_metric:btc_funding_rate`). A trailing `*` stands for
   * any key with that start (`macro_observation:jp.fdi.*`); facts.ts reads them, endpoint-facts.ts
   * (src/ingest/sync/coverage/) says which endpoint fields read them. Every shipped source declares
   * it (a test checks each fact is one an endpoint reads); a source without it feeds nothing.
   */
  feeds?: string[];
  /** Minimum gap between two requests to this publisher (its documented rate limit), in ms. */
  minRequestIntervalMs?: number;
  collect(context: CollectContext): Promise<CollectResult>;
}
