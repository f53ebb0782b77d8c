import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { grantedFeatures, type FeatureCode } from './auth/plans.ts';
import { weightOf, type ApiRouteConfig, type AuthContext } from './route-config.ts';
import type { QuotaDecision } from './rate-limit/rate-limiter.ts';
import { keyQuotaOf, quotaOf } from './auth/account-quota.ts';
import type { EdgeContext } from './edge-context.ts';
import type { ApiKeyRecord } from './auth/key-record.ts';
import { BlockedAddresses } from './auth/blocked-addresses.ts';
import { andThen, type MaybePromise } from '../kernel/maybe-promise.ts';

function setQuotaHeaders(reply: FastifyReply, decision: QuotaDecision, weight: number, nowMs: number): void {
  const secondsToReset = Math.max(1, Math.ceil(decision.resetAt - nowMs / 1000));
  reply
    .header('x-ratelimit-limit', `${decision.budget}`)
    .header('x-ratelimit-remaining', `${decision.remaining}`)
    .header('x-ratelimit-reset', `${decision.resetAt}`)
    .header('x-ratelimit-weight-used', `${weight}`)
    .header('ratelimit-policy', `"minute";q=${decision.budget};w=60`)
    .header('ratelimit', `"minute";r=${decision.remaining};t=${secondsToReset}`);
  if (!decision.allowed) reply.header('retry-after', secondsToReset);
}

function tooManyFailedKeys(resetAt: number, nowMs: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(resetAt - nowMs / 1000));
  return new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many requests with a missing or invalid API key from this address', {
    'retry-after': String(retryAfter),
  });
}

function tooManyUnchargedCalls(kind: UnchargedKind | undefined, resetAt: number, nowMs: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(resetAt - nowMs / 1000));
  const what = kind === undefined ? 'refused (403, 404) or weight-0 calls' : kind === 'refused' ? 'calls refused with 403 or 404' : 'calls of weight 0';
  return new ApiError(429, 'RATE_LIMIT_EXCEEDED', `Too many ${what} from this key this minute; every call of the key is refused until the minute ends`, {
    'retry-after': String(retryAfter),
  });
}

/**
 * The first feature the call needs that the key lacks: every one the route's `featuresOf` names
 * for this request, else the one its path (`featureOf`) or the route names.
 */
function missingFeature(route: ApiRouteConfig, request: FastifyRequest, granted: readonly FeatureCode[]): FeatureCode | undefined {
  const params = request.params as Readonly<Record<string, string>>;
  if (route.featuresOf !== undefined)
    return route.featuresOf(params, request.query as Readonly<Record<string, string>>).find((needed) => !granted.includes(needed));
  const feature = route.featureOf?.(params) ?? route.feature;
  return feature !== null && !granted.includes(feature) ? feature : undefined;
}

/**
 * Calls the quota never charges: refused ones (403 feature or scope, 404 unknown path) and
 * weightless ones (`/usage`). Each kind has its own per-key allowance per minute
 * (`FDH_REFUSED_CALLS_PER_MINUTE`, `FDH_WEIGHTLESS_CALLS_PER_MINUTE`), counted in the shared
 * limiter (Redis when configured), so a flood costs its sender something across processes.
 * A key past either gets 429 for every call until the minute ends. Weightless calls get a
 * larger allowance: `/usage` is how a client learns when to resume, and a client polling it
 * every 100 ms uses 600 a minute; a flood of thousands is abuse all the same, and each still
 * costs a key lookup and a limiter call.
 * A route's own 404 (an unknown resource) is not counted here: it already paid its weight.
 */
type UnchargedKind = 'refused' | 'weightless';
const unchargedSubject = (kind: UnchargedKind, keyId: string): string => `uncharged-${kind}:${keyId}`;

/**
 * The first three checks every `/openapi/v1` request meets, in the contract's order:
 * 401 (key) → 403 (feature or scope) → 429 (quota). Parameters (400) and resources (404)
 * come after, in the route. Called by the route's handler, where the route's own settings are
 * at hand.
 */
export class ApiGate {
  readonly #ctx: EdgeContext;
  readonly #blocked = new BlockedAddresses();
  /**
   * Keys past an uncharged-call allowance, until the minute ends, by key id. As with
   * addresses, a key blocked by another process is learned here at its next uncharged call on
   * this one, whose shared count is already over.
   */
  readonly #blockedKeys = new BlockedAddresses();
  /** One context per key record (a record is replaced whenever the store is asked again) and plan. */
  readonly #contexts = new WeakMap<ApiKeyRecord, AuthContext>();

  constructor(ctx: EdgeContext) {
    this.#ctx = ctx;
  }

