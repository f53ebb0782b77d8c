/**
 * Hostile requests over every operation and every parameter of the served OpenAPI document:
 * overlong strings, unicode, NUL, CRLF, out-of-range and non-finite numbers, impossible dates,
 * SQL and path characters, repeated and array-style parameters, keys spelled into the URL,
 * other methods. Every answer must be the envelope, below 500, within a second; other methods
 * must be 405 (or the key's 401/429); no spelling of the key may reach the log. A second
 * property sends raw bytes to a listening server for what only a socket can carry (request
 * lines and headers too large or malformed for the HTTP parser).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import fc from 'fast-check';
import { createTestHub } from '../helpers/app.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';

const SEED = 18;
const IN_PROCESS_RUNS = 3000;
const RAW_SOCKET_RUNS = 300;
const ANSWER_WITHIN_MS = 1000;

interface ParameterDoc {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: { type?: string | string[]; enum?: unknown[]; default?: unknown; minimum?: number; maximum?: number };
}

interface Operation {
  path: string;
  query: ParameterDoc[];
  pathParameters: ParameterDoc[];
}

/** The operations of the served document: every GET under the API prefix. */
function operationsOf(document: { paths: Record<string, Record<string, { parameters?: ParameterDoc[] }>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    const get = methods.get;
    if (get === undefined || !path.startsWith('/openapi/v1')) continue;
    const parameters = get.parameters ?? [];
    operations.push({ path, query: parameters.filter((p) => p.in === 'query'), pathParameters: parameters.filter((p) => p.in === 'path') });
  }
  return operations;
}

const NON_FINITE = ['Infinity', '-Infinity', '1e309', '-1e309', 'NaN', '+Infinity'];
const HOSTILE_NUMBERS = ['-0', '0', '-1', '0x10', '1e-400', '9007199254740993', '99999999999999999999', '1.5', ' 5', '5 ', '+5', '1_000'];
const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-99-99',
  '2025-02-29',
  '2026-06-19T25:00:00Z',
  '20260619',
  '-2026-01-01',
  '275760-09-14',
  '2026-Q5',
  '2026-00',
];
const SQL_AND_PATHS = [
  "' OR 1=1 --",
  '"; DROP TABLE release; --',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%',
  '%zz',
  '%%',
  '\\',
  '/',
  '?',
  '#',
  '&',
  '=',
  '*',
  '{}',
  '[]',
  '$where',
  '__proto__',
  'constructor',
];
const CONTROL = ['\u0000', '\r\n', '\r\nX-Injected: 1', '\t', '\u001b[31m', '\u2028', '\uFEFF', '\uD800', 'é', '日本', '🙂', 'ｊｐ'];
/** Identifiers of the demo data, so the fuzz reaches past the 404 too. */
const KNOWN_VALUES = [
  'gold',
  'wti-crude',
  'bitcoin',
  'btc',
  '7203',
  '72030',
  '130A',
  'jp',
  'vn',
  'all',
  'JP',
  'US',
  'HN',
  'HCM',
  '113',
  '13',
  '1306',
  '1305',
  'VESAF',
  'EUR/USD',
  'USD/JPY',
  'gdp-growth-rate',
  'inflation-rate',
  '2026-06-18',
  '2026-01-01',
  '2025-12-31',
  '1M',
  '3M',
  '1Y',
  '5d',
  'max',
  'daily',
  'cpi',
];

function schemaValues(parameter: ParameterDoc): fc.Arbitrary<string> {
  const schema = parameter.schema ?? {};
  const values: string[] = [];
  for (const value of schema.enum ?? []) values.push(String(value));
  if (schema.default !== undefined) values.push(String(schema.default));
  if (schema.minimum !== undefined) values.push(String(schema.minimum), String(schema.minimum - 1));
  if (schema.maximum !== undefined) values.push(String(schema.maximum), String(schema.maximum + 1));
  return values.length === 0 ? fc.constantFrom(...KNOWN_VALUES) : fc.constantFrom(...values);
}

