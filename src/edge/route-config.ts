import type { FeatureCode, Plan, Plans } from './auth/plans.ts';
import type { ApiKeyRecord } from './auth/key-record.ts';
import type { KeyQuota } from './rate-limit/rate-limiter.ts';

export interface AuthContext {
  key: ApiKeyRecord;
  plan: Plan;
  features: FeatureCode[];
  /** The windows its calls are charged to (account-quota.ts): the same for every call until the record or plan changes. */
  quota: KeyQuota;
}

/**
 * Declared on every API route (Fastify's route `config`); read by the gate (auth → feature →
 * quota), the route's wrapper and the usage meter.
 */
export interface ApiRouteConfig {
  /** `null`: any valid key may call it (the usage endpoint). */
  feature: FeatureCode | null;
  /** The feature a request needs where its path decides it (route.ts `featureOf`). */
  featureOf?: (params: Readonly<Record<string, string>>) => FeatureCode | undefined;
  /** Every feature a request needs where its parameters decide them (route.ts `featuresOf`). */
  featuresOf?: (params: Readonly<Record<string, string>>, query: Readonly<Record<string, string>>) => readonly FeatureCode[];
  weight: number;
  /** What a request costs where its query decides it (route.ts `weightOf`). */
  weightOf?: (query: Readonly<Record<string, string>>) => number;
  /** Path template below `/openapi/v1`, as the plans file's `weights` names it. */
  pathTemplate: string;
  /** The route as Fastify knows it (`/openapi/v1/commodities/:id/history`): the metrics' route label. */
  url: string;
  /** Seconds a response stays fresh: `Cache-Control: private, max-age=…`. */
  maxAge: (now: Date) => number;
}

/**
 * What a call to the route costs: the plans file's weight for its path, else the route's own
 * for this request. `query` is the request's query as parsed, before validation (the quota is
 * charged before parameters are checked).
 */
export function weightOf(plans: Plans, route: ApiRouteConfig, query: unknown): number {
  return plans.weightOf(route.pathTemplate, route.weightOf === undefined ? route.weight : route.weightOf(query as Readonly<Record<string, string>>));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The API route the request reached, set by the gate before anything else (undefined off the API routes). */
    apiRoute?: ApiRouteConfig;
  }
}
