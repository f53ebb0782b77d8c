import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../core/context.ts';
import { ApiError } from '../../core/errors.ts';
import { normaliseEmail } from '../../accounts/accounts.service.ts';
import { SESSION_COOKIE } from '../../accounts/sessions.service.ts';
import { accountView, LoginBody, SignedInSchema } from './dashboard.schemas.ts';
import { DASHBOARD_API_PREFIX, registerDashboardRoute, sessionOf, sessionTokenOf } from './dashboard-route.ts';

function setSessionCookie(reply: FastifyReply, ctx: AppContext, value: string, maxAgeSeconds: number): void {
  const secure = ctx.config.tls ? '; Secure' : '';
  reply.header('set-cookie', `${SESSION_COOKIE}=${value}; Path=${DASHBOARD_API_PREFIX}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`);
}

/**
 * Sign-in attempts are limited per client address and per account, through the quota limiter
 * (shared across processes with Redis): every attempt counts, decided before the password is
 * checked, so parallel guesses cannot slip past the limit.
 */
async function admitAttempt(ctx: AppContext, address: string, email: string, nowMs: number): Promise<void> {
  const subjects = [`login-addr:${address}`];
  try {
    subjects.push(`login-account:${normaliseEmail(email)}`);
  } catch {
    // Not an email: no account to protect; the address limit still counts it.
  }
  for (const subject of subjects) {
    const decision = await ctx.limiter.consume({ subject, budget: ctx.config.loginAttemptsPerMinute, weight: 1, nowMs });
    if (!decision.allowed) {
      const retryAfter = Math.max(1, Math.ceil(decision.resetAt - nowMs / 1000));
      throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many sign-in attempts; wait a minute', { 'retry-after': String(retryAfter) });
    }
  }
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/auth/login',
    operationId: 'dashboardLogin',
    summary: 'Sign in: sets the session cookie and returns the CSRF token',
    access: 'public',
    body: LoginBody,
    data: SignedInSchema,
    async handler({ body, now, request, reply }) {
      await admitAttempt(ctx, request.ip, body.email, now.getTime());
      const account = await ctx.accounts.verifyCredentials(body.email, body.password);
      if (account === undefined) throw new ApiError(401, 'LOGIN_FAILED', 'The email or the password is wrong, or the account is disabled');
      const session = await ctx.sessions.start(account.id);
      setSessionCookie(reply, ctx, session.token, ctx.sessions.maxAgeSeconds);
      request.log.info({ accountId: account.id }, 'signed in');
      return { account: accountView(account), csrfToken: session.csrfToken, expiresAt: session.expiresAt };
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/auth/logout',
    operationId: 'dashboardLogout',
    summary: 'Sign out: ends the session on the server and clears the cookie',
    access: 'member',
    data: Type.Object({ signedOut: Type.Boolean() }),
    async handler({ request, reply }) {
      const token = sessionTokenOf(request.headers.cookie);
      if (token !== undefined) await ctx.sessions.end(token);
      setSessionCookie(reply, ctx, '', 0);
      return { signedOut: true };
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'GET',
    path: '/auth/session',
    operationId: 'dashboardSession',
    summary: 'The signed-in account and its CSRF token (for a page opened again)',
    access: 'member',
    data: SignedInSchema,
    async handler({ request }) {
      const session = sessionOf(request);
      return { account: accountView(session.account), csrfToken: session.csrfToken, expiresAt: session.expiresAt };
    },
  });
}
