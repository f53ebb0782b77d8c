import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { installEdge } from './edge/edge.ts';
import { installSecurityHeaders } from './edge/security-headers.ts';
import { schemaCompilers } from './edge/schema-compilers.ts';
import { AccessLog } from './edge/access-log.ts';
import { registerOpenApi } from './edge/openapi.ts';
import { answerClientError, answerFrameworkError } from './edge/framework-errors.ts';
import { capConnectionsPerAddress, serverTimeouts } from './edge/connection-limits.ts';
import { parseQueryString } from './edge/querystring.ts';
import { registerSystemRoutes } from './edge/system.routes.ts';
import { registerMetrics } from './edge/metrics/plugin.ts';
import { registerHomeRoute } from './edge/home.routes.ts';
import { registerUsageRoute } from './edge/usage.routes.ts';
import { domains as allDomains } from './domains/index.ts';
import type { Domain } from './domains/domain.ts';
import { registerDashboardApi } from './dashboard/api/index.ts';
import { registerDashboardPages } from './dashboard/pages.ts';
import { DASHBOARD_TAG } from './dashboard/api/dashboard-route.ts';
import { SESSION_COOKIE } from './accounts/sessions.service.ts';
import { Provenance } from './facts/provenance.ts';
import { isStale } from './facts/freshness.ts';
import { watchFreshness } from './facts/freshness-metrics.ts';
import { parameterExample } from './domains/openapi-examples.ts';
import { registerMcpRoutes } from './mcp/mcp.routes.ts';

/** Builds the HTTP application around an already-open context. Listening is the caller's business. */
export async function buildApp(ctx: AppContext, options: { domains?: readonly Domain[] } = {}): Promise<FastifyInstance> {
  const accessLog = new AccessLog(ctx.logger, ctx.usage);
  const app = Fastify({
    loggerInstance: ctx.logger,
    // One access line per request instead of Fastify's two.
    logController: accessLog,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    schemaController: { compilersFactory: schemaCompilers },
    ajv: { customOptions: { removeAdditional: false, allErrors: true, coerceTypes: true, useDefaults: true } },
    // Only the operator's own proxies may say who the client is (FDH_TRUSTED_PROXIES).
    trustProxy: ctx.config.trustedProxies.length === 0 ? false : ctx.config.trustedProxies,
    // The API reads no body; the dashboard's JSON bodies are small.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // Errors raised before any route runs still answer with the envelope (framework-errors.ts).
    frameworkErrors: answerFrameworkError(ctx.clock, accessLog),
    clientErrorHandler: answerClientError(ctx.clock),
    http: serverTimeouts(ctx.config),
    requestTimeout: ctx.config.requestTimeoutMs,
    keepAliveTimeout: ctx.config.keepAliveTimeoutMs,
    connectionTimeout: ctx.config.socketIdleTimeoutMs,
  }) as unknown as FastifyInstance;
  capConnectionsPerAddress(app.server, ctx.config, ctx.clock, ctx.logger);
  app.decorate('apiOperations', new Map());

  installSecurityHeaders(app, ctx.config);
  installEdge(app, ctx, new Provenance(ctx.store.db, ctx.versions));
  registerMetrics(app, ctx);
  watchFreshness(ctx.metrics, ctx.freshness);
  await registerOpenApi(app, ctx, { parameterExample, sessionCookie: SESSION_COOKIE, dashboardTag: DASHBOARD_TAG });
  registerSystemRoutes(app, ctx, async () => (await ctx.freshness.current()).filter(isStale));
  registerHomeRoute(app);
  registerUsageRoute(app, ctx);
  for (const domain of options.domains ?? allDomains) {
    for (const route of domain.routes(ctx)) route.register(app, ctx.clock, domain.tag);
  }
  registerMcpRoutes(app, ctx);
  await registerDashboardApi(app, ctx);
  registerDashboardPages(app);
  await app.ready();
  return app;
}
