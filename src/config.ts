import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLAIN_SCHEMA_NAME } from './store/postgres-schema.ts';
import { allowList, DEFAULT_METRICS_ALLOW, defaultMetricsHosts, hostAllowList } from './edge/metrics/access.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema of the store's tables (`FDH_DATABASE_SCHEMA`), created when missing if the role may; absent: the search_path's. */
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so hubs that are not one service can share one Redis (`FDH_REDIS_KEY_PREFIX`). */
  redisKeyPrefix: string;
  plansFile: string;
  logLevel: string;
  /**
   * How many `fdh serve` invocations (machines) share one budget; while Redis is down each
   * process admits budget ÷ (this × `workers`) (contract section 2).
   */
  expectedNodes: number;
  /** Processes this `fdh serve` runs (`--workers`, `FDH_WORKERS`). */
  workers: number;
  /** Failed key attempts allowed per client address per minute. */
  failedAuthPerMinute: number;
  /** Calls refused with 403 (feature) or 404 (unknown path) allowed per key per minute, then 429 for the rest of it (`FDH_REFUSED_CALLS_PER_MINUTE`). */
  refusedCallsPerMinute: number;
  /** Calls of weight 0 (`/usage`) allowed per key per minute, then 429 for the rest of it (`FDH_WEIGHTLESS_CALLS_PER_MINUTE`). */
  weightlessCallsPerMinute: number;
  /** Bytes of prepared answers each process keeps (`FDH_CACHE_MB`). */
  answerCacheBytes: number;
  /** The hub is reached over HTTPS (`FDH_TLS`): the session cookie is marked Secure. */
  tls: boolean;
  /** A dashboard session ends after this long without a request… */
  sessionIdleMs: number;
  /** …and this long after sign-in, whatever the activity. */
  sessionMaxMs: number;
  /** Sign-in attempts allowed per client address and per account per minute. */
  loginAttemptsPerMinute: number;
  /** State-changing dashboard requests allowed per account per minute. */
  dashboardWritesPerMinute: number;
  /** Days the per-minute usage counts are kept. */
  usageRetentionDays: number;
  /** Days audit events are kept (`FDH_AUDIT_RETENTION_DAYS`). */
  auditRetentionDays: number;
  /**
   * Addresses or CIDRs of proxies whose `X-Forwarded-For` is believed (`FDH_TRUSTED_PROXIES`,
   * comma-separated): every per-address limit then counts the client behind them.
   */
  trustedProxies: string[];
  /** How long a client has to send the request line and headers (ms). */
  headersTimeoutMs: number;
  /** How long a client has to send the whole request, body included (ms). */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait idle for its next request (ms). */
  keepAliveTimeoutMs: number;
  /** How long a connection may go without a byte either way before it is closed (ms). */
  socketIdleTimeoutMs: number;
  /** Open connections allowed from one client address; 0: no cap. */
  maxConnectionsPerAddress: number;
  /** Addresses and CIDR ranges that may read `/metrics` (`FDH_METRICS_ALLOW`). */
  metricsAllow: string;
  /** A bearer token that may read `/metrics` from any address (`FDH_METRICS_TOKEN`). */
  metricsToken: string | undefined;
  /** `Host` names a scrape admitted by its address must name (`FDH_METRICS_HOSTS`; src/edge/metrics/access.ts). */
  metricsHosts: string;
  /** The sources file of `fdh sync` (`FDH_SOURCES_FILE`). */
  sourcesFile: string;
  /** The first start on an empty store loads the demo (`FDH_DEMO`, `--no-demo`). */
  demo: boolean;
  /** `fdh serve` runs the sources on their schedules (`FDH_SYNC`, `--sync`). */
  sync: boolean;
  /** How `fdh sync` fetches (docs/data-sources.md). */
  fetch: FetchSettings;
  /** How long archived payloads are kept. */
  archive: ArchiveSettings;
}

