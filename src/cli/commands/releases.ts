import { loadConfig } from '../../config.ts';
import { openRuntime } from '../../runtime.ts';
import type { ReleaseOrigin } from '../../store/schema.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';
import { printable } from '../../kernel/printable.ts';
import { revertRelease, RevertRefused } from '../../ingest/release-revert.ts';
import { writeVersioned } from '../../store/versioned-write.ts';

const USAGE = usageOf('releases');
const ORIGINS: readonly ReleaseOrigin[] = ['demo', 'import', 'sync'];

/** `fdh releases revert RELEASE`: takes one release back (release-revert.ts). */
async function revertCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { 'data-dir': { type: 'string' } }, USAGE);
  const [releaseId] = positionals;
  if (releaseId === undefined || positionals.length !== 1) throw new UsageError(`name one release to take back\nusage: ${USAGE}`);
  const runtime = await openRuntime(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }));
  try {
    const outcome = await writeVersioned(runtime.store.db, async (trx) => {
      const reverted = await revertRelease(trx, releaseId, runtime.clock.now());
      return { result: reverted, changed: reverted.changed };
    });
    process.stdout.write(
      `${printable(`Reverted release ${outcome.releaseId}: ${outcome.figuresRemoved} of its figures no longer served, ${outcome.closesRestored} closes served again as before it`)}\n`,
    );
    return 0;
  } catch (error) {
    if (!(error instanceof RevertRefused)) throw error;
    process.stderr.write(`fdh releases revert: ${printable(error.message)}\n`);
    return 2;
  } finally {
    await runtime.close();
  }
}

/** `fdh releases`: the releases, newest first, each with where it came from. */
export async function releasesCommand(args: string[]): Promise<number> {
  if (args[0] === 'revert') return revertCommand(args.slice(1));
  const { values, positionals } = parse(
    args,
    { origin: { type: 'string' }, limit: { type: 'string' }, json: { type: 'boolean' }, 'data-dir': { type: 'string' } },
    USAGE,
  );
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"\nusage: ${USAGE}`);
  const origin = values.origin as ReleaseOrigin | undefined;
  if (origin !== undefined && !ORIGINS.includes(origin)) throw new UsageError(`--origin must be one of ${ORIGINS.join(', ')} (got "${origin}")`);
  const limit = Number(values.limit ?? 50);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100_000) throw new UsageError(`--limit must be an integer from 1 to 100000 (got "${values.limit}")`);
  const runtime = await openRuntime(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }));
  try {
    let query = runtime.store.db
      .selectFrom('release')
      .select(['id', 'dataset', 'origin', 'file_name', 'source_id', 'archive_hashes', 'knowledge_at', 'loaded_at', 'reverted_at'])
      .orderBy('loaded_at', 'desc')
      .orderBy('id')
      .limit(limit);
    if (origin !== undefined) query = query.where('origin', '=', origin);
    const releases = (await query.execute()).map((row) => ({
      id: row.id,
      dataset: row.dataset,
      origin: row.origin,
      fileName: row.file_name,
      sourceId: row.source_id,
      archiveHashes: row.archive_hashes === null ? [] : (JSON.parse(row.archive_hashes) as string[]),
      knowledgeAt: row.knowledge_at,
      loadedAt: row.loaded_at,
      revertedAt: row.reverted_at,
    }));
    if (values.json === true) {
      process.stdout.write(`${JSON.stringify(releases, null, 2)}\n`);
      return 0;
    }
    for (const release of releases) {
      const from =
        release.origin === 'sync'
          ? `sync of ${release.sourceId ?? '?'} (archive ${release.archiveHashes.join(', ')})`
          : release.origin === 'import'
            ? `import of ${release.fileName ?? '?'}`
            : 'demo';
      const reverted = release.revertedAt === null ? '' : `  (reverted ${release.revertedAt})`;
      process.stdout.write(`${printable(`${release.id}  ${release.dataset.padEnd(24)} ${release.loadedAt}  ${from}${reverted}`)}\n`);
    }
    if (releases.length === 0) process.stdout.write('No releases.\n');
    return 0;
  } finally {
    await runtime.close();
  }
}
