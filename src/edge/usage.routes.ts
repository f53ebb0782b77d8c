import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { IsoDateTime, Nullable } from '../kernel/schemas.ts';
import { registerApiRoute } from './route.ts';
import type { EdgeContext } from './edge-context.ts';

export const UsageSchema = Type.Object({
  keyId: Type.String(),
  plan: Type.String(),
  features: Type.Array(Type.String()),
  budget: Type.Integer({ description: 'Weight budget per UTC minute' }),
  used: Type.Integer({ description: 'Weight used in the current minute' }),
  remaining: Type.Integer(),
  resetAt: IsoDateTime({ description: 'When the current window ends' }),
  expiresAt: Nullable(IsoDateTime()),
});

export function registerUsageRoute(app: FastifyInstance, ctx: EdgeContext): void {
  registerApiRoute(app, ctx.clock, 'Account', {
    path: '/usage',
    operationId: 'usage',
    summary: "The calling key's plan, features and quota in the current minute",
    feature: null,
    weight: 0,
    data: UsageSchema,
    maxAge: () => 0,
    // The calling key's own window.
    cache: false,
    handler({ auth, request }) {
      // The gate has just charged this call (weight 0) and knows the window's state.
      const window = request.quota;
      if (window === undefined) throw new Error('the usage route answered a call the gate did not decide');
      return {
        data: {
          keyId: auth.key.id,
          plan: auth.plan.name,
          features: auth.features,
          budget: window.budget,
          used: window.used,
          remaining: window.remaining,
          resetAt: new Date(window.resetAt * 1000).toISOString(),
          expiresAt: auth.key.expiresAt,
        },
      };
    },
  });
}
