import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { DatasetKey } from '../kernel/data-versions.ts';
import type { Database } from '../store/schema.ts';
import { writeVersioned, type VersionedWrite } from '../store/versioned-write.ts';
import type { ReleaseInfo } from '../store/loader.ts';
import { tallyFacts, writeReleaseFacts } from '../store/release-facts.ts';
import { randomBase62 } from '../edge/auth/api-key.ts';
import { canonicalText, canonicalTextHash } from './canonical-content.ts';
import { contentLines, fileLines, type NumberedLine } from './file-lines.ts';
import { releaseFigureGuard } from './publisher-figures.ts';
import { refusedByRules, revertRelease } from './release-revert.ts';

export type { ReleaseInfo } from '../store/loader.ts';

interface ImporterInfo {
  /** The DATASET argument of `fdh import`. */
  dataset: string;
  description: string;
  /** Publisher named in the release and the served `source`. */
  source: string;
  /** The dataset keys a load changes: their versions are bumped with it. */
  datasets: readonly DatasetKey[];
}

/**
 * The importer port: a publisher file becomes one release (contract section 7). `parse` must
 * reject a malformed file before anything is written; `load` writes inside the release's
 * transaction, so a failure anywhere leaves the store as it was. The whole file is read into
 * memory: for formats that are one document (JSON, XML).
 */
export interface Importer<Parsed = unknown> extends ImporterInfo {
  parse(content: string, fileName: string): Parsed;
  /** The form of the content a release is identified by (canonical-content.ts); line-based text unless given. */
  canonicalForm?: (content: string) => string;
  load(db: Transaction<Database>, parsed: Parsed, release: ReleaseInfo): Promise<number>;
  /** What the parse left out as unusable, counted, for the run's outcome and the log (`2 coins skipped: …`). */
  notes?(parsed: Parsed): string[];
}

/**
 * An importer of a line-based file that never holds the whole file: `records` parses the
 * publisher's lines as a stream, and `load` (usually `recordsInto(mapping)` from loader.ts)
 * writes them in batches inside the release's transaction, so memory stays bounded whatever the
 * file's size, and an error on any line (reported with that line) rolls the whole release back.
 * The release is identified by the file's canonical text (`canonicalText`).
 */
export interface LineImporter<Record = unknown> extends ImporterInfo {
  /** The file's records, one at a time; throws ImportError naming the line of the first problem. */
  records(lines: AsyncIterable<NumberedLine>, fileName: string): AsyncIterable<Record>;
  /** Writes the records; `fileName` for the messages of problems only the store can see (a duplicate). */
  load(db: Transaction<Database>, records: AsyncIterable<Record>, release: ReleaseInfo, fileName: string): Promise<number>;
}

export type AnyImporter = Importer | LineImporter;

export const isLineImporter = (importer: AnyImporter): importer is LineImporter => 'records' in importer;

export { ImportError } from './import-error.ts';

export interface ImportResult {
  /** `restored`: the content is an earlier release's, and the releases since that today's figure rules refuse were taken back. */
  status: 'loaded' | 'unchanged' | 'restored';
  releaseId: string;
  rows: number;
  /** The releases a `restored` result took back. */
  reverted?: string[];
  /** The importer's notes on what it skipped, when it skipped anything. */
  notes?: string[];
}

/** Where a release comes from: `fdh import` of a file (the default), or `fdh sync` of a source and its archived payloads. */
export type ImportOrigin = { kind: 'import' } | { kind: 'sync'; sourceId: string; archiveHashes: readonly string[] };

export interface ImportOptions {
  knowledgeAt: Date;
  loadedAt: Date;
  origin?: ImportOrigin;
  /** The operator confirms a withdrawal larger than a file may make unasked (instrument-closes.ts). */
  confirmWithdrawals?: boolean;
}

/**
 * One payload made ready to become a release: it has been read (and, but for a line-based
 * file, parsed) once, and is identified by its content; `write` puts its rows inside the
 * release's transaction.
 */
export interface PreparedRelease {
  importer: AnyImporter;
  fileName: string;
  contentHash: string;
  notes: string[];
  write(trx: Transaction<Database>, release: ReleaseInfo): Promise<number>;
}

const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Parses a one-document payload. A release is identified by its content, not its bytes: the
 * same file saved again with a byte-order mark, CRLF line ends or trailing whitespace is the
 * release already loaded.
 */
function prepareDocument<Parsed>(importer: Importer<Parsed>, content: string, fileName: string): PreparedRelease {
  const parsed = importer.parse(content, fileName);
  const contentHash = sha256Hex((importer.canonicalForm ?? canonicalText)(content));
  return { importer, fileName, contentHash, notes: importer.notes?.(parsed) ?? [], write: (trx, release) => importer.load(trx, parsed, release) };
}

/** A line-based payload is hashed as it streams past, and parsed while its rows are written: it is never held whole. */
async function prepareLines(importer: LineImporter, lines: () => AsyncIterable<NumberedLine>, fileName: string): Promise<PreparedRelease> {
  const contentHash = await canonicalTextHash(lines());
  return { importer, fileName, contentHash, notes: [], write: (trx, release) => importer.load(trx, importer.records(lines(), fileName), release, fileName) };
}

