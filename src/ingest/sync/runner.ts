import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ArchiveSettings, FetchSettings } from '../../config.ts';
import type { Clock } from '../../core/clock.ts';
import type { Database } from '../../store/schema.ts';
import { fileLines } from '../file-lines.ts';
import { findImporter } from '../importers/index.ts';
import { importFile, isLineImporter, type AnyImporter } from '../source.ts';
import { redactUrl, type Archive } from './archive.ts';
import type { ResolvedSource } from './catalogue.ts';
import { createFetcher, FetchError } from './fetcher.ts';
import type { ImportPayload } from './source-definition.ts';
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

/** Parses a staged payload the way its import will, without writing: a bad payload fails the run before any import. */
async function checkParses(importer: AnyImporter, file: string): Promise<void> {
  const name = basename(file);
  if (isLineImporter(importer)) {
    for await (const record of importer.records(fileLines(file), name)) void record;
  } else {
    importer.parse(await readFile(file, 'utf8'), name);
  }
}

interface Staged {
  importer: AnyImporter;
  file: string;
  payload: ImportPayload;
}

/** Writes each payload to a file named as the publisher's, and parses them all; any failure stops here. */
async function stage(source: ResolvedSource, payloads: readonly ImportPayload[], dir: string): Promise<Staged[]> {
  const staged: Staged[] = [];
  for (const [index, payload] of payloads.entries()) {
    const importer = source.definition.importers.includes(payload.importer) ? findImporter(payload.importer) : undefined;
    if (importer === undefined) throw new Error(`the source produced a payload for importer "${payload.importer}", which it does not name`);
    const file = join(dir, String(index), basename(payload.fileName));
    await mkdir(join(dir, String(index)));
    await writeFile(file, payload.content);
    try {
      await checkParses(importer, file);
    } catch (error) {
      throw new Error(`${payload.fileName}: ${(error as Error).message}`, { cause: error });
    }
    staged.push({ importer, file, payload });
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
  for (const { importer, file, payload } of staged) {
    signal.throwIfAborted();
    const result = await importFile(env.db, importer, file, {
      knowledgeAt: payload.knowledgeAt ?? started,
      loadedAt: env.clock.now(),
      origin: { kind: 'sync', sourceId, archiveHashes: payload.archiveHashes },
      guard: (trx) => repo.fence(trx, lease),
    });
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
