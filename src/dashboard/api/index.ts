import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.ts';
import { ApiError } from '../../core/errors.ts';
import { KeyInputError, KeyNotFoundError } from '../../core/auth/keys.service.ts';
import { AccountInputError, AccountNotFoundError, EmailTakenError } from '../../accounts/errors.ts';
import { registerAuthRoutes } from './auth.routes.ts';
import { registerKeysRoutes } from './keys.routes.ts';
import { registerAdminRoutes } from './admin.routes.ts';
import { registerUsageRoutes } from './usage.routes.ts';
import { registerSourcesRoutes } from './sources.routes.ts';

/** The domain errors of accounts and keys as HTTP; anything else goes on to the edge's handler. */
function toApiError(error: unknown): unknown {
  if (error instanceof KeyNotFoundError || error instanceof AccountNotFoundError) return new ApiError(404, 'INTERNAL_ERROR', error.message);
  if (error instanceof EmailTakenError) return new ApiError(409, 'EMAIL_TAKEN', error.message);
  if (error instanceof KeyInputError || error instanceof AccountInputError) return new ApiError(400, 'INTERNAL_ERROR', [error.message]);
  return error;
}

/**
 * The dashboard API, `/api/v1/*`: session sign-in, the account's keys and usage, admin pages.
 * A separate surface from `/openapi/v1`, so an API key can never be used to manage itself.
 */
export async function registerDashboardApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, _request, _reply) => {
      throw toApiError(error);
    });
    registerAuthRoutes(scope, ctx);
    registerKeysRoutes(scope, ctx);
    registerUsageRoutes(scope, ctx);
    registerAdminRoutes(scope, ctx);
    registerSourcesRoutes(scope, ctx);
  });
}
