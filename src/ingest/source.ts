import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { DatasetKey } from '../store/data-version.ts';
import type { Database } from '../store/schema.ts';
import { writeVersioned } from '../store/versioned-write.ts';
import { randomBase62 } from '../core/auth/api-key.ts';
import { canonicalText, canonicalTextHash } from './canonical-content.ts';
import { fileLines, type NumberedLine } from './file-lines.ts';

export interface ReleaseInfo {
  id: string;
  dataset: string;
  source: string;
  knowledgeAt: string;
}

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
  status: 'loaded' | 'unchanged';
  releaseId: string;
  rows: number;
}

/** Where a release comes from: `fdh import` of a file (the default), or `fdh sync` of a source and its archived payloads. */
export type ImportOrigin = { kind: 'import' } | { kind: 'sync'; sourceId: string; archiveHashes: readonly string[] };

export interface ImportOptions {
  knowledgeAt: Date;
  loadedAt: Date;
  origin?: ImportOrigin;
  /** Runs first in the release's transaction; throwing rolls the import back (the sync lease's fencing check). */
  guard?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * What a release of a whole-file importer is identified by: its content, not its bytes. The same
 * file saved again with a byte-order mark, CRLF line ends or trailing whitespace is the release
 * already loaded.
 */
export function releaseContentHash(importer: Importer, content: string): string {
  return createHash('sha256').update((importer.canonicalForm ?? canonicalText)(content)).digest('hex');
}

export async function importFile(db: Kysely<Database>, importer: AnyImporter, file: string, options: ImportOptions): Promise<ImportResult> {
  const fileName = basename(file);
  let contentHash: string;
  let loadRows: (trx: Transaction<Database>, release: ReleaseInfo) => Promise<number>;
  if (isLineImporter(importer)) {
    contentHash = await canonicalTextHash(fileLines(file));
    loadRows = (trx, release) => importer.load(trx, importer.records(fileLines(file), fileName), release, fileName);
  } else {
    const content = await readFile(file, 'utf8');
    const parsed = importer.parse(content, fileName);
    contentHash = releaseContentHash(importer, content);
    loadRows = (trx, release) => importer.load(trx, parsed, release);
  }
  return writeRelease(db, importer, fileName, contentHash, loadRows, options);
}

/**
 * Imports records already read from a publisher's bytes (`parsed`, exactly the importer's parsed
 * form) as one release named `fileName`, without parsing anything again. The release is
 * identified by `options.contentHash` (`releaseContentHash` of the bytes they were parsed from)
 * or else by the records' JSON text: the same records again are the release already loaded.
 */
export async function importParsed<Parsed>(
  db: Kysely<Database>,
  importer: Importer<Parsed>,
  parsed: Parsed,
  fileName: string,
  options: ImportOptions & { contentHash?: string },
): Promise<ImportResult> {
  // Maps and sets (a parsed form may hold them) are written as their entries, so their content counts.
  const text = JSON.stringify(parsed, (_key, value: unknown) => (value instanceof Map || value instanceof Set ? [...value] : value));
  const contentHash = options.contentHash ?? createHash('sha256').update(text).digest('hex');
  return writeRelease(db, importer, fileName, contentHash, (trx, release) => importer.load(trx, parsed, release), options);
}

/** One release of `importer` identified by `contentHash`, its rows written by `loadRows`, in one transaction; `unchanged` when that content is loaded already. */
async function writeRelease(
  db: Kysely<Database>,
  importer: AnyImporter,
  fileName: string,
  contentHash: string,
  loadRows: (trx: Transaction<Database>, release: ReleaseInfo) => Promise<number>,
  options: ImportOptions,
): Promise<ImportResult> {
  const origin = options.origin ?? { kind: 'import' };
  return writeVersioned<ImportResult>(db, async (trx) => {
    await options.guard?.(trx);
    const existing = await trx
      .selectFrom('release')
      .select('id')
      .where('dataset', '=', importer.dataset)
      .where('content_hash', '=', contentHash)
      .executeTakeFirst();
    if (existing !== undefined) return { result: { status: 'unchanged', releaseId: existing.id, rows: 0 }, changed: [] };
    const release: ReleaseInfo = {
      id: `rel_${randomBase62(16)}`,
      dataset: importer.dataset,
      source: importer.source,
      knowledgeAt: options.knowledgeAt.toISOString(),
    };
    await trx
      .insertInto('release')
      .values({
        id: release.id,
        dataset: release.dataset,
        source: release.source,
        file_name: fileName,
        content_hash: contentHash,
        knowledge_at: release.knowledgeAt,
        loaded_at: options.loadedAt.toISOString(),
        origin: origin.kind,
        source_id: origin.kind === 'sync' ? origin.sourceId : null,
        archive_hashes: origin.kind === 'sync' ? JSON.stringify(origin.archiveHashes) : null,
      })
      .execute();
    const rows = await loadRows(trx, release);
    return { result: { status: 'loaded', releaseId: release.id, rows }, changed: importer.datasets };
  });
}
