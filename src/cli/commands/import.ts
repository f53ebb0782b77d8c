import { existsSync } from 'node:fs';
import { loadConfig } from '../../config.ts';
import { openRuntime } from '../../runtime.ts';
import { importFile } from '../../ingest/source.ts';
import { findImporter, importers } from '../../ingest/importers/index.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';

const USAGE = usageOf('import');

function datasetList(): string {
  return importers.length === 0 ? '(no importers are installed yet)' : importers.map((i) => `  ${i.dataset.padEnd(28)} ${i.description}`).join('\n');
}

export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    { 'knowledge-at': { type: 'string' }, 'confirm-withdrawals': { type: 'boolean' }, 'data-dir': { type: 'string' } },
    USAGE,
  );
  const [dataset, file] = positionals;
  if (dataset === undefined || file === undefined || positionals.length !== 2) {
    throw new UsageError(`usage: ${USAGE}\ndatasets:\n${datasetList()}`);
  }
  const importer = findImporter(dataset);
  if (importer === undefined) throw new UsageError(`unknown dataset "${dataset}"; datasets:\n${datasetList()}`);
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  let knowledgeAt: Date | undefined;
  if (values['knowledge-at'] !== undefined) {
    knowledgeAt = new Date(values['knowledge-at']);
    if (Number.isNaN(knowledgeAt.getTime())) throw new UsageError(`--knowledge-at must be an ISO 8601 date-time`);
  }
  const runtime = await openRuntime(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }));
  try {
    const now = runtime.clock.now();
    const result = await importFile(runtime.store.db, importer, file, {
      knowledgeAt: knowledgeAt ?? now,
      loadedAt: now,
      confirmWithdrawals: values['confirm-withdrawals'] === true,
    });
    const said = {
      unchanged: `Unchanged: this file was already loaded as release ${result.releaseId}; nothing added`,
      restored: `Restored: this file is release ${result.releaseId}; the releases since it that the figure rules refuse were taken back (${(result.reverted ?? []).join(', ')})`,
      loaded: `Loaded ${result.rows} rows as release ${result.releaseId}`,
    };
    process.stdout.write(`${said[result.status]}\n`);
  } finally {
    await runtime.close();
  }
  return 0;
}
