import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { AccountInputError } from '../../accounts/errors.ts';
import { AccountSchema, accountView, AdminAccountSchema, CreatedAccountSchema, IdParams, NewAccountBody, PlanSchema, planView } from './dashboard.schemas.ts';
import { actorOf, registerDashboardRoute, sessionOf } from './dashboard-route.ts';

/** Admin only: every account, and the plans they can be put on. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/admin/accounts',
    operationId: 'dashboardAdminListAccounts',
    summary: 'Every account (admin only)',
    access: 'admin',
    data: Type.Array(AdminAccountSchema),
    async handler() {
      return (await ctx.accounts.list()).map((account) => ({ ...accountView(account), keyCount: account.keyCount, canSignIn: account.canSignIn }));
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/admin/accounts',
    operationId: 'dashboardAdminCreateAccount',
    summary: 'Creates an account; without a password the hub chooses one and returns it once (admin only)',
    access: 'admin',
    status: 201,
    body: NewAccountBody,
    data: CreatedAccountSchema,
    async handler({ request, body }) {
      const created = await ctx.accounts.create({
        email: body.email,
        name: body.name,
        role: body.role,
        plan: body.plan,
        password: body.password,
        by: actorOf(request),
      });
      request.log.info({ accountId: created.account.id, by: sessionOf(request).account.id }, 'account created');
      return { account: accountView(created.account), password: created.password };
    },
  });

  for (const [action, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    registerDashboardRoute(app, ctx, {
      method: 'POST',
      path: `/admin/accounts/:id/${action}`,
      operationId: `dashboardAdmin${action === 'disable' ? 'Disable' : 'Enable'}Account`,
      summary: action === 'disable' ? 'Disables an account: its keys are refused and its sessions end (admin only)' : 'Enables an account again (admin only)',
      access: 'admin',
      params: IdParams,
      data: AccountSchema,
      async handler({ request, params }) {
        const admin = sessionOf(request).account;
        if (params.id === admin.id && status === 'disabled') throw new AccountInputError('an admin cannot disable their own account');
        const account = await ctx.accounts.setStatus((await ctx.accounts.get(params.id)).id, status, actorOf(request));
        request.log.info({ accountId: account.id, by: admin.id, status }, 'account status changed');
        return accountView(account);
      },
    });
  }

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/admin/accounts/:id/plan',
    operationId: 'dashboardAdminSetPlan',
    summary: 'Moves an account to another plan: every key of it takes the plan on its next request (admin only)',
    access: 'admin',
    params: IdParams,
    body: { plan: Type.String({ minLength: 1 }) },
    data: AccountSchema,
    async handler({ request, params, body }) {
      const account = await ctx.accounts.setPlan((await ctx.accounts.get(params.id)).id, body.plan, actorOf(request));
      request.log.info({ accountId: account.id, by: sessionOf(request).account.id, plan: account.plan }, 'account plan changed');
      return accountView(account);
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/admin/plans',
    operationId: 'dashboardAdminPlans',
    summary: 'The plans of the plans file: budget per minute and features (admin only)',
    access: 'admin',
    data: Type.Array(PlanSchema),
    async handler() {
      return ctx.plans.names().flatMap((name) => {
        const plan = ctx.plans.plan(name);
        return plan === undefined ? [] : [planView(name, plan)];
      });
    },
  });
}