export interface FetchSettings {
  /** One request, from sending to the last byte. */
  requestTimeoutMs: number;
  /** One source's whole run, retries and waits included. */
  sourceTimeoutMs: number;
  /** A body larger than this (compressed or not) is refused. */
  maxDownloadBytes: number;
  /** Further attempts after a network error, a timeout, a 429 or a 5xx. */
  retries: number;
  /** The first backoff; each further one doubles, with jitter. */
  retryBaseMs: number;
  /** The longest `Retry-After` waited for; a longer one fails the run. */
  maxRetryAfterMs: number;
  /** How long a run's lease outlives its holder's last heartbeat (renewed every third of it). */
  leaseMs: number;
  /** The heap of the worker thread that runs one source (fetch, parse, import); past it the run fails. */
  workerHeapMb: number;
  /** The operator's e-mail, sent in every request's User-Agent (`FDH_SYNC_CONTACT`); a publisher that asks for one is skipped without it. */
  contact: string | undefined;
}

export interface ArchiveSettings {
  /** Payloads older than this are pruned. */
  maxAgeDays: number;
  /** Past this total the oldest payloads are pruned. */
  maxBytes: number;
}

export const DEFAULT_PLANS_FILE = fileURLToPath(new URL('../config/plans.json', import.meta.url));
export const DEFAULT_SOURCES_FILE = fileURLToPath(new URL('../config/sources.json', import.meta.url));

/**
 * The limits on publisher payloads (`FDH_SYNC_MAX_*`, src/ingest/limits.ts) are read where the
 * bytes are parsed, in a sync run's worker thread or an importer, from the environment: the
 * config file's values join this process's environment (never over a variable already set), so
 * they apply there as the file's other settings apply here.
 */
function exportPayloadLimits(fileSettings: Settings): void {
  for (const [name, value] of Object.entries(fileSettings)) {
    if (name.startsWith('FDH_SYNC_MAX_') && value !== undefined && process.env[name] === undefined) process.env[name] = String(value);
  }
}

/** Settings by their environment-variable name; `fdh.config.json` uses the same names. */
type Settings = Record<string, string | number | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function readConfigFile(cwd: string): Settings {
  const file = resolve(cwd, 'fdh.config.json');
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`fdh.config.json is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('fdh.config.json must hold one JSON object of settings');
  }
  return parsed as Settings;
}

function integerSetting(settings: Settings, name: string, fallback: number, min: number, max: number): number {
  const raw = settings[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got ${String(raw)})`);
  }
  return value;
}

function booleanSetting(settings: Settings, name: string, fallback: boolean): boolean {
  const raw = settings[name];
  if (raw === undefined || raw === '') return fallback;
  const text = String(raw).toLowerCase();
  if (text === 'true' || text === '1' || text === 'on') return true;
  if (text === 'false' || text === '0' || text === 'off') return false;
  throw new Error(`${name} must be on or off (got ${String(raw)})`);
}

/** A comma-separated list of IP addresses or CIDR ranges; each is checked here, so a typo fails at start. */
function addressListSetting(settings: Settings, name: string): string[] {
  const entries = (stringSetting(settings, name) ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  for (const entry of entries) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || rest.length > 0) throw new Error(`${name} must list IP addresses or CIDR ranges, comma-separated (got "${entry}")`);
  }
  return entries;
}

/**
 * An e-mail address, as a publisher reads one in a User-Agent: one `@`, a dotted domain, no
 * space, bracket or control (it is sent in a header), so a typo fails at start.
 */
