import cluster from 'node:cluster';
import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { loadConfig, type Config } from '../../config.ts';
import { openRuntime, type Runtime } from '../../runtime.ts';
import { serve } from '../../server.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';
import { seedDemo } from './seed.ts';
import type { CreatedKey } from '../../accounts/keys.service.ts';
import type { AccountWithPassword } from '../../accounts/accounts.service.ts';
import { writeInitialCredentials } from '../initial-credentials.ts';
import { SyncService } from '../../ingest/sync/sync.service.ts';
import { SyncScheduler } from '../../ingest/sync/scheduler.ts';

const USAGE = usageOf('serve');

async function isEmptyStore(runtime: Runtime): Promise<boolean> {
  const db = runtime.store.db;
  const count = async (table: 'release' | 'api_key' | 'account') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await count('release')) === 0 && (await count('api_key')) === 0 && (await count('account')) === 0;
}

/** The admin account the first start creates; the operator signs in to the dashboard with it. */
const FIRST_ADMIN_EMAIL = 'admin@fdh.local';

/**
 * First start on an empty store: load the demo dataset (unless `FDH_DEMO=off`), create an admin
 * account on plan `pro` and one key of it. The account and the key are written in the seed's
 * transaction: a start that dies half-way leaves the store empty, and the next start does it
 * all again, instead of a seeded store no key opens.
 *
 * The key and the admin's one-time password go to `initial-credentials` in the data directory
 * (its owner only), never to the log stream: standard output is also where the JSON log goes,
 * which operators send to journald or a file. Only a terminal sees them printed.
 */
async function prepareFirstStart(runtime: Runtime): Promise<void> {
  if (!(await isEmptyStore(runtime))) return;
  let admin: AccountWithPassword | undefined;
  let key: CreatedKey | undefined;
  const alongside = async (trx: Transaction<Database>) => {
    admin = await runtime.accounts.create({ email: FIRST_ADMIN_EMAIL, name: 'Administrator', role: 'admin', plan: 'pro' }, trx);
    key = await runtime.keys.create({ accountId: admin.account.id, name: runtime.config.demo ? 'demo' : 'first' }, trx);
  };
  let loaded: string;
  if (runtime.config.demo) {
    process.stdout.write('Empty store: loading the demo dataset…\n');
    const seeded = await seedDemo(runtime.store.db, runtime.clock, { alongside });
    loaded = `Loaded the demo dataset until ${seeded.until} in ${seeded.seconds.toFixed(1)} s.\n`;
  } else {
    await runtime.store.db.transaction().execute(alongside);
    loaded = runtime.config.sync
      ? 'Empty store, no demo (FDH_DEMO=off): the sources run now and then on their schedules (FDH_SYNC=on); `npx fdh sync status` shows how each went.\n'
      : 'Empty store, no demo (FDH_DEMO=off): load real data with `npx fdh sync run` or `npx fdh import`, or start with FDH_SYNC=on to run the sources.\n';
  }
  const base = `http://${runtime.config.host}:${runtime.config.port}`;
  const credentials =
    `API key (plan pro; list keys with \`npx fdh keys list\`):\n\n    ${key?.key ?? '(none)'}\n\n` +
    `Try: KEY=<the key above>; curl -H "X-API-Key: $KEY" ${base}/openapi/v1/usage\n\n` +
    `Dashboard: ${base}/dashboard — sign in as ${FIRST_ADMIN_EMAIL} with this one-time password (you choose a new one at once):\n\n    ${admin?.password ?? '(none)'}\n`;
  const file = writeInitialCredentials(runtime.config.dataDir, credentials);
  process.stdout.write(loaded);
  process.stdout.write(
    process.stdout.isTTY
      ? `${credentials}\n(Also in ${file}, readable by you only.)\n\n`
      : `The API key and the admin's one-time password are in ${file} (readable by its owner only).\n`,
  );
}

