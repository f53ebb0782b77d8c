import type { FetchSettings } from '../../config.ts';
import { openStore, type StoreAddress } from '../../store/db.ts';
import { bumpVersions } from '../../store/data-version.ts';
import type { VersionKey } from '../../kernel/data-versions.ts';
import { commitRelease, prepareContent, prepareParsed, type PreparedRelease } from '../source.ts';
import { sources as shippedSources } from '../sources/index.ts';
import { Archive, validatorKey } from './archive.ts';
import { loadCatalogue } from './catalogue.ts';
import { diskFullReason } from './failure-reason.ts';
import { createFetcher, publisherPacing } from './fetcher.ts';
import { isParsedPayload, type ImportPayload, type SourceDefinition } from './source-definition.ts';
import type { SourcesFile } from './sources-file.ts';
import { SyncStateRepo, type Lease } from './sync-state.repo.ts';

/** Everything a worker thread needs to run one source: plain data, as `workerData` carries it. */
export interface SourceRunRequest {
  store: StoreAddress;
  /** The sources file's modules, where a source that is not shipped is defined. */
  modulePaths: string[];
  sourceId: string;
  baseUrl: string;
  params: unknown;
  credentials: Record<string, string>;
  minRequestIntervalMs: number;
  fetch: FetchSettings;
  archiveDir: string;
  lease: Lease;
  /** When the last request of an earlier run to the source's publisher ended (epoch ms), to keep its gap. */
  publisherLastRequestEnd: number | undefined;
  /** The run's start on the calling process's clock (tests fix it); the worker's clock runs on from it. */
  startedAt: string;
}

export interface SucceededRun {
  sourceId: string;
  status: 'succeeded';
  payloads: number;
  releaseIds: string[];
  rowsAdded: number;
  /** What the importers skipped as unusable, counted (absent when nothing was). */
  notes?: string[];
}

export interface SourceRunResult {
  outcome: SucceededRun;
  /** The version keys the run's transaction bumped. */
  changed: VersionKey[];
}

/** What the worker tells the runner at the end, whatever the outcome. */
export interface RunEnd {
  publisher: string;
  /** When the run's last request to its publisher ended (epoch ms), if it made any. */
  lastRequestEnd: number | undefined;
}

/** A wait the run is in (a retry's backoff, the publisher's request gap): shown as progress, and named if the run's time runs out in it. */
export interface RunWait {
  /** What is waited for, for a person: `waiting 5 min for vietcombank's request gap …`. */
  message: string;
  /** When the wait ends (epoch ms). */
  until: number;
}

/** What the worker tells the runner: log lines and waits as they come, then the outcome. */
export type WorkerMessage =
  | { kind: 'log'; level: 'info' | 'warn'; fields: Record<string, unknown>; message: string }
  | ({ kind: 'wait' } & RunWait)
  | ({ kind: 'done' } & SourceRunResult & RunEnd)
  | ({ kind: 'failed'; message: string } & RunEnd);

export type RunLog = (level: 'info' | 'warn', fields: Record<string, unknown>, message: string) => void;

