import { loadConfig } from '../../config.ts';
import { openRuntime, type Runtime } from '../../runtime.ts';
import { serve } from '../../server.ts';
import { parse, UsageError } from '../args.ts';
import { seedDemo } from './seed.ts';

const USAGE = 'fdh serve [--port N] [--host H] [--data-dir D] [--workers N]';

async function isEmptyStore(runtime: Runtime): Promise<boolean> {
  const db = runtime.store.db;
  const count = async (table: 'release' | 'api_key') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return (await count('release')) === 0 && (await count('api_key')) === 0;
}

/** First start on an empty store: load the demo dataset and print one demo key on plan `pro`. */
async function prepareFirstStart(runtime: Runtime): Promise<void> {
  if (!(await isEmptyStore(runtime))) return;
  process.stdout.write('Empty store: loading the demo dataset…\n');
  const seeded = await seedDemo(runtime.store.db, runtime.clock, {});
  const demo = await runtime.keys.create({ plan: 'pro', name: 'demo' });
  process.stdout.write(
    `Loaded the demo dataset until ${seeded.until} in ${seeded.seconds.toFixed(1)} s.\n` +
      `Demo API key (plan pro, shown once; list keys with \`npx fdh keys list\`):\n\n    ${demo.key}\n\n` +
      `Try: curl -H "X-API-Key: ${demo.key}" http://${runtime.config.host}:${runtime.config.port}/openapi/v1/usage\n`,
  );
}

export async function serveCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' }, workers: { type: 'string' } },
    USAGE,
  );
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"\nusage: ${USAGE}`);
  if (values.workers !== undefined && values.workers !== '1') {
    throw new UsageError('--workers above 1 needs the shared quota (FDH_REDIS_URL); this build serves one process');
  }
  const config = loadConfig({
    overrides: { FDH_PORT: values.port, FDH_HOST: values.host, FDH_DATA_DIR: values['data-dir'] },
  });
  const runtime = await openRuntime(config);
  await prepareFirstStart(runtime);
  const { app, stopped } = await serve(runtime);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  process.stdout.write(`Financial Data Hub serving http://${config.host}:${port} (store: ${runtime.store.location}; docs: /docs)\n`);
  await stopped;
  return 0;
}
