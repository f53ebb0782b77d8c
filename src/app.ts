import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppContext } from './core/context.ts';
import { installEdge } from './core/edge.ts';
import { schemaCompilers } from './core/schema-compilers.ts';
import { AccessLog } from './core/access-log.ts';
import { registerOpenApi } from './core/openapi.ts';
import { parseQueryString } from './core/querystring.ts';
import { registerSystemRoutes } from './core/system.routes.ts';
import { registerUsageRoute } from './core/usage.routes.ts';
import { domains as allDomains, type DomainModule } from './domains/index.ts';

/**
 * The logger Fastify writes its own lines with, whose per-request child is itself: the lines
 * written about a request name its id themselves. Fastify asks a logger for a child on every
 * request; a pino child would serialise its bindings each time, and a `childLoggerFactory` of
 * our own would have Fastify check the logger it returns (seven property reads) each time.
 */
function withoutRequestChildren(logger: Logger): Logger {
  const fastifyLogger = logger.child({});
  fastifyLogger.child = (() => fastifyLogger) as unknown as Logger['child'];
  return fastifyLogger;
}

/** Builds the HTTP application around an already-open context. Listening is the caller's business. */
export async function buildApp(ctx: AppContext, options: { domains?: readonly DomainModule[] } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: withoutRequestChildren(ctx.logger),
    // One access line per request instead of Fastify's two.
    logController: new AccessLog(ctx.logger),
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    schemaController: { compilersFactory: schemaCompilers },
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: true, useDefaults: true } },
    trustProxy: false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }) as unknown as FastifyInstance;
  app.decorate('apiOperations', new Map());

  installEdge(app, ctx);
  await registerOpenApi(app, ctx);
  registerSystemRoutes(app, ctx);
  registerUsageRoute(app, ctx);
  for (const domain of options.domains ?? allDomains) await domain.register(app, ctx);
  await app.ready();
  return app;
}