function emailSetting(settings: Settings, name: string): string | undefined {
  const value = stringSetting(settings, name)?.trim();
  if (value === undefined || value === '') return undefined;
  if (!/^[^\s@()<>,;:"\\[\]\x00-\x1f\x7f]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value)) {
    throw new Error(`${name} must be an e-mail address, like ops@example.org (got ${JSON.stringify(value)})`);
  }
  return value;
}

function stringSetting(settings: Settings, name: string): string | undefined {
  const raw = settings[name];
  if (raw === undefined || raw === '') return undefined;
  return String(raw);
}

function schemaSetting(settings: Settings, name: string): string | undefined {
  const schema = stringSetting(settings, name);
  if (schema !== undefined && !PLAIN_SCHEMA_NAME.test(schema))
    throw new Error(`${name} must be a plain PostgreSQL name: lower-case letters, digits and _, not starting with a digit`);
  return schema;
}

/** Reads the configuration: flags over environment over `fdh.config.json` over defaults. Fails fast. */
export function loadConfig(options: { env?: NodeJS.ProcessEnv; cwd?: string; overrides?: Settings } = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const fileSettings = readConfigFile(cwd);
  const settings: Settings = { ...fileSettings };
  for (const [name, value] of Object.entries(env)) if (name.startsWith('FDH_') && value !== undefined) settings[name] = value;
  if (options.env === undefined) exportPayloadLimits(fileSettings);
  for (const [name, value] of Object.entries(options.overrides ?? {})) if (value !== undefined) settings[name] = value;

  const logLevel = stringSetting(settings, 'FDH_LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`FDH_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const plansFile = stringSetting(settings, 'FDH_PLANS_FILE');
  const sourcesFile = stringSetting(settings, 'FDH_SOURCES_FILE');
  return {
    port: integerSetting(settings, 'FDH_PORT', 8080, 0, 65535),
    host: stringSetting(settings, 'FDH_HOST') ?? '127.0.0.1',
    dataDir: resolve(cwd, stringSetting(settings, 'FDH_DATA_DIR') ?? '.fdh'),
    databaseUrl: stringSetting(settings, 'FDH_DATABASE_URL'),
    databaseSchema: schemaSetting(settings, 'FDH_DATABASE_SCHEMA'),
    redisUrl: stringSetting(settings, 'FDH_REDIS_URL'),
    redisKeyPrefix: stringSetting(settings, 'FDH_REDIS_KEY_PREFIX') ?? 'fdh:',
    plansFile: plansFile === undefined ? DEFAULT_PLANS_FILE : resolve(cwd, plansFile),
    logLevel,
    expectedNodes: integerSetting(settings, 'FDH_EXPECTED_NODES', 1, 1, 1000),
    workers: integerSetting(settings, 'FDH_WORKERS', 1, 1, 64),
    failedAuthPerMinute: integerSetting(settings, 'FDH_FAILED_AUTH_PER_MINUTE', 60, 1, 1_000_000),
    refusedCallsPerMinute: integerSetting(settings, 'FDH_REFUSED_CALLS_PER_MINUTE', 120, 1, 1_000_000),
    weightlessCallsPerMinute: integerSetting(settings, 'FDH_WEIGHTLESS_CALLS_PER_MINUTE', 600, 1, 1_000_000),
    answerCacheBytes: integerSetting(settings, 'FDH_CACHE_MB', 256, 0, 65_536) * 1024 * 1024,
    tls: booleanSetting(settings, 'FDH_TLS', false),
    sessionIdleMs: integerSetting(settings, 'FDH_SESSION_IDLE_MINUTES', 60, 1, 7 * 24 * 60) * 60_000,
    sessionMaxMs: integerSetting(settings, 'FDH_SESSION_MAX_HOURS', 12, 1, 30 * 24) * 3_600_000,
    loginAttemptsPerMinute: integerSetting(settings, 'FDH_LOGIN_ATTEMPTS_PER_MINUTE', 10, 1, 10_000),
    dashboardWritesPerMinute: integerSetting(settings, 'FDH_DASHBOARD_WRITES_PER_MINUTE', 30, 1, 100_000),
    usageRetentionDays: integerSetting(settings, 'FDH_USAGE_RETENTION_DAYS', 90, 1, 3660),
    auditRetentionDays: integerSetting(settings, 'FDH_AUDIT_RETENTION_DAYS', 365, 1, 36_600),
    trustedProxies: addressListSetting(settings, 'FDH_TRUSTED_PROXIES'),
    ...timeouts(settings),
    maxConnectionsPerAddress: integerSetting(settings, 'FDH_MAX_CONNECTIONS_PER_ADDRESS', 256, 0, 1_000_000),
    ...metricsAccess(settings, stringSetting(settings, 'FDH_HOST') ?? '127.0.0.1'),
    sourcesFile: sourcesFile === undefined ? DEFAULT_SOURCES_FILE : resolve(cwd, sourcesFile),
    demo: booleanSetting(settings, 'FDH_DEMO', true),
    sync: booleanSetting(settings, 'FDH_SYNC', false),
    fetch: {
      requestTimeoutMs: integerSetting(settings, 'FDH_SYNC_REQUEST_TIMEOUT_MS', 60_000, 100, HOUR_MS),
      sourceTimeoutMs: integerSetting(settings, 'FDH_SYNC_SOURCE_TIMEOUT_MS', 15 * 60_000, 100, 24 * HOUR_MS),
      maxDownloadBytes: integerSetting(settings, 'FDH_SYNC_MAX_DOWNLOAD_MB', 200, 1, 100_000) * 1024 * 1024,
      retries: integerSetting(settings, 'FDH_SYNC_RETRIES', 4, 0, 20),
      retryBaseMs: integerSetting(settings, 'FDH_SYNC_RETRY_BASE_MS', 1_000, 1, 10 * 60_000),
      maxRetryAfterMs: integerSetting(settings, 'FDH_SYNC_MAX_RETRY_AFTER_S', 300, 0, 24 * 3600) * 1000,
      leaseMs: integerSetting(settings, 'FDH_SYNC_LEASE_S', 45, 2, 3600) * 1000,
      workerHeapMb: integerSetting(settings, 'FDH_SYNC_WORKER_HEAP_MB', 512, 64, 16_384),
      contact: emailSetting(settings, 'FDH_SYNC_CONTACT'),
    },
    archive: {
      maxAgeDays: integerSetting(settings, 'FDH_ARCHIVE_MAX_AGE_DAYS', 90, 1, 36_600),
      maxBytes: integerSetting(settings, 'FDH_ARCHIVE_MAX_MB', 2048, 1, 10_000_000) * 1024 * 1024,
    },
  };
}

/** Who may read `/metrics`; a bad address or range fails the start, not the first scrape. */
function metricsAccess(settings: Settings, listenHost: string): Pick<Config, 'metricsAllow' | 'metricsToken' | 'metricsHosts'> {
  const metricsAllow = stringSetting(settings, 'FDH_METRICS_ALLOW') ?? DEFAULT_METRICS_ALLOW;
  allowList(metricsAllow);
  const metricsHosts = stringSetting(settings, 'FDH_METRICS_HOSTS') ?? defaultMetricsHosts(listenHost);
  hostAllowList(metricsHosts);
  return { metricsAllow, metricsToken: stringSetting(settings, 'FDH_METRICS_TOKEN'), metricsHosts };
}

const HOUR_MS = 3_600_000;

/** Connection timeouts; each must be positive (Node reads 0 as "never"), headers within the request's. */
function timeouts(settings: Settings): Pick<Config, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'socketIdleTimeoutMs'> {
  const headersTimeoutMs = integerSetting(settings, 'FDH_HEADERS_TIMEOUT_MS', 10_000, 100, HOUR_MS);
  const requestTimeoutMs = integerSetting(settings, 'FDH_REQUEST_TIMEOUT_MS', 30_000, 100, HOUR_MS);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`FDH_HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed FDH_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integerSetting(settings, 'FDH_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, HOUR_MS),
    socketIdleTimeoutMs: integerSetting(settings, 'FDH_SOCKET_IDLE_TIMEOUT_MS', 60_000, 100, HOUR_MS),
  };
}