/** `45 s`, `5 min`: a wait as a person reads it. */
function waitText(ms: number): string {
  return ms < 120_000 ? `${Math.ceil(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

export async function definitionOf(request: SourceRunRequest): Promise<SourceDefinition> {
  const catalogue = await loadCatalogue(shippedSources, { modulePaths: request.modulePaths } as SourcesFile);
  const definition = catalogue.find((candidate) => candidate.id === request.sourceId);
  if (definition === undefined) throw new Error(`no source "${request.sourceId}" in the catalogue`);
  return definition;
}

/** The shortest request gap said as progress. */
const GAP_SHOWN_MS = 5_000;

/** Reads one payload the way its importer reads it, once: a payload that does not parse fails the run. */
async function prepare(definition: SourceDefinition, payload: ImportPayload): Promise<PreparedRelease> {
  if (!definition.importers.includes(payload.importer))
    throw new Error(`the source produced a payload for importer "${payload.importer.dataset}", which it does not name`);
  return isParsedPayload(payload)
    ? prepareParsed(payload.importer, payload.parsed, payload.fileName)
    : prepareContent(payload.importer, payload.content, payload.fileName);
}

/** Runs `step` for `payload`; its failure is named by the payload's file, once (most importers' messages start with it already). */
async function namedAfter<T>(payload: ImportPayload, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const message = (error as Error).message;
    throw message.startsWith(`${payload.fileName}:`) ? error : new Error(`${payload.fileName}: ${message}`, { cause: error });
  }
}

/**
 * One run of one source, inside the worker thread that holds it: collect every payload (each
 * archived as it arrives), parse each payload once, then, in ONE transaction fenced by the run's
 * lease, write each as a release, record the run's success and cursor, and bump the versions of
 * what changed. Any failure rolls everything back, so a run is served whole or not at all; a
 * killed thread or process leaves no open transaction behind.
 */
export async function runSourceInWorker(request: SourceRunRequest, log: RunLog, wait: (wait: RunWait) => void = () => {}): Promise<SourceRunResult> {
  const startedMs = Date.parse(request.startedAt);
  const startedTick = performance.now();
  const now = (): Date => new Date(startedMs + (performance.now() - startedTick));
  const definition = await definitionOf(request);
  publisherPacing.carryIn(definition.publisher, request.publisherLastRequestEnd);
  const store = await openStore({ ...request.store, create: false });
  try {
    const repo = new SyncStateRepo(store.db);
    const started = new Date(startedMs);
    const state = await repo.get(request.sourceId);
    const secrets = Object.values(request.credentials);
    // Keyed with the credential values masked: an entry kept in clear by an older hub is re-keyed, and so dropped from the store.
    const validators = Object.fromEntries(Object.entries(state?.validators ?? {}).map(([url, known]) => [validatorKey(url, secrets), known]));
    const fetcher = createFetcher({
      settings: request.fetch,
      archive: new Archive(request.archiveDir),
      publisher: definition.publisher,
      minRequestIntervalMs: request.minRequestIntervalMs,
      signal: new AbortController().signal,
      validators,
      now,
      onRetry: (message, waitMs) => {
        log('info', { sourceId: request.sourceId, waitMs }, `retrying: ${message}`);
        wait({ message: `retrying in ${waitText(waitMs)} after ${message}`, until: Date.now() + waitMs });
      },
      onGap: (waitMs) => {
        // A gap this short passes unnoticed; a longer one (vietcombank's 5 minutes) is said.
        if (waitMs >= GAP_SHOWN_MS)
          wait({
            message: `waiting ${waitText(waitMs)} for ${definition.publisher}'s request gap (its minimum interval between requests)`,
            until: Date.now() + waitMs,
          });
      },
      secrets,
    });
    const collected = await definition.collect({
      baseUrl: request.baseUrl,
      params: request.params,
      credentials: request.credentials,
      cursor: state?.cursor,
      now: started,
      fetch: fetcher.fetch,
    });
    // Prepare, then commit: every payload is parsed before the transaction opens, so the store's
    // write lock is held only while rows are written (a line-based file is parsed as it is written).
    const prepared: { payload: ImportPayload; release: PreparedRelease }[] = [];
    for (const payload of collected.payloads) prepared.push({ payload, release: await namedAfter(payload, () => prepare(definition, payload)) });
    const releaseIds: string[] = [];
    const notes: string[] = [];
    const changed = new Set<VersionKey>();
    let rowsAdded = 0;
    await store.db.transaction().execute(async (trx) => {
      await repo.fence(trx, request.lease);
      for (const { payload, release } of prepared) {
        const { result, changed: keys } = await namedAfter(payload, () =>
          commitRelease(trx, release, {
            knowledgeAt: payload.knowledgeAt ?? started,
            loadedAt: now(),
            origin: { kind: 'sync', sourceId: request.sourceId, archiveHashes: payload.archiveHashes },
          }),
        );
        if (result.status === 'loaded') releaseIds.push(result.releaseId);
        if (result.status === 'restored') {
          notes.push(
            `${payload.fileName}: the content of release ${result.releaseId} again; took back ${(result.reverted ?? []).join(', ')}, which the figure rules refuse`,
          );
        }
        notes.push(...(result.notes ?? []).map((note) => `${payload.fileName}: ${note}`));
        rowsAdded += result.rows;
        for (const key of keys) changed.add(key);
      }
      await repo.succeeded(trx, request.lease, {
        at: now(),
        releaseIds,
        rowsAdded,
        // A source that returns no cursor keeps the one it had.
        cursor: collected.cursor ?? state?.cursor,
        validators: { ...validators, ...fetcher.fresh },
      });
      await bumpVersions(trx, [...changed]);
    });
    return {
      outcome: {
        sourceId: request.sourceId,
        status: 'succeeded',
        payloads: collected.payloads.length,
        releaseIds,
        rowsAdded,
        ...(notes.length > 0 ? { notes } : {}),
      },
      changed: [...changed],
    };
  } catch (error) {
    // Said here, where the store's place is known: a full disk is the operator's to fix, whatever step it stopped.
    const full = diskFullReason(error, { store: store.location, archive: request.archiveDir });
    throw full === undefined ? error : new Error(full);
  } finally {
    await store.close();
  }
}
