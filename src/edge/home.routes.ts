import type { FastifyInstance } from 'fastify';

const NAME = 'Financial Data Hub';

const LINKS = [
  { href: '/docs', title: 'API reference', description: 'every endpoint, its parameters and answers, with a form to try each' },
  { href: '/dashboard', title: 'Dashboard', description: 'sign in to manage your API keys and see your usage' },
  { href: '/openapi.json', title: 'OpenAPI document', description: 'the machine-readable description of the API' },
] as const;

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${NAME}</title></head>
<body>
<h1>${NAME}</h1>
<p>A read-only financial-data API. Calls go to <code>/openapi/v1/…</code> with an <code>X-API-Key</code> header.</p>
<ul>
${LINKS.map((link) => `<li><a href="${link.href}">${link.title}</a>: ${link.description}</li>`).join('\n')}
</ul>
</body>
</html>
`;

/** A browser names text/html first; curl (`*\/*`) and JSON clients get JSON. */
function prefersHtml(accept: string): boolean {
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}

/**
 * `GET /`: what a person opening the hub's address finds, a page naming the hub and linking its
 * reference, dashboard and OpenAPI document; a client asking for JSON gets the same as an index.
 */
export function registerHomeRoute(app: FastifyInstance): void {
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-cache').header('vary', 'accept');
    if (prefersHtml(request.headers.accept ?? '')) {
      return reply.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'").send(PAGE);
    }
    return { name: NAME, links: LINKS };
  });
}
