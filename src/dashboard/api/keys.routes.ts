import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { statusOf } from '../../accounts/keys.service.ts';
import { AccountOverviewSchema, accountView, CreatedKeySchema, IdParams, KeySchema, keyView, NewKeyBody, planView, RotateBody } from './dashboard.schemas.ts';
import { accountQuotaSubject, keyQuotaSubject } from '../../edge/auth/account-quota.ts';
import { actorOf, registerDashboardRoute, sessionOf } from './dashboard-route.ts';

/** The signed-in account's own page and keys. Every query is scoped to the session's account. */
export function registerKeysRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/account',
    operationId: 'dashboardAccount',
    summary: "The account, its plan's features and budget, and each key's use of the current minute",
    access: 'member',
    data: AccountOverviewSchema,
    async handler({ request, now }) {
      const { account } = sessionOf(request);
      const plan = ctx.plans.plan(account.plan);
      const budget = plan?.budget ?? 0;
      const nowMs = now.getTime();
      const active = (await ctx.keys.list(account.id)).filter((key) => statusOf(key, now) === 'active');
      const window = await ctx.limiter.peek({ subject: accountQuotaSubject(account.id), budget, nowMs });
      const own = await Promise.all(
        active.map((key) => (key.budget === null ? undefined : ctx.limiter.peek({ subject: keyQuotaSubject(key.id), budget: key.budget, nowMs }))),
      );
      return {
        account: accountView(account),
        plan: planView(account.plan, plan),
        budget,
        used: window.used,
        resetAt: new Date(window.resetAt * 1000).toISOString(),
        keys: active.map((key, i) => ({ keyId: key.id, name: key.name, prefix: key.prefix, budget: key.budget, used: own[i]?.used ?? null })),
        holdsData: (await ctx.store.db.selectFrom('release').select('id').limit(1).executeTakeFirst()) !== undefined,
      };
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/keys',
    operationId: 'dashboardListKeys',
    summary: "The account's API keys (never their secrets)",
    access: 'member',
    data: Type.Array(KeySchema),
    async handler({ request, now }) {
      const { account } = sessionOf(request);
      const [keys, lastUsed] = await Promise.all([ctx.keys.list(account.id), ctx.usage.lastUsed(account.id)]);
      return keys.map((key) => keyView(key, now, lastUsed.get(key.id) ?? null));
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/keys',
    operationId: 'dashboardCreateKey',
    summary: 'Creates a key; its secret is in this answer only',
    access: 'member',
    status: 201,
    body: NewKeyBody,
    data: CreatedKeySchema,
    async handler({ request, body, now }) {
      const { account } = sessionOf(request);
      const created = await ctx.keys.create({
        accountId: account.id,
        name: body.name,
        scopes: body.scopes,
        expiresAt: body.expiresAt,
        budget: body.budget,
        by: actorOf(request),
      });
      request.log.info({ accountId: account.id, keyId: created.id }, 'key created');
      return { ...keyView(created, now, null), key: created.key };
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/keys/:id/rotate',
    operationId: 'dashboardRotateKey',
    summary: 'Replaces a key with a new secret; the old one is refused at once or after the grace',
    access: 'member',
    status: 201,
    params: IdParams,
    body: RotateBody,
    data: CreatedKeySchema,
    async handler({ request, params, body, now }) {
      const { account } = sessionOf(request);
      const created = await ctx.keys.rotate(params.id, { accountId: account.id, graceSeconds: body.graceSeconds, by: actorOf(request) });
      request.log.info({ accountId: account.id, keyId: created.id, replaced: params.id }, 'key rotated');
      return { ...keyView(created, now, null), key: created.key };
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/keys/:id/revoke',
    operationId: 'dashboardRevokeKey',
    summary: 'Revokes a key: refused from its next request',
    access: 'member',
    params: IdParams,
    data: KeySchema,
    async handler({ request, params, now }) {
      const { account } = sessionOf(request);
      const revoked = await ctx.keys.revoke(params.id, { accountId: account.id, by: actorOf(request) });
      request.log.info({ accountId: account.id, keyId: revoked.id }, 'key revoked');
      return keyView(revoked, now, null);
    },
  });
}
