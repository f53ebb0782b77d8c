import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import type { EdgeContext } from '../edge-context.ts';
import { allowList, carriesToken, hostAllowList, isAllowed, isExpectedHost } from './access.ts';
import { watchReleases } from './imports.ts';

/** `200`, `404` → `2xx`, `4xx`: the status class keeps the series few. */
const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * `GET /metrics` in the Prometheus text format, and the request metrics it reports: requests by
 * route template, status class and plan, their latency, and the quota's refusals. Off the API
 * key path: a scrape is allowed from an address in `FDH_METRICS_ALLOW` (loopback by default)
 * and naming an expected `Host` (`FDH_METRICS_HOSTS`, against DNS rebinding), or with
 * `Authorization: Bearer <FDH_METRICS_TOKEN>`, and refused with 403 otherwise. The token needs
 * no Host check: a rebound page cannot know it.
 */
export function registerMetrics(app: FastifyInstance, ctx: EdgeContext): void {
  const { metrics, config } = ctx;
  const allowed = allowList(config.metricsAllow);
  const hosts = hostAllowList(config.metricsHosts);
  const requests = metrics.counter('fdh_http_requests_total', {
    help: 'HTTP requests answered, by route template (unmatched: no route), status class and plan (none: no key)',
    labelNames: ['route', 'status', 'plan'],
  });
  const latency = metrics.histogram('fdh_http_request_duration_seconds', {
    help: 'Time from the request to the end of its response, by route template and status class',
    labelNames: ['route', 'status'],
  });
  const refusals = metrics.counter('fdh_quota_refusals_total', { help: 'API calls refused by the quota (429), by plan', labelNames: ['plan'] });
  watchReleases(metrics, ctx.store.db);

  // A callback hook, not an async one: it runs on every request.
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const plan = request.auth?.plan.name ?? 'none';
    const route = request.apiRoute?.url ?? request.routeOptions.url ?? 'unmatched';
    const status = statusClass(reply.statusCode);
    requests.series(route, status, plan).inc();
    latency.series(route, status).observe(reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.series(plan).inc();
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = config.metricsToken;
    const byToken = token !== undefined && carriesToken(request.headers.authorization, token);
    if (!byToken && !isAllowed(allowed, request.ip)) {
      throw new ApiError(403, 'INTERNAL_ERROR', 'Metrics are served to the addresses in FDH_METRICS_ALLOW or with the FDH_METRICS_TOKEN bearer token');
    }
    if (!byToken && !isExpectedHost(hosts, request.headers.host)) {
      throw new ApiError(403, 'INTERNAL_ERROR', 'Metrics are served only to the Host names in FDH_METRICS_HOSTS');
    }
    const { body, contentType } = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}
