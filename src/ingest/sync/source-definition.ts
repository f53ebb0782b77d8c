/**
 * The source port of `fdh sync`: a source knows where and when to ask a publisher and what it
 * asked last (its cursor); the sync runner (runner.ts) owns how to ask (timeouts, retries with
 * backoff and `Retry-After`, conditional GET, size limits, gzip), archives every payload as it
 * arrived, and imports what the source returns through the importer it names, as one release
 * per payload. A source never writes to the store and never catches a fetch failure: any
 * thrown error fails the run, and a failed run imports nothing.
 *
 * Typed from end to end: a source's `params` is a TypeBox schema its parameters (defaults
 * overlaid with the sources file's) are checked against when the sources file loads, so
 * `collect` receives them typed; its importers are references to the importer objects; and
 * each payload is parsed once (the publisher's bytes by the importer, or records the source
 * already read from them, loaded as they are).
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { StoredFact } from '../../facts/names.ts';
import type { AnyImporter, Importer } from '../source.ts';

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
  /**
   * The most this answer may weigh, when the publisher's document is known to be far smaller than
   * FDH_SYNC_MAX_DOWNLOAD_MB (a page of 250 coins): a larger answer is refused as it arrives.
   */
  limit?: { bytes: number; why: string };
  /**
   * The file may not be published (yet): a 404 or 410 answers `{ notModified: true, absent: true }`
   * instead of failing the run, for a source that finds the newest edition by its stable name.
   */
  absentOk?: boolean;
}

export type FetchResult =
  /** Nothing to read: unchanged since the last run (304), or, for an `absentOk` request, not published (`absent`). */
  | { notModified: true; url: string; absent?: true }
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

export interface CollectContext<Params = unknown> {
  /** The publisher's base URL without a trailing slash. */
  baseUrl: string;
  /** The source's parameters: its shipped defaults overlaid with the sources file's, checked against its `params` schema. */
  params: Params;
  /** Credential values by environment-variable name; only those present. */
  credentials: Record<string, string>;
  /** The cursor the last successful run returned, if any. */
  cursor: SourceCursor | undefined;
  now: Date;
  /** Fetches through the runner (retries, limits, archive); throws a FetchError when it gives up. */
  fetch(request: SourceRequest): Promise<FetchResult>;
}

/** Where a payload came from: its release's file name, the archived bytes it was read from, and when it became known. */
export interface PayloadOrigin {
  /** A file name for the release and the messages (e.g. `eurofxref-hist.csv`). */
  fileName: string;
  /** sha256 names of the archived payloads this was made from. */
  archiveHashes: string[];
  /** When the publisher says the figures became known; absent: the fetch time. */
  knowledgeAt?: Date;
}

/** Bytes in the importer's own format (the publisher's file as fetched): parsed once, by the importer. */
export interface BytesPayload extends PayloadOrigin {
  importer: AnyImporter;
  content: Buffer;
}

/**
 * Records a source already read from the publisher's bytes (merged pages, a workbook's rows),
 * exactly the importer's parsed form: loaded as they are, never re-parsed. The release is
 * identified by their JSON text.
 */
export interface ParsedPayload<P = unknown> extends PayloadOrigin {
  importer: Importer<P>;
  parsed: P;
}

/** One payload to import, as one release. */
export type ImportPayload = BytesPayload | ParsedPayload;

export function parsedPayload<P>(importer: Importer<P>, parsed: P, origin: PayloadOrigin): ParsedPayload<P> {
  return {
    importer,
    parsed,
    fileName: origin.fileName,
    archiveHashes: origin.archiveHashes,
    ...(origin.knowledgeAt === undefined ? {} : { knowledgeAt: origin.knowledgeAt }),
  };
}

export const isParsedPayload = (payload: ImportPayload): payload is ParsedPayload => 'parsed' in payload;

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

export interface SourceDefinition<ParamsSchema extends TSchema = TSchema> {
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
  /**
   * The parameters the sources file may set (`sources.<id>.params`): checked, overlaid on
   * `defaultParams`, when the file loads; a bad value refuses the file naming its JSON path.
   */
  params: ParamsSchema;
  defaultParams: Static<ParamsSchema>;
  /** False for a source that needs the operator's parameters before it can run (default true). */
  enabledByDefault?: boolean;
  credentials: CredentialSpec[];
  /**
   * The publisher refuses clients whose User-Agent names no contact: why, in its words and with
   * its policy's address. Without `FDH_SYNC_CONTACT` the source is skipped, saying this.
   */
  needsContact?: string;
  /** The importers this source may produce payloads for. */
  importers: readonly AnyImporter[];
  /**
   * The stored facts this source fills (names.ts `storedFacts`), for `fdh sync coverage`: a table (`equity_bar`) or a
   * table and the key of one series in it (`macro_observation:us.cpi`,
   * `instrument_close:fx:USD/JPY`, `crypto_metric:btc_funding_rate`). A trailing `*` stands for
   * any key with that start (`macro_observation:jp.fdi.*`); src/facts/patterns.ts reads them, the routes' declared reads
   * (src/coverage/) says which endpoint fields read them. Every shipped source declares
   * it (a test checks each fact is one an endpoint reads); a source without it feeds nothing.
   */
  feeds?: StoredFact[];
  /**
   * The part of `feeds` the source fills with `params` (as the sources file sets them), for a
   * source whose parameters name what it reads (a list of feeds the operator fills): it feeds
   * nothing more than this. Without it, `feeds` whatever the parameters.
   */
  configuredFeeds?(params: Static<ParamsSchema>): readonly StoredFact[];
  /** Minimum gap between two requests to this publisher (its documented rate limit), in ms. */
  minRequestIntervalMs?: number;
  collect(context: CollectContext<Static<ParamsSchema>>): Promise<CollectResult>;
}

/** The `params` of a source that takes none: the sources file may set none either. */
export const NoParams = Type.Object({}, { additionalProperties: false });

/** A source definition whose `collect` receives its parameters typed by its `params` schema. */
export function defineSource<ParamsSchema extends TSchema>(definition: SourceDefinition<ParamsSchema>): SourceDefinition<ParamsSchema> {
  return definition;
}
