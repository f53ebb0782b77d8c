import { loadConfig } from '../../config.ts';
import { printable } from '../../core/printable.ts';
import { factRegistry, factsText } from '../../facts/registry.ts';
import { feedingSources } from '../../ingest/sync/coverage/sources-coverage.ts';
import { loadSourcesFile } from '../../ingest/sync/sources-file.ts';
import { parse, UsageError } from '../args.ts';

const USAGE = 'fdh facts [--json]';

/** `fdh facts`: every figure the hub serves, with its unit, frequency, sources and fields; reads no store. */
export async function factsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, 'data-dir': { type: 'string' } }, USAGE);
  if (positionals.length > 0) throw new UsageError(`fdh facts takes no argument; usage: ${USAGE}`);
  const file = loadSourcesFile(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }).sourcesFile);
  const facts = factRegistry(await feedingSources(file));
  process.stdout.write(values.json === true ? `${JSON.stringify(facts, null, 2)}\n` : factsText(facts).split('\n').map(printable).join('\n'));
  return 0;
}
