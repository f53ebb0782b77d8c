import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Writable } from 'node:stream';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { ManualClock } from '../../src/kernel/clock.ts';
import { createLogger } from '../../src/kernel/logger.ts';
import { openRuntime, type Runtime } from '../../src/runtime.ts';
import { runDemoGenerators, type DemoGenerator } from '../../src/ingest/demo/framework.ts';
import type { Domain } from '../../src/domains/domain.ts';
import { scaledOutEnv } from './stores.ts';
import { writeVersioned } from '../../src/store/versioned-write.ts';
import type { DatasetKey } from '../../src/kernel/data-versions.ts';

/** A fixed instant used by tests unless they pick their own: mid-minute, mid-day, UTC. */
export const TEST_NOW = '2026-06-19T08:45:30.000Z';

export interface TestHub {
  app: FastifyInstance;
  runtime: Runtime;
  clock: ManualClock;
  config: Config;
  dataDir: string;
  /** Every log line written while the app ran. */
  logs: string[];
  /** Creates a key and returns its secret. */
  key(plan?: string, options?: { scopes?: string[]; expiresAt?: string; name?: string }): Promise<string>;
  get(url: string, key?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /**
   * Announces that a test wrote `datasets` straight into the store (importers and the seed do
   * it in their transaction): prepared answers are keyed on the data versions.
   */
  changed(...datasets: DatasetKey[]): Promise<void>;
  /** Another serving process on the same store (and Redis): its own runtime, caches and app. */
  sibling(): Promise<{ app: FastifyInstance; runtime: Runtime }>;
}

export interface TestHubOptions {
  now?: string;
  /** Plans file contents (JSON) to use instead of the shipped default. */
  plans?: unknown;
  /** Demo generators to run into the fresh store before the app starts. */
  seed?: readonly DemoGenerator[];
  until?: string;
  env?: Record<string, string>;
  /** Domains to serve instead of the catalogue's. */
  domains?: readonly Domain[];
  /** Runs on the opened runtime before the app is built (to swap a port's adapter). */
  beforeBuild?: (runtime: Runtime) => void;
  /** A data directory whose files (the SQLite store, the archive) the hub starts from, copied. */
  copyDataDir?: string;
  /** The PostgreSQL schema to use instead of a fresh one of its own (scaled-out pass only). */
  schema?: string;
}

/** Where a helper registers what to close and remove when done: a test's context, or a script's own list. */
export interface Cleanups {
  after(fn: () => unknown): void;
}

/** A hub on a fresh store in its own temporary directory, closed and removed after the test. */
export async function createTestHub(t: Cleanups, options: TestHubOptions = {}): Promise<TestHub> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-test-'));
  const scaledOut = scaledOutEnv();
  // Registered first so a hub that fails to open still leaves nothing behind.
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  if (options.copyDataDir !== undefined) cpSync(options.copyDataDir, dataDir, { recursive: true });
  const env: Record<string, string> = { FDH_DATA_DIR: dataDir, FDH_LOG_LEVEL: 'info', ...scaledOut.env, ...options.env };
  if (options.plans !== undefined) {
    const plansFile = join(dataDir, 'plans.json');
    writeFileSync(plansFile, JSON.stringify(options.plans));
    env.FDH_PLANS_FILE = plansFile;
  }
  const config = loadConfig({ env, cwd: dataDir });
  const clock = new ManualClock(options.now ?? TEST_NOW);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const overrides = {
    clock,
    logger: createLogger(config.logLevel, sink),
    ...(scaledOut.schema === undefined ? {} : { schema: options.schema ?? scaledOut.schema }),
    ...(scaledOut.redisKeyPrefix === undefined ? {} : { redisKeyPrefix: scaledOut.redisKeyPrefix }),
  };
  const runtime = await openRuntime(config, overrides);
  let app: FastifyInstance | undefined;
  t.after(async () => {
    await app?.close();
    await runtime.close();
  });
  if (options.seed !== undefined) {
    await runDemoGenerators(runtime.store.db, options.seed, {
      until: options.until ?? clock.now().toISOString().slice(0, 10),
      scale: 'small',
    });
  }
  options.beforeBuild?.(runtime);
  app = await buildApp(runtime, options.domains === undefined ? {} : { domains: options.domains });
  return {
    app,
    runtime,
    clock,
    config,
    dataDir,
    logs,
    async key(plan = 'pro', keyOptions = {}) {
      return (await runtime.keys.create({ plan, ...keyOptions })).key;
    },
    get(url, key, headers = {}) {
      return app.inject({ method: 'GET', url, headers: { ...(key === undefined ? {} : { 'x-api-key': key }), ...headers } });
    },
    async changed(...datasets) {
      await writeVersioned(runtime.store.db, async () => ({ result: undefined, changed: datasets }));
    },
    async sibling() {
      const other = await openRuntime(config, overrides);
      const otherApp = await buildApp(other, options.domains === undefined ? {} : { domains: options.domains });
      t.after(async () => {
        await otherApp.close();
        await other.close();
      });
      return { app: otherApp, runtime: other };
    },
  };
}
