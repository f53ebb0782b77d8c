import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createTestHub, type Cleanups, type TestHub, type TestHubOptions } from './app.ts';
import { runSchemaPrefix, snapshotPrefix, testDatabaseUrl, testStore } from './stores.ts';

/**
 * A store built once per test run and copied by every test file that needs the same one, so an
 * expensive fill (one sync of every publisher's samples) runs once per pass instead of once per
 * file. The copy is whole: the data directory (the SQLite store, the archive) and, on the
 * scaled-out pass, a PostgreSQL database made from the built one as a template. A run without an
 * id (a test file run on its own) builds for itself and keeps nothing.
 */
export interface StoreSnapshot<Extra> {
  dataDir: string;
  databaseUrl?: string;
  schema?: string;
  /** What the build returned beside the store (JSON). */
  extra: Extra;
}

/** Only a run of the runner (which sets its id and removes its snapshots after each pass) keeps snapshots. */
const keeps = process.env.FDH_TEST_RUN_ID !== undefined;

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrlNamed(name: string): string {
  const url = new URL(testDatabaseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Builds the store with `build` on a hub of `options`, in a database of its own on the
 * scaled-out pass, and keeps a copy under `dir` once the hub is closed.
 */
async function buildSnapshot<Extra>(
  dir: string,
  name: string,
  options: TestHubOptions,
  build: (hub: TestHub, scope: Cleanups) => Promise<Extra>,
): Promise<StoreSnapshot<Extra>> {
  const cleanups: (() => unknown)[] = [];
  const scope: Cleanups = { after: (fn) => cleanups.push(fn) };
  let databaseUrl: string | undefined;
  let schema: string | undefined;
  if (testStore === 'postgres') {
    const database = `${snapshotPrefix()}_${name}`;
    await admin(testDatabaseUrl ?? '', (client) => client.query(`create database ${database}`));
    databaseUrl = databaseUrlNamed(database);
    schema = `${runSchemaPrefix()}${name}`;
  }
  const hub = await createTestHub(scope, {
    ...options,
    env: { ...options.env, ...(databaseUrl === undefined ? {} : { FDH_DATABASE_URL: databaseUrl }) },
    schema,
  });
  try {
    const extra = await build(hub, scope);
    // createTestHub registers its directory's removal first: close everything else, copy, then remove.
    for (const cleanup of cleanups.slice(1).reverse()) await cleanup();
    mkdirSync(join(dir, 'data'), { recursive: true });
    cpSync(hub.dataDir, join(dir, 'data'), { recursive: true });
    return { dataDir: join(dir, 'data'), databaseUrl, schema, extra };
  } finally {
    await cleanups[0]?.();
  }
}

/** A hub on a copy of `snapshot`, closed and removed (its database dropped) after the test. */
async function hubFrom<Extra>(t: Cleanups, snapshot: StoreSnapshot<Extra>, options: TestHubOptions): Promise<TestHub> {
  let env = options.env;
  let clone: string | undefined;
  if (snapshot.databaseUrl !== undefined) {
    const template = new URL(snapshot.databaseUrl).pathname.slice(1);
    clone = `${template}_${randomBytes(5).toString('hex')}`;
    const name = clone;
    // Copies of one template made at once may meet: PostgreSQL refuses a template another session holds.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin(testDatabaseUrl ?? '', (client) => client.query(`create database ${name} template ${template}`));
        break;
      } catch (error) {
        if (attempt >= 50 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await sleep(100);
      }
    }
    env = { ...env, FDH_DATABASE_URL: databaseUrlNamed(clone) };
  }
  const hub = await createTestHub(t, { ...options, env, copyDataDir: snapshot.dataDir, schema: snapshot.schema });
  if (clone !== undefined) {
    const name = clone;
    t.after(() => admin(testDatabaseUrl ?? '', (client) => client.query(`drop database if exists ${name} with (force)`)));
  }
  return hub;
}

/**
 * A hub on the store named `name` of this test run: the first caller builds it with `build`
 * (given a hub of `options`) and every later one, in any test file of the run, gets a copy.
 * `options` must not depend on the caller (a copy carries the builder's store, not its options),
 * apart from its environment's paths, which each caller gives its own.
 */
export async function snapshotHub<Extra>(
  t: Cleanups,
  name: string,
  options: TestHubOptions,
  build: (hub: TestHub, scope: Cleanups) => Promise<Extra>,
): Promise<{ hub: TestHub; extra: Extra }> {
  if (!keeps) {
    const hub = await createTestHub(t, options);
    return { hub, extra: await build(hub, t) };
  }
  const dir = join(tmpdir(), `${snapshotPrefix()}_${testStore}_${name}`);
  const ready = join(dir, 'snapshot.json');
  let snapshot: StoreSnapshot<Extra> | undefined;
  try {
    mkdirSync(dir);
    const built = await buildSnapshot(dir, name, options, build);
    writeFileSync(`${ready}.tmp`, JSON.stringify(built));
    renameSync(`${ready}.tmp`, ready);
    snapshot = built;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      writeFileSync(join(dir, 'failed'), String(error));
      throw error;
    }
    // Another test file builds it: wait for its copy (a failed build leaves each to build its own).
    while (!existsSync(ready) && !existsSync(join(dir, 'failed'))) await sleep(200);
    if (existsSync(ready)) snapshot = JSON.parse(readFileSync(ready, 'utf8')) as StoreSnapshot<Extra>;
  }
  if (snapshot === undefined) {
    const hub = await createTestHub(t, options);
    return { hub, extra: await build(hub, t) };
  }
  return { hub: await hubFrom(t, snapshot, options), extra: snapshot.extra };
}
