import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ArchiveSettings, FetchSettings } from '../../config.ts';
import type { Clock } from '../../core/clock.ts';
import type { Database } from '../../store/schema.ts';
import { fileLines } from '../file-lines.ts';
import { importFile, importParsed, isLineImporter, releaseContentHash, type ImportOptions, type Importer, type LineImporter } from '../source.ts';
import { redactUrl, type Archive } from './archive.ts';
import type { ResolvedSource } from './catalogue.ts';
import { createFetcher, FetchError } from './fetcher.ts';
import { isParsedPayload, type ImportPayload } from './source-definition.ts';
import { SyncStateRepo, type Lease } from './sync-state.repo.ts';

export interface SyncEnvironment {
  db: Kysely<Database>;
  archive: Archive;
  fetch: FetchSettings;
  archiveLimits: ArchiveSettings;
  clock: Clock;
  logger: Logger;
  /** This process, as lease holder and slot claimant. */
  owner: string;
}

export type RunOutcome =
  | { sourceId: string; status: 'succeeded'; payloads: number; releaseIds: string[]; rowsAdded: number }
  | { sourceId: string; status: 'failed'; error: string }
  | { sourceId: string; status: 'busy'; runningBy: string }
  | { sourceId: string; status: 'skipped'; reason: string };

/** Any URL in a message, with its credential parameters redacted. */
function readable(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/https?:\/\/[^\s"']+/g, (url) => {
    try {
      return redactUrl(url);
    } catch {
      return url;
    }
  });
}

/** Reads every record of a line-based payload's file the way its import will, without writing. */
async function checkRecords(importer: LineImporter, file: string): Promise<void> {
  for await (const record of importer.records(fileLines(file), basename(file))) void record;
}

/**
 * A payload ready to import. A whole-file payload is parsed here, once, and its records are
 * what is loaded; a line-based file is streamed (read through here, so a bad line fails the run
 * before any import, and again as its import writes it).
 */
type Staged =
  | { fileName: string; origin: ImportPayload; importer: Importer; parsed: unknown; contentHash: string | undefined }
  | { fileName: string; origin: ImportPayload; importer: LineImporter; file: string };

/** Parses every payload (bytes of a line-based format written to a file named as the publisher's first); any failure stops here. */
async function stage(source: ResolvedSource, payloads: readonly ImportPayload[], dir: string): Promise<Staged[]> {
  const staged: Staged[] = [];
  for (const [index, payload] of payloads.entries()) {
    if (!source.definition.importers.includes(payload.importer)) {
      throw new Error(`the source produced a payload for importer "${payload.importer.dataset}", which it does not name`);
    }
    const { fileName } = payload;
    try {
      if (isParsedPayload(payload)) {
        staged.push({ fileName, origin: payload, importer: payload.importer, parsed: payload.parsed, contentHash: undefined });
      } else if (isLineImporter(payload.importer)) {
        const file = join(dir, String(index), basename(fileName));
        await mkdir(join(dir, String(index)));
        await writeFile(file, payload.content);
        await checkRecords(payload.importer, file);
        staged.push({ fileName, origin: payload, importer: payload.importer, file });
      } else {
        const content = payload.content.toString('utf8');
        const parsed = payload.importer.parse(content, basename(fileName));
        staged.push({ fileName, origin: payload, importer: payload.importer, parsed, contentHash: releaseContentHash(payload.importer, content) });
      }
    } catch (error) {
      throw new Error(`${fileName}: ${(error as Error).message}`, { cause: error });
    }
  }
  return staged;
}

/** Rejects when the source's time is up, whether or not the source is fetching just then. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/**
 * One run of one source: take its lease, collect through the runner's fetch (every payload
 * archived as it arrives), parse every payload, then import each as a release of origin `sync`
 * fenced by the lease; the cursor and validators are saved only when all imported. Any failure
 * imports nothing more and is recorded on the source with a readable reason.
 */
