import { loadConfig } from '../../config.ts';
import { printable } from '../../kernel/printable.ts';
import { factRegistry, factsMarkdown, factsText } from '../../facts/registry.ts';
import { READING_ENDPOINTS } from '../../domains/index.ts';
import { feedingSources } from '../../coverage/sources-coverage.ts';
import { loadSourcesFile } from '../../ingest/sync/sources-file.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';

const USAGE = usageOf('facts');

/** `fdh facts`: every figure the hub serves, with its unit, frequency, sources and fields; reads no store. */
export async function factsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, markdown: { type: 'boolean' }, 'data-dir': { type: 'string' } }, USAGE);
  if (values.json === true && values.markdown === true) throw new UsageError(`--json and --markdown exclude each other; usage: ${USAGE}`);
  if (positionals.length > 0) throw new UsageError(`fdh facts takes no argument; usage: ${USAGE}`);
  const file = loadSourcesFile(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }).sourcesFile);
  const facts = factRegistry(await feedingSources(file), READING_ENDPOINTS);
  if (values.json === true) process.stdout.write(`${JSON.stringify(facts, null, 2)}\n`);
  else process.stdout.write((values.markdown === true ? factsMarkdown(facts) : factsText(facts)).split('\n').map(printable).join('\n'));
  return 0;
}
