import { hash } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from './errors.ts';
import { errorEnvelope } from './envelope.ts';
import { grantedFeatures } from './auth/keys.service.ts';
import { API_PREFIX, type ApiRouteConfig, type AuthContext } from './route.ts';
import { repeatedParametersOf } from './querystring.ts';
import { describeIssues, type SchemaIssue } from './validation.ts';
import type { QuotaDecision } from './rate-limit/rate-limiter.ts';
import type { AppContext } from './context.ts';
import { isStoreUnavailable } from '../store/availability.ts';

const STORE_RETRY_AFTER_SECONDS = 5;

function setQuotaHeaders(reply: FastifyReply, decision: QuotaDecision, weight: number, nowMs: number): void {
  const secondsToReset = Math.max(1, Math.ceil(decision.resetAt - nowMs / 1000));
  reply.headers({
    'x-ratelimit-limit': decision.budget,
    'x-ratelimit-remaining': decision.remaining,
    'x-ratelimit-reset': decision.resetAt,
    'x-ratelimit-weight-used': weight,
    'ratelimit-policy': `"minute";q=${decision.budget};w=60`,
    ratelimit: `"minute";r=${decision.remaining};t=${secondsToReset}`,
  });
  if (!decision.allowed) reply.header('retry-after', secondsToReset);
}

/**
 * The edge every `/openapi/v1` request crosses, in the contract's order:
 * 401 (key) → 403 (feature or scope) → 429 (quota) → 400 (parameters) → 404 (resource).
 */
export function installEdge(app: FastifyInstance, ctx: AppContext): void {
  const { keys, plans, limiter, clock, config } = ctx;

  /** Missing or invalid keys are limited per client address so keys cannot be guessed at speed. */
  async function rejectKey(request: FastifyRequest, missing: boolean): Promise<never> {
    const nowMs = clock.now().getTime();
    const decision = await limiter.consume({
      subject: `addr:${request.ip}`,
      budget: config.failedAuthPerMinute,
      weight: 1,
      nowMs,
    });
    if (!decision.allowed) {
      const retryAfter = Math.max(1, Math.ceil(decision.resetAt - nowMs / 1000));
      throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests with a missing or invalid API key from this address', {
        'retry-after': String(retryAfter),
      });
    }
    if (missing) throw new ApiError(401, 'API_KEY_REQUIRED', 'An API key is required in the X-API-Key header');
    throw new ApiError(401, 'API_KEY_INVALID', 'The API key is invalid, disabled, revoked or expired');
  }

  async function authenticate(request: FastifyRequest): Promise<AuthContext> {
    const header = request.headers['x-api-key'];
    if (header === undefined || header === '') return rejectKey(request, true);
    if (typeof header !== 'string') return rejectKey(request, false);
    const key = await keys.authenticate(header);
    const plan = key === undefined ? undefined : plans.plan(key.plan);
    if (key === undefined || plan === undefined) return rejectKey(request, false);
    const auth = { key, plan, features: grantedFeatures(plan.features, key.scopes) };
    request.auth = auth;
    return auth;
  }

  app.addHook('onRequest', async (request, reply) => {
    const route: ApiRouteConfig | undefined = request.routeOptions.config.api;
    if (route === undefined) {
      // Unknown paths under the API prefix still want a valid key before they learn anything.
      if (request.is404 && request.url.startsWith(API_PREFIX + '/')) {
        const auth = await authenticate(request);
        const nowMs = clock.now().getTime();
        setQuotaHeaders(reply, await limiter.peek({ subject: auth.key.id, budget: auth.plan.budget, nowMs }), 0, nowMs);
      }
      return;
    }
    const auth = await authenticate(request);
    const nowMs = clock.now().getTime();
    const weight = plans.weightOf(route.pathTemplate, route.weight);
    if (route.feature !== null && !auth.features.includes(route.feature)) {
      setQuotaHeaders(reply, await limiter.peek({ subject: auth.key.id, budget: auth.plan.budget, nowMs }), 0, nowMs);
      throw new ApiError(403, 'FEATURE_NOT_IN_PLAN', `This key's plan or scopes do not include ${route.feature}`);
    }
    const decision = await limiter.consume({ subject: auth.key.id, budget: auth.plan.budget, weight, nowMs });
    request.quota = decision;
    setQuotaHeaders(reply, decision, weight, nowMs);
    if (!decision.allowed) {
      throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', `The per-minute budget of ${decision.budget} is used up; this call costs ${weight}`);
    }
  });

  app.addHook('preHandler', (request, _reply, done) => {
    const repeatedNames = repeatedParametersOf(request.query);
    if (request.validationError === undefined && repeatedNames.length === 0) return done();
    if (request.routeOptions.config.api === undefined) return done();
    const repeated = repeatedNames.map((name) => `${name} must be given at most once`);
    const failure = request.validationError as (Error & { validation?: SchemaIssue[] }) | undefined;
    const schema = request.routeOptions.schema;
    const context = (failure as { validationContext?: string } | undefined)?.validationContext;
    const partSchema = (context === 'params' ? schema?.params : schema?.querystring) as
      | { properties?: Record<string, Record<string, unknown>> }
      | undefined;
    const issues = failure?.validation === undefined ? [] : describeIssues(failure.validation, (name) => partSchema?.properties?.[name]);
    done(badRequest([...repeated, ...issues]));
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.config.api === undefined && !request.url.startsWith(API_PREFIX)) return done(null, payload);
    if (reply.statusCode !== 200) {
      reply.header('cache-control', 'no-store');
      return done(null, payload);
    }
    if (typeof payload !== 'string') return done(null, payload);
    const etag = `W/"${hash('sha1', payload, 'base64url')}"`;
    reply.header('etag', etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      reply.code(304);
      reply.removeHeader('content-length');
      return done(null, '');
    }
    done(null, payload);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) {
      apiError = error;
    } else if (isStoreUnavailable(error)) {
      request.log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'store unavailable');
      apiError = new ApiError(503, 'INTERNAL_ERROR', 'The data store is temporarily unavailable; retry shortly', {
        'retry-after': String(STORE_RETRY_AFTER_SECONDS),
      });
    } else if (error.statusCode === 405) {
      apiError = new ApiError(405, 'INTERNAL_ERROR', error.message);
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      apiError = new ApiError(400, 'INTERNAL_ERROR', [error.message]);
    } else {
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError(500, 'INTERNAL_ERROR', 'Internal server error');
    }
    for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
    reply.code(apiError.statusCode).send(errorEnvelope(clock, apiError.statusCode, apiError.code, apiError.messages));
  });

  app.setNotFoundHandler(async (request, reply) => {
    // Reached after the onRequest hook, so under the API prefix the key has been checked.
    const path = request.url.split('?')[0] ?? request.url;
    reply.code(404).send(errorEnvelope(clock, 404, 'INTERNAL_ERROR', `No endpoint at ${request.method} ${path}`));
  });
}
