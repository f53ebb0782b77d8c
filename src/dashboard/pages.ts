import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientModules } from './client-modules.ts';

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

const JAVASCRIPT = 'text/javascript; charset=utf-8';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': JAVASCRIPT,
  '.css': 'text/css; charset=utf-8',
};

/** Everything the pages load comes from the hub itself: no CDN, no inline script or style. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

interface Asset {
  body: Buffer;
  type: string;
}

function asset(path: string): Asset {
  const type = TYPES[extname(path)];
  if (type === undefined) throw new Error(`no content type for ${path}`);
  return { body: readFileSync(path), type };
}

/** The pages' own files, the chart library straight from its npm package and the typed client as JavaScript. */
function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(PUBLIC_DIR)) if (name !== 'index.html') assets.set(`assets/${name}`, asset(join(PUBLIC_DIR, name)));
  for (const name of ['uPlot.esm.js', 'uPlot.min.css']) {
    assets.set(`vendor/${name}`, asset(fileURLToPath(import.meta.resolve(`uplot/dist/${name}`))));
  }
  for (const [name, code] of clientModules()) assets.set(`client/${name}`, { body: Buffer.from(code), type: JAVASCRIPT });
  return assets;
}

function send(reply: FastifyReply, file: Asset): FastifyReply {
  return reply
    .header('content-type', file.type)
    .header('cache-control', 'no-cache')
    .header('content-security-policy', CONTENT_SECURITY_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .send(file.body);
}

/**
 * The account dashboard at `/dashboard`: one HTML page, plain ES modules and CSS, routed in the
 * browser (`#/keys`, `#/usage`, …), calling the hub through the typed client served under
 * `/dashboard/client/`. Files are read once at start-up; only those listed are served.
 */
export function registerDashboardPages(app: FastifyInstance): void {
  const page = asset(join(PUBLIC_DIR, 'index.html'));
  const assets = loadAssets();
  app.get('/dashboard', { schema: { hide: true } }, async (_request, reply) => send(reply, page));
  app.get<{ Params: { '*': string } }>('/dashboard/*', { schema: { hide: true } }, async (request, reply) => {
    const file = assets.get(request.params['*']);
    if (file === undefined) return reply.callNotFound();
    return send(reply, file);
  });
}