export async function runSource(env: SyncEnvironment, source: ResolvedSource): Promise<RunOutcome> {
  const sourceId = source.definition.id;
  if (source.skipped !== undefined) return { sourceId, status: 'skipped', reason: source.skipped };
  const repo = new SyncStateRepo(env.db);
  const started = env.clock.now();
  const lease = await repo.acquire(sourceId, env.owner, started, new Date(started.getTime() + env.fetch.sourceTimeoutMs + 60_000));
  if (lease === undefined) {
    return { sourceId, status: 'busy', runningBy: (await repo.get(sourceId, started))?.runningBy ?? 'another process' };
  }
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new FetchError(`the run took longer than ${env.fetch.sourceTimeoutMs / 1000} s (FDH_SYNC_SOURCE_TIMEOUT_MS)`)),
    env.fetch.sourceTimeoutMs,
  );
  const dir = await mkdtemp(join(tmpdir(), 'fdh-sync-'));
  try {
    const outcome = await Promise.race([collectAndImport(env, source, lease, controller.signal, dir, started), untilAborted(controller.signal)]);
    env.logger.info({ sourceId, releases: outcome.releaseIds.length, rows: outcome.rowsAdded }, 'sync run succeeded');
    return outcome;
  } catch (error) {
    const reason = readable(error);
    await repo.failed(lease, env.clock.now(), reason);
    env.logger.warn({ sourceId, reason }, 'sync run failed; nothing imported from it');
    return { sourceId, status: 'failed', error: reason };
  } finally {
    clearTimeout(timer);
    controller.abort(new FetchError('the run is over'));
    await rm(dir, { recursive: true, force: true });
    await env.archive.prune(env.archiveLimits, env.clock.now()).catch((error: unknown) => env.logger.error({ err: error }, 'archive pruning failed'));
  }
}

async function collectAndImport(
  env: SyncEnvironment,
  source: ResolvedSource,
  lease: Lease,
  signal: AbortSignal,
  dir: string,
  started: Date,
): Promise<Extract<RunOutcome, { status: 'succeeded' }>> {
  const repo = new SyncStateRepo(env.db);
  const sourceId = source.definition.id;
  const state = await repo.get(sourceId, started);
  const fetcher = createFetcher({
    settings: env.fetch,
    archive: env.archive,
    publisher: source.definition.publisher,
    minRequestIntervalMs: source.minRequestIntervalMs,
    signal,
    validators: state?.validators ?? {},
    now: () => env.clock.now(),
    onRetry: (message, waitMs) => env.logger.info({ sourceId, waitMs }, `retrying: ${readable(message)}`),
  });
  const collected = await source.definition.collect({
    baseUrl: source.baseUrl,
    params: source.params,
    credentials: source.credentials,
    cursor: state?.cursor,
    now: started,
    fetch: fetcher.fetch,
  });
  const staged = await stage(source, collected.payloads, dir);
  const releaseIds: string[] = [];
  let rowsAdded = 0;
  for (const entry of staged) {
    signal.throwIfAborted();
    const options: ImportOptions = {
      knowledgeAt: entry.origin.knowledgeAt ?? started,
      loadedAt: env.clock.now(),
      origin: { kind: 'sync', sourceId, archiveHashes: entry.origin.archiveHashes },
      guard: (trx) => repo.fence(trx, lease),
    };
    const result =
      'file' in entry
        ? await importFile(env.db, entry.importer, entry.file, options)
        : await importParsed(env.db, entry.importer, entry.parsed, basename(entry.fileName), { ...options, contentHash: entry.contentHash });
    if (result.status === 'loaded') releaseIds.push(result.releaseId);
    rowsAdded += result.rows;
  }
  await repo.succeeded(lease, {
    at: env.clock.now(),
    releaseIds,
    rowsAdded,
    // A source that returns no cursor keeps the one it had.
    cursor: collected.cursor ?? state?.cursor,
    validators: { ...state?.validators, ...fetcher.fresh },
  });
  return { sourceId, status: 'succeeded', payloads: collected.payloads.length, releaseIds, rowsAdded };
}
