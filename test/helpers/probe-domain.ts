import { Type, type TProperties, type TSchema } from 'typebox';
import { defineDomain, type Domain } from '../../src/domains/domain.ts';
import { defineRoute, type ApiRouteDefinition } from '../../src/edge/route.ts';
import { StringEnum } from '../../src/kernel/schemas.ts';
import { NotFoundError } from '../../src/kernel/domain-errors.ts';

/**
 * A domain that exists only to exercise the edge: one macro-gated route with a path parameter,
 * an enum, a range and a known resource, and one free-tier route. Its answers come from the
 * request, so the tests see exactly what the edge let through.
 */
export const PROBE_KNOWN_ID = 'known';

export const probeDomain = defineDomain({
  name: 'probe',
  tag: 'Macro',
  service: () => undefined,
  routes: [
    () =>
      defineRoute({
        path: '/probe/:id',
        operationId: 'probe',
        summary: 'Edge probe',
        feature: 'macro_data',
        weight: 3,
        notFound: true,
        params: { id: Type.String() },
        query: {
          period: StringEnum(['1M', '3M'], { default: '1M' }),
          limit: Type.Integer({ minimum: 1, maximum: 12, default: 4 }),
        },
        data: Type.Object({ id: Type.String(), period: Type.String(), limit: Type.Integer(), padding: Type.String() }),
        meta: { window: Type.String() },
        maxAge: () => 120,
        async handler({ params, query }) {
          if (params.id !== PROBE_KNOWN_ID) throw new NotFoundError(`no probe ${params.id}`);
          return { data: { id: params.id, period: query.period, limit: query.limit, padding: 'x'.repeat(2048) }, meta: { window: query.period } };
        },
      }),
    () =>
      defineRoute({
        path: '/probe-light',
        operationId: 'probeLight',
        summary: 'Edge probe of weight 1',
        feature: 'crypto_data',
        weight: 1,
        data: Type.Object({ ok: Type.Boolean() }),
        handler: async () => ({ data: { ok: true } }),
      }),
  ],
});

/** A domain of one route, for a test that needs a route to behave in one particular way. */
export function oneRouteDomain<Q extends TProperties, P extends TProperties, D extends TSchema, M extends TProperties>(
  route: ApiRouteDefinition<Q, P, D, M>,
): Domain {
  return defineDomain({ name: route.operationId, tag: 'Macro', service: () => undefined, routes: [() => defineRoute(route)] });
}
