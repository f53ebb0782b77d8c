import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { ApiError } from '../../edge/errors.ts';
import { MetaSchema, SuccessEnvelopeSchema } from '../../edge/envelope.ts';
import type { AppContext } from '../../context.ts';
import { csrfMatches, SESSION_COOKIE, type ActiveSession } from '../../accounts/sessions.service.ts';
import type { Actor } from '../../accounts/audit.service.ts';

export const DASHBOARD_API_PREFIX = '/api/v1';
export const DASHBOARD_TAG = 'Dashboard';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account of a dashboard API request, set before validation. */
    session?: ActiveSession;
  }
}

/** `public`: no session (sign-in); `member`: any signed-in account; `admin`: an admin's session. */
export type DashboardAccess = 'public' | 'member' | 'admin';

export interface DashboardInput<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  now: Date;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface DashboardRouteDefinition<B extends TProperties, Q extends TProperties, P extends TProperties, D extends TSchema> {
  method: 'GET' | 'POST';
  /** Below `/api/v1`, in Fastify's syntax. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  access: DashboardAccess;
  body?: B;
  query?: Q;
  params?: P;
  data: D;
  /** 201 for a route that creates something. */
  status?: 200 | 201;
  /** Answers a session whose one-time password is still to be changed (signing out, changing it). */
  beforePasswordChange?: true;
  handler(input: DashboardInput<Static<TObject<B>>, Static<TObject<Q>>, Static<TObject<P>>>): Promise<Static<D>>;
}

const ERROR_REF = { $ref: 'ErrorEnvelope#' } as unknown as TSchema;

/** The session cookie's token, from a `Cookie` header. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

/**
 * A state change must come from the hub's own pages: a browser sends `Origin` with every POST,
 * and one naming another site is refused even with a valid CSRF token. A request without
 * `Origin` (a script, curl) still needs the session and the token.
 */
function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // The host is compared, not the scheme: behind a TLS proxy the hub itself is reached over http.
  let host: string | undefined;
  try {
    host = new URL(origin).host;
  } catch {
    // `null` (a sandboxed or privacy-preserving page) or garbage: not the hub's own.
  }
  if (host !== request.host) throw new ApiError(403, 'CSRF_TOKEN_INVALID', `Origin ${origin.slice(0, 200)} is not this hub's own`);
}

/** State changes on /api/v1 are limited per account, so no account can make keys (or anything) at speed. */
async function admitWrite(ctx: AppContext, accountId: string): Promise<void> {
  const nowMs = ctx.clock.now().getTime();
  const decision = await ctx.limiter.consume({ subject: `dashboard-write:${accountId}`, budget: ctx.config.dashboardWritesPerMinute, weight: 1, nowMs });
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil(decision.resetAt - nowMs / 1000));
    throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', `At most ${decision.budget} changes per minute; wait a moment`, { 'retry-after': String(retryAfter) });
  }
}

/** The session behind a request, checked in the order a caller can act on: who (401), CSRF (403), role (403), password change (403), pace (429). */
async function admitSession(
  ctx: AppContext,
  request: FastifyRequest,
  route: Pick<DashboardRouteDefinition<TProperties, TProperties, TProperties, TSchema>, 'access' | 'beforePasswordChange'>,
): Promise<void> {
  // A key may never manage keys: the dashboard API answers sessions only.
  if (request.headers['x-api-key'] !== undefined) {
    throw new ApiError(401, 'SESSION_REQUIRED', 'API keys are not accepted on /api/v1; sign in to the dashboard');
  }
  const changesState = request.method !== 'GET' && request.method !== 'HEAD';
  if (changesState) checkOrigin(request);
  if (route.access === 'public') return;
  const token = sessionTokenOf(request.headers.cookie);
  const session = token === undefined ? undefined : await ctx.sessions.resume(token);
  if (session === undefined) throw new ApiError(401, 'SESSION_REQUIRED', 'Sign in first: no session, or it has ended');
  if (changesState && !csrfMatches(request.headers['x-csrf-token'], session.csrfToken)) {
    throw new ApiError(403, 'CSRF_TOKEN_INVALID', 'The X-CSRF-Token header is missing or does not match the session');
  }
  if (route.access === 'admin' && session.account.role !== 'admin') throw new ApiError(403, 'ADMIN_REQUIRED', 'Only an admin may do this');
  if (session.account.mustChangePassword && route.beforePasswordChange !== true) {
    throw new ApiError(403, 'PASSWORD_CHANGE_REQUIRED', 'Change the one-time password first: POST /api/v1/account/password');
  }
  if (changesState) await admitWrite(ctx, session.account.id);
  request.session = session;
}

/** Who acts through a dashboard request, for the audit trail. */
export function actorOf(request: FastifyRequest): Actor {
  return { label: request.session?.account.email ?? 'anonymous', address: request.ip };
}

/** The signed-in account of a route that required one. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (request.session === undefined) throw new Error('a dashboard route read a session it did not require');
  return request.session;
}

/**
 * Registers one dashboard API route: its TypeBox schemas drive validation, serialisation and
 * the OpenAPI operation (tag Dashboard, session security). The session is checked before the
 * input; answers are never cached and cost no quota.
 */
export function registerDashboardRoute<B extends TProperties, Q extends TProperties, P extends TProperties, D extends TSchema>(
  app: FastifyInstance,
  ctx: AppContext,
  route: DashboardRouteDefinition<B, Q, P, D>,
): void {
  const stateChanging = route.method !== 'GET';
  const security = route.access === 'public' ? [] : stateChanging ? [{ SessionCookie: [], CsrfToken: [] }] : [{ SessionCookie: [] }];
  const errors: Record<number, TSchema> = { 400: ERROR_REF, 401: ERROR_REF, 429: ERROR_REF, 500: ERROR_REF };
  if (route.access !== 'public') errors[403] = ERROR_REF;
  if (route.params !== undefined) errors[404] = ERROR_REF;
  app.route({
    method: route.method,
    url: DASHBOARD_API_PREFIX + route.path,
    schema: {
      operationId: route.operationId,
      tags: [DASHBOARD_TAG],
      summary: route.summary,
      ...(route.description !== undefined ? { description: route.description } : {}),
      security,
      ...(route.body !== undefined ? { body: Type.Object(route.body, { additionalProperties: false }) } : {}),
      ...(route.query !== undefined ? { querystring: Type.Object(route.query, { additionalProperties: false }) } : {}),
      ...(route.params !== undefined ? { params: Type.Object(route.params, { additionalProperties: false }) } : {}),
      response: { [route.status ?? 200]: SuccessEnvelopeSchema(route.data, MetaSchema()), ...errors },
    },
    onRequest: async (request) => admitSession(ctx, request, route),
    // A POST without a body is an empty object: optional properties stay optional, required ones are named.
    preValidation: async (request) => {
      request.body ??= {};
    },
    handler: async (request, reply) => {
      const now = ctx.clock.now();
      const data = await route.handler({
        body: request.body as Static<TObject<B>>,
        query: request.query as Static<TObject<Q>>,
        params: request.params as Static<TObject<P>>,
        now,
        request,
        reply,
      });
      const status = route.status ?? 200;
      reply.header('cache-control', 'no-store');
      return reply.code(status).send({ success: true, statusCode: status, data, meta: { timestamp: now.toISOString() } });
    },
  });
}
