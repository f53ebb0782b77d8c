import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { acceptEmptyJsonBody } from './empty-json-body.ts';
import { registerKeysRoutes } from './keys.routes.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { registerUsageRoutes } from './usage.routes.ts';
import { registerAuditRoutes } from './audit.routes.ts';
import { registerSourcesRoutes } from './sources.routes.ts';

/**
 * The dashboard API, `/api/v1/*`: session sign-in, the account's keys and usage, admin pages.
 * A separate surface from `/openapi/v1`, so an API key can never be used to manage itself.
 */
export async function registerDashboardApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    registerAuthRoutes(scope, ctx);
    registerKeysRoutes(scope, ctx);
    registerUsageRoutes(scope, ctx);
    registerAdminRoutes(scope, ctx);
    registerAuditRoutes(scope, ctx);
    registerSourcesRoutes(scope, ctx);
  });
}