/** One value for a parameter: a plausible one, or one from the hostile families. */
function valueFor(parameter: ParameterDoc, key: string): fc.Arbitrary<string> {
  const spelledKey = fc.constantFrom(key, key.toUpperCase(), `apk%5F${key.slice(4)}`, `%61pk_${key.slice(4)}`);
  return fc.oneof(
    { weight: 4, arbitrary: schemaValues(parameter) },
    { weight: 2, arbitrary: fc.constantFrom(...KNOWN_VALUES) },
    { weight: 3, arbitrary: fc.constantFrom(...NON_FINITE) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
    { weight: 2, arbitrary: fc.constantFrom(...SQL_AND_PATHS) },
    { weight: 2, arbitrary: fc.constantFrom(...CONTROL) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer({ min: 100, max: 20_000 }).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: spelledKey },
  );
}

/** `value` percent-encoded as a client should; a lone surrogate, which has no UTF-8, goes as it is. */
function encoded(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A value written into the URL: percent-encoded, or as it came. */
const encodedOrRaw = (value: string) => fc.constantFrom(encoded(value), value);

interface Case {
  method: string;
  url: string;
  withKey: 'valid' | 'none' | 'invalid';
  /** The operation's numeric query parameters, to check what a 200 let through. */
  numeric: ParameterDoc[];
}

const isNumeric = (parameter: ParameterDoc) => parameter.schema?.type === 'integer' || parameter.schema?.type === 'number';

/** The numeric parameter a 200 answered although its value is not a finite number within its declared range. */
function numberLetThrough(url: string, numeric: ParameterDoc[]): string | undefined {
  const query = new URL(url, 'http://localhost').searchParams;
  for (const parameter of numeric) {
    const raw = query.get(parameter.name);
    if (raw === null) continue;
    const value = Number(raw);
    const { minimum, maximum, type } = parameter.schema ?? {};
    const fine =
      Number.isFinite(value) &&
      (type !== 'integer' || Number.isInteger(value)) &&
      (minimum === undefined || value >= minimum) &&
      (maximum === undefined || value <= maximum);
    if (!fine) return `${parameter.name}=${raw}`;
  }
  return undefined;
}

function caseFor(operations: Operation[], key: string): fc.Arbitrary<Case> {
  return fc.constantFrom(...operations).chain((operation) => {
    const pathValues = fc.tuple(...operation.pathParameters.map((parameter) => valueFor(parameter, key).chain(encodedOrRaw)));
    const queryEntries = fc.array(
      fc
        .oneof(
          { weight: 6, arbitrary: fc.constantFrom(...(operation.query.length > 0 ? operation.query : [{ name: 'unknown', in: 'query' } as ParameterDoc])) },
          {
            weight: 1,
            arbitrary: fc.constantFrom<ParameterDoc>(
              { name: 'apiKey', in: 'query' },
              { name: 'x', in: 'query' },
              { name: '__proto__', in: 'query' },
              { name: 'constructor', in: 'query' },
            ),
          },
        )
        .chain((parameter) =>
          fc.tuple(
            fc.oneof(
              { weight: 8, arbitrary: fc.constant(encoded(parameter.name)) },
              { weight: 1, arbitrary: fc.constantFrom(`${parameter.name}[]`, `${parameter.name}[0]`, `${parameter.name}%5B%5D`, `${parameter.name}.x`) },
            ),
            valueFor(parameter, key).chain(encodedOrRaw),
          ),
        ),
      { maxLength: 4 },
    );
    const method = fc.oneof(
      { weight: 12, arbitrary: fc.constant('GET') },
      { weight: 1, arbitrary: fc.constant('HEAD') },
      { weight: 2, arbitrary: fc.constantFrom('POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'MKCOL', 'LOCK', 'SEARCH') },
    );
    const withKey = fc.oneof(
      { weight: 12, arbitrary: fc.constant<'valid'>('valid') },
      { weight: 1, arbitrary: fc.constantFrom<'none' | 'invalid'>('none', 'invalid') },
    );
    return fc.record({ pathValues, queryEntries, method, withKey }).map(({ pathValues: values, queryEntries: entries, method: m, withKey: k }) => {
      let path = operation.path;
      operation.pathParameters.forEach((parameter, i) => {
        path = path.replace(`{${parameter.name}}`, values[i] ?? '');
      });
      const query = entries.map(([name, value]) => `${name}=${value}`).join('&');
      return { method: m, url: query === '' ? path : `${path}?${query}`, withKey: k, numeric: operation.query.filter(isNumeric) };
    });
  });
}

interface EnvelopeLike {
  success?: unknown;
  statusCode?: unknown;
  data?: unknown;
  error?: { code?: unknown; message?: unknown };
  meta?: { timestamp?: unknown };
}

/** The reason `body` is not the envelope of `status`, or undefined when it is. */
function envelopeProblem(status: number, body: string): string | undefined {
  let envelope: EnvelopeLike;
  try {
    envelope = JSON.parse(body) as EnvelopeLike;
  } catch {
    return 'the body is not JSON';
  }
  if (envelope.statusCode !== status) return `statusCode ${String(envelope.statusCode)} in a ${status} answer`;
  if (typeof envelope.meta?.timestamp !== 'string') return 'no meta.timestamp';
  if (status === 200) return envelope.success === true && envelope.data !== undefined ? undefined : 'a 200 without success and data';
  if (envelope.success !== false) return 'an error without success: false';
  if (typeof envelope.error?.code !== 'string') return 'no error.code';
  const message = envelope.error.message;
  const messageOk = typeof message === 'string' || (Array.isArray(message) && message.every((m) => typeof m === 'string'));
  return messageOk ? undefined : 'error.message is neither a string nor strings';
}

test('hostile requests over every operation and parameter of the OpenAPI document: the envelope, below 500, within a second', {
  timeout: 600_000,
}, async (t) => {
  const hub = await createTestHub(t, {
    seed: demoGenerators,
    plans: { plans: { pro: { budget: 1_000_000_000, features: [...FEATURE_CODES] } } },
    // The fuzz sends hundreds of missing and wrong keys, and calls refused with 403 and 404: neither the address nor the key may end up blocked.
    env: { FDH_FAILED_AUTH_PER_MINUTE: '1000000', FDH_REFUSED_CALLS_PER_MINUTE: '1000000', FDH_WEIGHTLESS_CALLS_PER_MINUTE: '1000000' },
  });
  const key = await hub.key('pro');
  const document = (await hub.get('/openapi.json')).json() as Parameters<typeof operationsOf>[0];
  const operations = operationsOf(document);
  assert.ok(operations.length >= 68, `${operations.length} operations in the document`);
  const parameters = operations.reduce((sum, operation) => sum + operation.query.length + operation.pathParameters.length, 0);

  let runs = 0;
  await fc.assert(
    fc.asyncProperty(caseFor(operations, key), async ({ method, url, withKey, numeric }) => {
      runs++;
      const headers: Record<string, string> = withKey === 'valid' ? { 'x-api-key': key } : withKey === 'invalid' ? { 'x-api-key': `${key.slice(0, -1)}0` } : {};
      const started = performance.now();
      const reply = await hub.app.inject({ method: method as 'GET', url, headers });
      const elapsed = performance.now() - started;
      const where = `${method} ${url.slice(0, 300)} → ${reply.statusCode} ${reply.body.slice(0, 300)}`;
      assert.ok(reply.statusCode < 500, where);
      assert.ok(elapsed < ANSWER_WITHIN_MS, `${where}: ${elapsed.toFixed(0)} ms`);
      if (reply.statusCode === 200 || reply.statusCode === 304) {
        const letThrough = numberLetThrough(url, numeric);
        assert.equal(letThrough, undefined, `${where}: answered although ${letThrough ?? ''} is not a finite number in range`);
      }
      if (method === 'HEAD' || reply.statusCode === 304) return;
      // A list asked for as CSV (`format=csv`) answers CSV; its failures are still the envelope.
      if (reply.statusCode === 200 && String(reply.headers['content-type']).startsWith('text/csv')) {
        assert.match(url, /[?&]format=csv(&|$)/, `${where}: CSV although JSON was asked for`);
        return;
      }
      const problem = envelopeProblem(reply.statusCode, reply.body);
      assert.equal(problem, undefined, `${where}: ${problem ?? ''}`);
      // `..` segments may have taken the URL out of the API (the request is normalised as a client would).
      const underApi = new URL(url, 'http://localhost').pathname.startsWith('/openapi/v1/');
      if (method !== 'GET' && withKey === 'valid' && underApi) {
        assert.equal(reply.statusCode, 405, where);
        assert.equal(reply.headers.allow, 'GET, HEAD', where);
      }
    }),
    { seed: SEED, numRuns: IN_PROCESS_RUNS, endOnFailure: true },
  );
  assert.equal(runs, IN_PROCESS_RUNS);
  t.diagnostic(`${runs} cases over ${operations.length} operations and ${parameters} parameters`);

  const decoded = hub.logs.join('').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  assert.ok(!decoded.toLowerCase().includes(key.slice(4, 20).toLowerCase()), 'no spelling of the key reached the log');
});

/** Sends `request` on a fresh connection and resolves with everything read until the server closed it. */
function exchange(port: number, request: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    // Not end(): Node aborts a request whose client half-closes while its answer is on the way.
    socket.write(request);
  });
}

test('hostile bytes on the wire: request lines and headers the HTTP parser refuses still get the envelope', { timeout: 600_000 }, async (t) => {
  const hub = await createTestHub(t, { plans: { plans: { pro: { budget: 1_000_000_000, features: [...FEATURE_CODES] } } } });
  const key = await hub.key('pro');
  await hub.app.listen({ port: 0, host: '127.0.0.1' });
  const address = hub.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  const target = fc.oneof(
    fc.constantFrom('/openapi/v1/usage', '/openapi/v1/crypto', '/openapi/v1/commodities/gold/history', '/openapi/v1/nowhere'),
    fc.string({ unit: 'binary', maxLength: 60 }).map((s) => `/openapi/v1/${s}`),
    fc.integer({ min: 10_000, max: 120_000 }).map((n) => `/openapi/v1/usage?q=${'x'.repeat(n)}`),
  );
  const header = fc.oneof(
    fc.constant(`X-API-Key: ${key}`),
    fc.integer({ min: 10_000, max: 120_000 }).map((n) => `X-Big: ${'y'.repeat(n)}`),
    fc.string({ unit: 'binary', maxLength: 40 }).map((s) => `X-Fuzz: ${s}`),
    fc.constantFrom('Content-Length: -1', 'Content-Length: 1x', 'Transfer-Encoding: chunked, identity', 'Host: \u0000', ': empty-name', 'Bad Header: 1'),
  );
  const request = fc
    .record({
      method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD', 'POST', 'TRACE', 'PROPFIND', 'G\u0000T', 'BREW'),
      target,
      version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/9.9', 'HTTX/1.1'),
      headers: fc.array(header, { maxLength: 3 }),
    })
    .map(({ method, target: path, version, headers }) =>
      Buffer.from(`${method} ${path} ${version}\r\nHost: localhost\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`, 'utf8'),
    );

  let runs = 0;
  await fc.assert(
    fc.asyncProperty(request, async (bytes) => {
      runs++;
      const started = performance.now();
      const response = await exchange(port, bytes);
      const elapsed = performance.now() - started;
      const head = response.slice(0, response.indexOf('\r\n'));
      const where = `${bytes.toString('latin1').slice(0, 200)} → ${response.slice(0, 300)}`;
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
      assert.ok(Number.isInteger(status), `${where}: an HTTP answer`);
      assert.ok(status < 500, where);
      assert.ok(elapsed < ANSWER_WITHIN_MS, `${where}: ${elapsed.toFixed(0)} ms`);
      if (bytes.toString('latin1').startsWith('HEAD ') || status === 304) return;
      const body = response.slice(response.indexOf('\r\n\r\n') + 4);
      // A Connection: close answer without a length would be chunked; these are all sent whole.
      const problem = envelopeProblem(status, body);
      assert.equal(problem, undefined, `${where}: ${problem ?? ''}`);
    }),
    { seed: SEED, numRuns: RAW_SOCKET_RUNS, endOnFailure: true },
  );
  t.diagnostic(`${runs} raw requests`);
});
