import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { matchRoute } from './routes-fetch.ts';

/**
 * A local stand-in for the publishers: serves the recorded samples of
 * test/fixtures/publishers/<publisher>/routes.json (and of any other folder given) at the
 * publishers' real paths on a loopback port, with ETag/If-None-Match, gzip when asked, and
 * faults on demand for the failure tests. Every request is recorded.
 */

const PUBLISHERS_DIR = fileURLToPath(new URL('../fixtures/publishers/', import.meta.url));

interface RouteSpec {
  path: string;
  query?: Record<string, string>;
  file: string;
  headers?: Record<string, string>;
  origin?: string;
}

interface Route extends RouteSpec {
  publisher: string;
  body: Buffer;
}

export type Fault =
  /** Answers with this status (a 5xx, a 404…) and a short body: `status N` as text/plain, or the one given (a publisher's JSON error). */
  | { kind: 'status'; status: number; body?: string; contentType?: string }
  /** 429 with `Retry-After: seconds`. */
  | { kind: 'rate-limited'; retryAfterSeconds: number }
  /** Sends the headers, then nothing, ever. */
  | { kind: 'hang' }
  /** Declares the whole length, sends half the body, closes the connection. */
  | { kind: 'cut' }
  /** `Content-Encoding: gzip` whose stream stops half-way (with a matching Content-Length). */
  | { kind: 'truncated-gzip' }
  /** An HTML error page with status 200, as a proxy or a maintenance page serves. */
  | { kind: 'html-200' }
  /** 200 with another body: a file whose layout changed. */
  | { kind: 'body'; body: string; contentType?: string };

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  at: number;
}

export interface PublisherDouble {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next `times` requests whose path is `path` (any path when absent) meet `fault`. */
  fail(fault: Fault, options?: { times?: number; path?: string }): void;
  /** Drops every fault still pending: the next requests are answered. */
  heal(): void;
  /** Replaces a route's file contents from now on (a publisher's new data). */
  setBody(path: string, body: Buffer | string): void;
  close(): Promise<void>;
}

function loadRoutes(dir: string): Route[] {
  const spec = JSON.parse(readFileSync(join(dir, 'routes.json'), 'utf8')) as { publisher: string; routes: RouteSpec[] };
  return spec.routes.map((route) => ({ ...route, publisher: spec.publisher, body: readFileSync(join(dir, route.file)) }));
}

/** Every publisher folder holding a routes.json, or those named. */
function publisherDirs(names: readonly string[] | undefined): string[] {
  const all = existsSync(PUBLISHERS_DIR) ? readdirSync(PUBLISHERS_DIR).filter((name) => existsSync(join(PUBLISHERS_DIR, name, 'routes.json'))) : [];
  return (names ?? all).map((name) => join(PUBLISHERS_DIR, name));
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
}

function sendFault(fault: Fault, response: ServerResponse, route: Route | undefined): void {
  const body = route?.body ?? Buffer.from('');
  switch (fault.kind) {
    case 'status':
      response.writeHead(fault.status, { 'content-type': fault.contentType ?? 'text/plain' }).end(fault.body ?? `status ${fault.status}`);
      return;
    case 'rate-limited':
      response.writeHead(429, { 'retry-after': String(fault.retryAfterSeconds), 'content-type': 'text/plain' }).end('slow down');
      return;
    case 'hang':
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(body.length) });
      response.flushHeaders();
      return;
    case 'cut':
      response.writeHead(200, { ...route?.headers, 'content-length': String(body.length) });
      response.write(body.subarray(0, Math.floor(body.length / 2)), () => response.socket?.destroy());
      return;
    case 'truncated-gzip': {
      const gzipped = gzipSync(body);
      const half = gzipped.subarray(0, Math.floor(gzipped.length / 2));
      response.writeHead(200, { ...route?.headers, 'content-encoding': 'gzip', 'content-length': String(half.length) }).end(half);
      return;
    }
    case 'html-200':
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!DOCTYPE html><html><head><title>Service unavailable</title></head><body><h1>Down for maintenance</h1></body></html>\n');
      return;
    case 'body':
      response.writeHead(200, { 'content-type': fault.contentType ?? 'text/plain' }).end(fault.body);
      return;
  }
}

export async function startPublisherDouble(options: { publishers?: readonly string[]; dirs?: readonly string[] } = {}): Promise<PublisherDouble> {
  const routes = [...publisherDirs(options.publishers), ...(options.dirs ?? [])].flatMap(loadRoutes);
  const requests: RecordedRequest[] = [];
  const faults: { fault: Fault; times: number; path: string | undefined }[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://double');
    requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers, at: Date.now() });
    const route = matchRoute(routes, url);
    const faultIndex = faults.findIndex((f) => f.path === undefined || f.path === url.pathname);
    const pending = faults[faultIndex];
    if (pending !== undefined) {
      pending.times--;
      if (pending.times <= 0) faults.splice(faultIndex, 1);
      sendFault(pending.fault, response, route);
      return;
    }
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('no such route in the double');
      return;
    }
    const etag = etagOf(route.body);
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag }).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = gzip ? gzipSync(route.body) : route.body;
    response.writeHead(200, { ...route.headers, etag, 'content-length': String(body.length), ...(gzip ? { 'content-encoding': 'gzip' } : {}) }).end(body);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    fail(fault, { times = 1, path } = {}) {
      faults.push({ fault, times, path });
    },
    heal() {
      faults.length = 0;
    },
    setBody(path, body) {
      for (const route of routes) if (route.path === path) route.body = Buffer.from(body);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The folder of this repository's sync test samples (not a publisher's: test/fixtures/sync). */
export const SYNC_FIXTURES = join(dirname(PUBLISHERS_DIR.replace(/\/$/, '')), 'sync');
