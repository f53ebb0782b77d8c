/**
 * `npm run bench`: every endpoint of the catalogue against a bare node:http server that sends
 * the very bytes the hub answered. Seeds the demo into a temporary data dir (the embedded store)
 * or a temporary PostgreSQL schema, starts `fdh serve`,
 * takes each endpoint's first (cold) answer, then loads the hub and the bare server in turn
 * (`measure.ts`) and prints hub req/s ÷ bare req/s per endpoint with a summary. Each server
 * runs in its own process; autocannon drives them from this one. Loopback only, bounded in time.
 *
 * Options (environment): BENCH_SCALE (small | full, default small), BENCH_SECONDS (load on each
 * server per endpoint and variant, in slices of about 1 s; default 1.5, two slices of 0.75 s,
 * about 10 minutes in all on two cores), BENCH_CONNECTIONS (default 20), BENCH_ONLY (measure
 * only the paths that contain this text), BENCH_GZIP (both | off | only: the variants without
 * and with `Accept-Encoding: gzip`, default both), BENCH_JSON (also write the results to this
 * file as JSON), BENCH_STORE (sqlite | postgres, default sqlite) with BENCH_DATABASE_URL (the
 * PostgreSQL database for `postgres`: the bench makes a schema `fdh_bench_<random>` there, seeds
 * and serves from it, and drops it at the end, also after a failure; the quota stays in-process),
 * e.g. `BENCH_STORE=postgres BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench`.
 * With BENCH_IMPORT_ROWS set, it then loads an operator's observations file of that many lines
 * into a fresh store of the same kind and prints the line `npm run bench:import` prints
 * (bench/operator-import.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX } from '../src/edge/route.ts';
import { getAnswer, jsonBytes, type Answer } from './answer.ts';
import type { BareAnswer } from './bare-server.ts';
import { catalogueOf, type OpenApiDocument } from './catalogue.ts';
import { compare, rate } from './measure.ts';
import { importLine, importRows, measureOperatorImport } from './operator-import.ts';
import { report, VARIANT_TITLES, type Row, type Variant } from './report.ts';
import { seedHub, startBare, startHub, type Server } from './servers.ts';
import { postgresBenchStore, sqliteBenchStore, type BenchStore } from './store.ts';

function choice<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
  const value = process.env[name] ?? fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
}

const SCALE = choice('BENCH_SCALE', ['small', 'full'], 'small');
const SECONDS = positive('BENCH_SECONDS', 1.5);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 20);
const ONLY = process.env.BENCH_ONLY;
const VARIANTS = ({ both: ['identity', 'gzip'], off: ['identity'], only: ['gzip'] } as const satisfies Record<string, readonly [Variant, ...Variant[]]>)[
  choice('BENCH_GZIP', ['both', 'off', 'only'], 'both')
];
const JSON_FILE = process.env.BENCH_JSON;
const STORE = choice('BENCH_STORE', ['sqlite', 'postgres'], 'sqlite');
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
if (STORE === 'postgres' && DATABASE_URL === undefined) throw new Error('BENCH_STORE=postgres needs BENCH_DATABASE_URL');

const log = (line: string) => process.stderr.write(`${line}\n`);

async function okAnswer(url: string, headers: Record<string, string>): Promise<Answer> {
  const answer = await getAnswer(url, headers);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  return answer;
}

/**
 * The first answer of each endpoint, in catalogue order. A request to an unknown API path goes
 * first, so the first endpoint does not also pay for the process's first authenticated request.
 */
async function coldLatencies(hubUrl: string, paths: string[], headers: Record<string, string>): Promise<Map<string, number>> {
  await getAnswer(`${hubUrl}${API_PREFIX}/bench-warm-up`, headers);
  const cold = new Map<string, number>();
  for (const path of paths) cold.set(path, (await okAnswer(hubUrl + path, headers)).ms);
  return cold;
}

interface Kept {
  variant: Variant;
  path: string;
  headers: Record<string, string>;
  answer: Answer;
}

