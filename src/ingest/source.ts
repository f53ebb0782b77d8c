import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import type { DatasetKey } from '../store/data-version.ts';
import type { Database } from '../store/schema.ts';
import { writeVersioned } from '../store/versioned-write.ts';
import { randomBase62 } from '../core/auth/api-key.ts';
import { canonicalText } from './canonical-content.ts';

export interface ReleaseInfo {
  id: string;
  dataset: string;
  source: string;
  knowledgeAt: string;
}

/**
 * The importer port: a publisher file becomes one release (contract section 7). `parse` must
 * reject a malformed file before anything is written; `load` writes inside the release's
 * transaction, so a failure anywhere leaves the store as it was.
 */
export interface Importer<Parsed = unknown> {
  /** The DATASET argument of `fdh import`. */
  dataset: string;
  description: string;
  /** Publisher named in the release and the served `source`. */
  source: string;
  /** The dataset keys a load changes: their versions are bumped with it. */
  datasets: readonly DatasetKey[];
  parse(content: string, fileName: string): Parsed;
  /** The form of the content a release is identified by (canonical-content.ts); line-based text unless given. */
  canonicalForm?: (content: string) => string;
  load(db: Transaction<Database>, parsed: Parsed, release: ReleaseInfo): Promise<number>;
}

export class ImportError extends Error {}

export interface ImportResult {
  status: 'loaded' | 'unchanged';
  releaseId: string;
  rows: number;
}

export async function importFile(
  db: Kysely<Database>,
  importer: Importer,
  file: string,
  options: { knowledgeAt: Date; loadedAt: Date },
): Promise<ImportResult> {
  const content = await readFile(file, 'utf8');
  const parsed = importer.parse(content, basename(file));
  // A release is identified by its content, not its bytes: the same file saved again with a
  // byte-order mark, CRLF line ends or trailing whitespace is the release already loaded.
  const canonicalForm = importer.canonicalForm ?? canonicalText;
  const contentHash = createHash('sha256').update(canonicalForm(content)).digest('hex');
  return writeVersioned<ImportResult>(db, async (trx) => {
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
        file_name: basename(file),
        content_hash: contentHash,
        knowledge_at: release.knowledgeAt,
        loaded_at: options.loadedAt.toISOString(),
      })
      .execute();
    const rows = await importer.load(trx, parsed, release);
    return { result: { status: 'loaded', releaseId: release.id, rows }, changed: importer.datasets };
  });
}