/** How many releases the store holds from the demo, and from anything else (imports, syncs). */
async function releaseOrigins(runtime: Runtime): Promise<{ demo: number; real: number }> {
  const count = async (operator: '=' | '<>') =>
    Number(
      (
        await runtime.store.db
          .selectFrom('release')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('origin', operator, 'demo')
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { demo: await count('='), real: await count('<>') };
}

/**
 * Says, at every start, what the store serves and whether the sources run, and warns when
 * `FDH_DEMO=off` meets a store that holds the demo: FDH_DEMO decides only what an empty store is
 * seeded with, so the demo stays until `fdh demo remove`.
 */
async function dataBanner(runtime: Runtime): Promise<string> {
  const { demo, real } = await releaseOrigins(runtime);
  const data = demo > 0 ? (real > 0 ? 'the demo and real data' : 'the demo') : real > 0 ? 'real data' : 'no data yet';
  const sync = runtime.config.sync ? 'on (due sources run now, then on their schedules)' : 'off';
  let text = `Data: ${data}; sync: ${sync}.\n`;
  if (!runtime.config.demo && demo > 0) {
    text +=
      `This store still holds the demo (${demo} demo releases): FDH_DEMO=off only keeps an empty store from being seeded. ` +
      'Remove the demo with `npx fdh demo remove` (imported and synced data, accounts and keys are kept).\n';
    runtime.logger.warn({ demoReleases: demo }, 'FDH_DEMO=off but the store holds the demo; `npx fdh demo remove` removes it');
  }
  return text;
}

function parseWorkers(raw: string): void {
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new UsageError(`--workers must be an integer from 1 to 64 (got "${raw}")`);
}

/**
 * `--workers N`: the primary prepares the store once, then forks N processes that share the
 * port; it forwards SIGTERM/SIGINT and exits 0 when they have all finished their requests.
 */
async function runPrimary(config: Config, workers: number): Promise<number> {
  const runtime = await openRuntime(config);
  try {
    await prepareFirstStart(runtime);
    process.stdout.write(await dataBanner(runtime));
  } finally {
    await runtime.close();
  }
  let stopSignal: NodeJS.Signals | undefined;
  const exits: Promise<boolean>[] = [];
  for (let i = 0; i < workers; i++) {
    const worker = cluster.fork();
    // A worker still starting when the stop signal came ends by that signal: a clean stop too.
    exits.push(new Promise((resolve) => worker.on('exit', (code, signal) => resolve(code === 0 || signal === stopSignal))));
  }
  const forward = (signal: NodeJS.Signals) => {
    stopSignal = signal;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGTERM', () => forward('SIGTERM'));
  process.once('SIGINT', () => forward('SIGINT'));
  const clean = await Promise.all(exits);
  return clean.every(Boolean) ? 0 : 1;
}

/** The sources on their schedules (`FDH_SYNC=on`); every process may run it, each slot runs once (ADR 0018). */
async function startSchedule(runtime: Runtime): Promise<{ stop(): Promise<void> }> {
  const sync = await SyncService.open(runtime);
  const scheduler = new SyncScheduler(sync, runtime.logger);
  await scheduler.start();
  return {
    async stop() {
      await scheduler.stop();
      sync.close();
    },
  };
}

export async function serveCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      workers: { type: 'string' },
      'no-demo': { type: 'boolean' },
      sync: { type: 'boolean' },
    },
    USAGE,
  );
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"\nusage: ${USAGE}`);
  if (values.workers !== undefined) parseWorkers(values.workers);
  // Each worker counts the processes it shares the local fallback budget with (config.workers).
  const config = loadConfig({
    overrides: {
      FDH_PORT: values.port,
      FDH_HOST: values.host,
      FDH_DATA_DIR: values['data-dir'],
      FDH_WORKERS: values.workers,
      FDH_DEMO: values['no-demo'] === true ? 'off' : undefined,
      FDH_SYNC: values.sync === true ? 'on' : undefined,
    },
  });
  const workers = config.workers;
  if (workers > 1 && config.redisUrl === undefined) {
    throw new UsageError('--workers above 1 needs FDH_REDIS_URL: the processes must share one quota');
  }
  if (workers > 1 && cluster.isPrimary) return runPrimary(config, workers);

  const runtime = await openRuntime(config);
  if (cluster.isPrimary) {
    await prepareFirstStart(runtime);
    process.stdout.write(await dataBanner(runtime));
  }
  const background = config.sync ? [await startSchedule(runtime)] : [];
  const { app, stopped } = await serve(runtime, { background });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const who = cluster.isWorker ? ` (worker ${cluster.worker?.id ?? '?'}, pid ${process.pid})` : '';
  process.stdout.write(`Financial Data Hub serving http://${config.host}:${port}${who} (store: ${runtime.store.location}; docs: /docs)\n`);
  await stopped;
  // A worker's channel to the primary would otherwise keep it alive after it has stopped.
  cluster.worker?.disconnect();
  return 0;
}
