import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
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

/** The pages' own files, and the chart library straight from its npm package. */
function loadAssets(): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(PUBLIC_DIR)) if (name !== 'index.html') assets.set(`assets/${name}`, asset(join(PUBLIC_DIR, name)));
  for (const name of ['uPlot.esm.js', 'uPlot.min.css']) {
    assets.set(`vendor/${name}`, asset(fileURLToPath(import.meta.resolve(`uplot/dist/${name}`))));
  }
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
 * browser (`#/keys`, `#/usage`, …). Files are read once at start-up; only those listed are served.
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
