import Fastify, { LogController, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants as zlib } from 'node:zlib';
import type { AppContext } from './core/context.ts';
import { installEdge } from './core/edge.ts';
import { installAccessLog } from './core/access-log.ts';
import { registerOpenApi } from './core/openapi.ts';
import { parseQueryString } from './core/querystring.ts';
import { registerSystemRoutes } from './core/system.routes.ts';
import { registerUsageRoute } from './core/usage.routes.ts';
import { domains as allDomains, type DomainModule } from './domains/index.ts';

/** Builds the HTTP application around an already-open context. Listening is the caller's business. */
export async function buildApp(ctx: AppContext, options: { domains?: readonly DomainModule[] } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger,
    // One access line per request (installAccessLog) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: true, useDefaults: true } },
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }) as unknown as FastifyInstance;
  app.decorate('apiOperations', new Map());

  installAccessLog(app);
  installEdge(app, ctx);
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 4 keeps brotli within a millisecond for typical payloads; 11 (the default) does not.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await registerOpenApi(app, ctx);
  registerSystemRoutes(app, ctx);
  registerUsageRoute(app, ctx);
  for (const domain of options.domains ?? allDomains) await domain.register(app, ctx);
  await app.ready();
  return app;
}
