import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';

/** Probes outside the API: no key, no quota, never cached. */
export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await ctx.store.ping();
    } catch {
      reply.code(503).header('retry-after', '5');
      return { status: 'unavailable', store: 'unreachable' };
    }
    const quota = await ctx.limiter.status();
    return { status: quota === 'degraded' ? 'degraded' : 'ready', store: 'ok', quota };
  });
}
