import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';
import { AUDIT_ACTIONS } from '../../accounts/audit.service.ts';
import { registerDashboardRoute } from './dashboard-route.ts';

export const AuditEventSchema = Type.Object({
  id: Type.String(),
  at: IsoDateTime(),
  action: Type.String({ description: `One of ${AUDIT_ACTIONS.join(', ')}` }),
  actor: Type.String({ description: 'Who acted: an account’s email, cli:<operating-system user>, system (the first start) or anonymous' }),
  accountId: Nullable(Type.String({ description: 'The account acted on or signed in to' })),
  accountEmail: Nullable(Type.String({ description: 'Its email then, or the email a failed sign-in named' })),
  target: Nullable(Type.String({ description: 'The key or plan acted on' })),
  address: Nullable(Type.String({ description: 'The client address; null from the CLI' })),
  detail: Nullable(Type.Record(Type.String(), Type.Unknown())),
});

export const AuditPageSchema = Type.Object({
  events: Type.Array(AuditEventSchema, { description: 'Newest first' }),
  next: Nullable(Type.String({ description: 'Pass as cursor for the next (older) page; null at the end' })),
});

/** Admin only: the audit trail, newest first, by account and action. */
export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/admin/audit',
    operationId: 'dashboardAdminAudit',
    summary: 'The audit trail: account, key, plan and session actions and failed sign-ins, newest first (admin only)',
    access: 'admin',
    query: {
      account: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'An account id or email' })),
      action: Type.Optional(StringEnum(AUDIT_ACTIONS)),
      cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
    },
    data: AuditPageSchema,
    async handler({ query }) {
      const account =
        query.account === undefined
          ? undefined
          : query.account.includes('@')
            ? await ctx.accounts.byEmail(query.account)
            : await ctx.accounts.get(query.account);
      return ctx.audit.list({ accountId: account?.id, action: query.action, cursor: query.cursor, limit: query.limit });
    },
  });
}
