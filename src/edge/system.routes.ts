import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EdgeContext } from './edge-context.ts';

/** The facts past their due date, and the sync sources that feed each (src/facts/freshness.ts). */
export type StaleFacts = () => Promise<readonly { name: string; sourceIds: readonly string[] }[]>;

/** At most this many stale facts are named; `count` says how many there are. */
const MAX_STALE_NAMED = 50;

/**
 * The stale facts and the sync sources whose facts they are: detail for an operator, never a
 * reason to take the process out of service (an old figure is still the best the hub has).
 */
async function staleDetail(staleFacts: StaleFacts, log: FastifyBaseLogger) {
  try {
    const stale = await staleFacts();
    return {
      count: stale.length,
      facts: stale.slice(0, MAX_STALE_NAMED).map((fact) => fact.name),
      sources: [...new Set(stale.flatMap((fact) => fact.sourceIds))].sort(),
    };
  } catch (error) {
    log.warn({ err: error }, 'the facts\' freshness could not be read; /readyz says stale "unknown"');
    return 'unknown';
  }
}

/** Probes outside the API: no key, no quota, never cached. */
export function registerSystemRoutes(app: FastifyInstance, ctx: EdgeContext, staleFacts: StaleFacts): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await ctx.store.ping();
    } catch {
      reply.code(503).header('retry-after', '5');
      return { status: 'unavailable', store: 'unreachable' };
    }
    const quota = await ctx.limiter.status();
    return { status: quota === 'degraded' ? 'degraded' : 'ready', store: 'ok', quota, stale: await staleDetail(staleFacts, request.log) };
  });
}