/** A publisher file on disk (`fdh import`). */
export async function prepareFile(importer: AnyImporter, file: string): Promise<PreparedRelease> {
  const fileName = basename(file);
  if (isLineImporter(importer)) return prepareLines(importer, () => fileLines(file), fileName);
  return prepareDocument(importer, await readFile(file, 'utf8'), fileName);
}

/** A publisher's bytes as fetched (`fdh sync`), in the importer's format. */
export async function prepareContent(importer: AnyImporter, content: Buffer, fileName: string): Promise<PreparedRelease> {
  if (isLineImporter(importer)) return prepareLines(importer, () => contentLines(content, fileName), fileName);
  return prepareDocument(importer, content.toString('utf8'), fileName);
}

/** Records a source already read from the publisher's bytes: identified by their canonical JSON, loaded as they are. */
export function prepareParsed<Parsed>(importer: Importer<Parsed>, parsed: Parsed, fileName: string): PreparedRelease {
  // Maps and sets (a parsed form may hold them) are written as their entries, so their content counts.
  const text = JSON.stringify(parsed, (_key, value: unknown) => (value instanceof Map || value instanceof Set ? [...value] : value));
  return {
    importer,
    fileName,
    contentHash: sha256Hex(text),
    notes: importer.notes?.(parsed) ?? [],
    write: (trx, release) => importer.load(trx, parsed, release),
  };
}

/**
 * A payload whose content an earlier standing release of its dataset already has: unchanged,
 * unless releases of the same file came in since that today's figure rules refuse (a
 * publisher's lie, loaded before the rules or by a path that skipped them). Then the true
 * content's return takes those back, so every answer is again what the true content gave.
 */
async function earlierContent(trx: Transaction<Database>, prepared: PreparedRelease, at: Date): Promise<VersionedWrite<ImportResult> | undefined> {
  const existing = await trx
    .selectFrom('release')
    .select(['id', 'loaded_at'])
    .where('dataset', '=', prepared.importer.dataset)
    .where('content_hash', '=', prepared.contentHash)
    .where('reverted_at', 'is', null)
    .orderBy('loaded_at', 'desc')
    .executeTakeFirst();
  if (existing === undefined) return undefined;
  const since = await trx
    .selectFrom('release')
    .select('id')
    .where('dataset', '=', prepared.importer.dataset)
    .where('file_name', '=', prepared.fileName)
    .where('reverted_at', 'is', null)
    .where('loaded_at', '>', existing.loaded_at)
    .orderBy('loaded_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const reverted: string[] = [];
  const changed = new Set<DatasetKey>();
  for (const { id } of since) {
    if (!(await refusedByRules(trx, id))) continue;
    for (const key of (await revertRelease(trx, id, at)).changed) changed.add(key);
    reverted.push(id);
  }
  if (reverted.length === 0) return { result: { status: 'unchanged', releaseId: existing.id, rows: 0 }, changed: [] };
  return { result: { status: 'restored', releaseId: existing.id, rows: 0, reverted }, changed: [...changed] };
}

/**
 * Writes a prepared payload as one release inside `trx`, unless a release of the same dataset
 * already has its content. Answers what it did and the dataset keys whose versions must rise.
 */
export async function commitRelease(trx: Transaction<Database>, prepared: PreparedRelease, options: ImportOptions): Promise<VersionedWrite<ImportResult>> {
  const { importer } = prepared;
  const earlier = await earlierContent(trx, prepared, options.loadedAt);
  if (earlier !== undefined) return earlier;
  const origin = options.origin ?? { kind: 'import' };
  const release: ReleaseInfo = {
    id: `rel_${randomBase62(16)}`,
    dataset: importer.dataset,
    source: importer.source,
    knowledgeAt: options.knowledgeAt.toISOString(),
    ...(options.confirmWithdrawals === true ? { confirmWithdrawals: true } : {}),
  };
  await trx
    .insertInto('release')
    .values({
      id: release.id,
      dataset: release.dataset,
      source: release.source,
      file_name: prepared.fileName,
      content_hash: prepared.contentHash,
      knowledge_at: release.knowledgeAt,
      loaded_at: options.loadedAt.toISOString(),
      origin: origin.kind,
      source_id: origin.kind === 'sync' ? origin.sourceId : null,
      archive_hashes: origin.kind === 'sync' ? JSON.stringify(origin.archiveHashes) : null,
    })
    .execute();
  tallyFacts(trx, releaseFigureGuard(release.knowledgeAt));
  const rows = await prepared.write(trx, release);
  await writeReleaseFacts(trx, release.id);
  const notes = prepared.notes.length > 0 ? { notes: prepared.notes } : {};
  return { result: { status: 'loaded', releaseId: release.id, rows, ...notes }, changed: importer.datasets };
}

/** `fdh import`: one file as one release, in its own transaction. */
export async function importFile(db: Kysely<Database>, importer: AnyImporter, file: string, options: ImportOptions): Promise<ImportResult> {
  const prepared = await prepareFile(importer, file);
  return writeVersioned<ImportResult>(db, (trx) => commitRelease(trx, prepared, options));
}