/** One answer of each endpoint in each variant, the bytes the bare server will send. */
async function keepAnswers(hubUrl: string, paths: string[], headersOf: (variant: Variant) => Record<string, string>): Promise<Kept[]> {
  const kept: Kept[] = [];
  for (const path of paths) {
    for (const variant of VARIANTS) kept.push({ variant, path, headers: headersOf(variant), answer: await okAnswer(hubUrl + path, headersOf(variant)) });
  }
  return kept;
}

const bareAnswerOf = ({ path, headers, answer }: Kept): BareAnswer => ({
  path,
  acceptEncoding: headers['accept-encoding'] ?? '',
  headers: answer.headers,
  base64: answer.body.toString('base64'),
});

async function main(): Promise<void> {
  const started = Date.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'fdh-bench-'));
  const servers: Server[] = [];
  let store: BenchStore = sqliteBenchStore;
  try {
    if (DATABASE_URL !== undefined && STORE === 'postgres') store = await postgresBenchStore(DATABASE_URL, dataDir);
    log(`seeding the ${SCALE} demo into ${dataDir} (${store.label})`);
    const { env, key } = await seedHub(dataDir, SCALE, store.env);
    const hub = await startHub(env, join(dataDir, 'hub.log'));
    servers.push(hub);
    const headersOf = (variant: Variant): Record<string, string> =>
      variant === 'gzip' ? { 'x-api-key': key, 'accept-encoding': 'gzip' } : { 'x-api-key': key };

    const document = (await (await fetch(`${hub.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    const paths = catalogueOf(document).filter((path) => ONLY === undefined || path.includes(ONLY));
    if (paths.length === 0) throw new Error(`no endpoint path contains ${ONLY}`);
    const cold = await coldLatencies(hub.baseUrl, paths, headersOf(VARIANTS[0]));
    const kept = await keepAnswers(hub.baseUrl, paths, headersOf);
    const bare = await startBare(kept.map(bareAnswerOf), join(dataDir, 'bare-answers.json'));
    servers.push(bare);

    const rows: Row[] = [];
    for (const [i, { variant, path, headers, answer }] of kept.entries()) {
      const loads = await compare(hub.baseUrl + path, bare.baseUrl + path, headers, { seconds: SECONDS, connections: CONNECTIONS });
      const ratio = rate(loads.hub) / rate(loads.bare);
      rows.push({ variant, path, coldMs: cold.get(path) ?? Number.NaN, bytes: answer.body.length, jsonBytes: jsonBytes(answer), ...loads, ratio });
      log(`[${i + 1}/${kept.length}] ${variant.padEnd(8)} ${path}  ${rate(loads.hub).toFixed(0)} / ${rate(loads.bare).toFixed(0)} req/s = ${ratio.toFixed(3)}`);
    }

    const { text, summaries, worstCold } = report(VARIANTS, rows);
    process.stdout.write(
      `\n${SCALE} demo on ${store.label}, ${CONNECTIONS} connections, ${SECONDS} s on each server per endpoint in alternating slices; ` +
        `ratio = hub req/s ÷ bare req/s; cold = the first answer after the start (${VARIANT_TITLES[VARIANTS[0]]}); paths below ${API_PREFIX}\n` +
        text +
        `(${((Date.now() - started) / 60_000).toFixed(1)} min)\n`,
    );
    if (process.env.BENCH_IMPORT_ROWS !== undefined) {
      log(`loading an operator observations file of ${process.env.BENCH_IMPORT_ROWS} lines`);
      process.stdout.write(
        importLine(await measureOperatorImport({ rows: importRows(1_000_000), databaseUrl: STORE === 'postgres' ? DATABASE_URL : undefined })),
      );
    }
    if (JSON_FILE !== undefined) {
      writeFileSync(
        JSON_FILE,
        `${JSON.stringify({ scale: SCALE, store: STORE, seconds: SECONDS, connections: CONNECTIONS, rows, summaries, worstCold }, null, 2)}\n`,
      );
    }
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await store.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