  /**
   * Admits a call to an API route and charges its weight, or throws (or rejects with) the error
   * to answer. `now` is the instant of the request: expiry and the quota window are judged at it.
   * A known key under the in-process quota is admitted at once, without waiting a turn.
   */
  admit(request: FastifyRequest, reply: FastifyReply, route: ApiRouteConfig, now: Date): MaybePromise<AuthContext> {
    request.apiRoute = route;
    return andThen(this.#authenticate(request, now), (auth) => this.#admitKey(request, reply, route, auth, now.getTime()));
  }

  #admitKey(request: FastifyRequest, reply: FastifyReply, route: ApiRouteConfig, auth: AuthContext, nowMs: number): MaybePromise<AuthContext> {
    const blockedUntil = this.#blockedKeys.blockedUntil(auth.key.id, nowMs);
    if (blockedUntil !== undefined) return this.#refuseBlockedKey(reply, auth, blockedUntil, nowMs);
    const feature = missingFeature(route, request, auth.features);
    if (feature !== undefined) {
      return andThen(this.#countUncharged(reply, auth, 'refused', nowMs), () => this.#forbid(reply, auth, feature, nowMs));
    }
    const weight = weightOf(this.#ctx.plans, route, request.query);
    // A call that costs nothing (`/usage`, a route a plans file weighs at 0) is never refused by
    // the quota: it only reads the window. Charging 0 would still refuse it once `used` exceeds a
    // budget that a plan change just lowered, and `/usage` is how a client learns when to resume.
    const decided = (decision: QuotaDecision): AuthContext => {
      request.quota = decision;
      setQuotaHeaders(reply, decision, weight, nowMs);
      if (!decision.allowed) {
        throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', `The per-minute budget of ${decision.budget} is used up; this call costs ${weight}`);
      }
      return auth;
    };
    if (weight === 0)
      return andThen(this.#countUncharged(reply, auth, 'weightless', nowMs), () => andThen(this.#ctx.limiter.peek(quotaOf(auth, nowMs)), decided));
    return andThen(this.#ctx.limiter.consume({ ...quotaOf(auth, nowMs), weight }), decided);
  }

  /** Unknown paths under the API prefix still want a valid key before they learn anything. */
  async admitUnknownPath(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = this.#ctx.clock.now();
    const auth = await this.#authenticate(request, now);
    const nowMs = now.getTime();
    const blockedUntil = this.#blockedKeys.blockedUntil(auth.key.id, nowMs);
    if (blockedUntil !== undefined) await this.#refuseBlockedKey(reply, auth, blockedUntil, nowMs);
    await this.#countUncharged(reply, auth, 'refused', nowMs);
    setQuotaHeaders(reply, await this.#ctx.limiter.peek(quotaOf(auth, nowMs)), 0, nowMs);
  }

  /** A key past an uncharged-call allowance this minute: 429 (looked up by the caller, so an admitted call awaits nothing more). */
  async #refuseBlockedKey(reply: FastifyReply, auth: AuthContext, until: number, nowMs: number): Promise<never> {
    setQuotaHeaders(reply, await this.#ctx.limiter.peek(quotaOf(auth, nowMs)), 0, nowMs);
    throw tooManyUnchargedCalls(undefined, until, nowMs);
  }

  /** Counts an uncharged call against the key's allowance of its kind; past it, blocks the key for the minute. */
  #countUncharged(reply: FastifyReply, auth: AuthContext, kind: UnchargedKind, nowMs: number): MaybePromise<void> {
    const budget = kind === 'refused' ? this.#ctx.config.refusedCallsPerMinute : this.#ctx.config.weightlessCallsPerMinute;
    return andThen(this.#ctx.limiter.consume({ subject: unchargedSubject(kind, auth.key.id), budget, weight: 1, nowMs }), (decision) =>
      decision.allowed ? undefined : this.#blockKey(reply, auth, kind, decision.resetAt, nowMs),
    );
  }

  async #blockKey(reply: FastifyReply, auth: AuthContext, kind: UnchargedKind, resetAt: number, nowMs: number): Promise<never> {
    this.#blockedKeys.block(auth.key.id, resetAt, nowMs);
    setQuotaHeaders(reply, await this.#ctx.limiter.peek(quotaOf(auth, nowMs)), 0, nowMs);
    throw tooManyUnchargedCalls(kind, resetAt, nowMs);
  }

  #forbid(reply: FastifyReply, auth: AuthContext, feature: string, nowMs: number): MaybePromise<never> {
    return andThen(this.#ctx.limiter.peek(quotaOf(auth, nowMs)), (window) => {
      setQuotaHeaders(reply, window, 0, nowMs);
      throw new ApiError(403, 'FEATURE_NOT_IN_PLAN', `This key's plan or scopes do not include ${feature}`);
    });
  }

  #authenticate(request: FastifyRequest, now: Date): MaybePromise<AuthContext> {
    const blockedUntil = this.#blocked.blockedUntil(request.ip, now.getTime());
    if (blockedUntil !== undefined) throw tooManyFailedKeys(blockedUntil, now.getTime());
    const header = request.headers['x-api-key'];
    if (header === undefined || header === '') return this.#rejectKey(request, true);
    if (typeof header !== 'string') return this.#rejectKey(request, false);
    return andThen(this.#ctx.keys.authenticate(header, now), (key) => {
      if (key === undefined) return this.#rejectKey(request, false);
      // The plans file may have been edited since: a context holds only for the plan it was made with.
      const plan = this.#ctx.plans.plan(key.plan);
      if (plan === undefined) return this.#rejectKey(request, false);
      let auth = this.#contexts.get(key);
      if (auth?.plan !== plan) {
        auth = { key, plan, features: grantedFeatures(plan.features, key.scopes), quota: keyQuotaOf(key, plan) };
        this.#contexts.set(key, auth);
      }
      request.auth = auth;
      return auth;
    });
  }

  /** Missing or invalid keys are limited per client address so keys cannot be guessed at speed. */
  #rejectKey(request: FastifyRequest, missing: boolean): MaybePromise<never> {
    const nowMs = this.#ctx.clock.now().getTime();
    const decision = this.#ctx.limiter.consume({ subject: `addr:${request.ip}`, budget: this.#ctx.config.failedAuthPerMinute, weight: 1, nowMs });
    return andThen(decision, ({ allowed, resetAt }) => {
      if (!allowed) {
        this.#blocked.block(request.ip, resetAt, nowMs);
        throw tooManyFailedKeys(resetAt, nowMs);
      }
      if (missing) throw new ApiError(401, 'API_KEY_REQUIRED', 'An API key is required in the X-API-Key header');
      throw new ApiError(401, 'API_KEY_INVALID', 'The API key is invalid, disabled, revoked or expired');
    });
  }
}
