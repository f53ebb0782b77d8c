import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../edge/errors.ts';
import { normaliseEmail } from '../../accounts/accounts.service.ts';
import { SESSION_COOKIE } from '../../accounts/sessions.service.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { AccountSchema, accountView, LoginBody, PasswordChangeBody, SignedInSchema } from './dashboard.schemas.ts';
import { actorOf, DASHBOARD_API_PREFIX, registerDashboardRoute, sessionOf, sessionTokenOf } from './dashboard-route.ts';

function setSessionCookie(reply: FastifyReply, ctx: AppContext, value: string, maxAgeSeconds: number): void {
  const secure = ctx.config.tls ? '; Secure' : '';
  reply.header('set-cookie', `${SESSION_COOKIE}=${value}; Path=${DASHBOARD_API_PREFIX}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`);
}

/** Sign-in failures on one account within a minute, from anywhere, before each attempt is slowed. */
const BACKOFF_AFTER_FAILURES = 10;
const MAX_BACKOFF_MS = 5000;

function tooManyAttempts(resetAt: number, nowMs: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(resetAt - nowMs / 1000));
  return new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many sign-in attempts from this address; wait a minute', { 'retry-after': String(retryAfter) });
}

/**
 * Sign-in attempts are limited so that a stranger cannot lock anyone out: refusals count per
 * account and client address (and, more loosely, per address over every account, against
 * spraying), so the right password from another address always gets through. Failures on an
 * account from everywhere only slow its next attempts (a delay that doubles, at most 5 s).
 * Every count goes through the quota limiter (shared across processes with Redis) and is
 * decided before the password is checked, so parallel guesses cannot slip past it.
 */
async function admitAttempt(ctx: AppContext, address: string, email: string | undefined, nowMs: number): Promise<void> {
  const perAddress = ctx.config.loginAttemptsPerMinute;
  const limits = [{ subject: `login-addr:${address}`, budget: perAddress * 3 }];
  if (email !== undefined) limits.push({ subject: `login-account-addr:${email}:${address}`, budget: perAddress });
  for (const limit of limits) {
    const decision = await ctx.limiter.consume({ ...limit, weight: 1, nowMs });
    if (!decision.allowed) throw tooManyAttempts(decision.resetAt, nowMs);
  }
  if (email === undefined) return;
  const failures = (await ctx.limiter.peek({ subject: failuresSubject(email), budget: Number.MAX_SAFE_INTEGER, nowMs })).used;
  if (failures >= BACKOFF_AFTER_FAILURES) await sleep(Math.min(MAX_BACKOFF_MS, 250 * 2 ** (failures - BACKOFF_AFTER_FAILURES)));
}

const failuresSubject = (email: string) => `login-failures:${email}`;

function emailOrUndefined(email: string): string | undefined {
  try {
    return normaliseEmail(email);
  } catch {
    // Not an email: no account to protect; the address limit still counts it.
    return undefined;
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
      const email = emailOrUndefined(body.email);
      await admitAttempt(ctx, request.ip, email, now.getTime());
      const account = await ctx.accounts.verifyCredentials(body.email, body.password);
      const by = { label: 'anonymous', address: request.ip };
      if (account === undefined) {
        if (email !== undefined)
          await ctx.limiter.consume({ subject: failuresSubject(email), budget: Number.MAX_SAFE_INTEGER, weight: 1, nowMs: now.getTime() });
        const known = email === undefined ? undefined : await ctx.accounts.find(email);
        await ctx.audit.record({ action: 'session.signin-failed', by, account: { id: known?.id ?? null, email: email ?? body.email.slice(0, 254) } });
        throw new ApiError(401, 'LOGIN_FAILED', 'The email or the password is wrong, or the account is disabled');
      }
      const session = await ctx.sessions.start(account, { label: account.email, address: request.ip });
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
    beforePasswordChange: true,
    data: Type.Object({ signedOut: Type.Boolean() }),
    async handler({ request, reply }) {
      const token = sessionTokenOf(request.headers.cookie);
      if (token !== undefined) await ctx.sessions.end(token, { by: actorOf(request), account: sessionOf(request).account });
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
    beforePasswordChange: true,
    data: SignedInSchema,
    async handler({ request }) {
      const session = sessionOf(request);
      return { account: accountView(session.account), csrfToken: session.csrfToken, expiresAt: session.expiresAt };
    },
  });

  registerDashboardRoute(app, ctx, {
    method: 'POST',
    path: '/account/password',
    operationId: 'dashboardChangePassword',
    summary: "Changes the signed-in account's password; every other session of the account ends",
    description: 'A one-time password (chosen by the hub) must be changed here before any other call answers.',
    access: 'member',
    beforePasswordChange: true,
    body: PasswordChangeBody,
    data: AccountSchema,
    async handler({ request, body }) {
      const session = sessionOf(request);
      const account = await ctx.accounts.changePassword(
        session.account.id,
        { currentPassword: body.currentPassword, newPassword: body.newPassword, keepSession: session.tokenHash },
        actorOf(request),
      );
      return accountView(account);
    },
  });
}
