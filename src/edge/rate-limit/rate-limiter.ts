import type { MaybePromise } from '../../kernel/maybe-promise.ts';

/**
 * The weighted per-minute quota (contract section 2). Windows are fixed UTC minutes. `consume`
 * decides and charges in one step, so no two concurrent requests can both spend the last unit
 * of a budget; adapters (memory, Redis) must keep that atomicity.
 */
export interface QuotaRequest {
  /** Whose budget: an account (`account:<id>`), or `addr:<ip>` for failed key attempts. */
  subject: string;
  budget: number;
  weight: number;
  nowMs: number;
  /**
   * A second, lower budget inside the subject's (a key's own): checked and charged in the same
   * atomic step, so a call is admitted only when both have room and charged to both.
   */
  inner?: { subject: string; budget: number } | undefined;
}

/** A key's windows without the instant of a call: the same for every call of one key record and plan. */
export type KeyQuota = Omit<QuotaRequest, 'weight' | 'nowMs'>;

export interface QuotaDecision {
  allowed: boolean;
  budget: number;
  /** Weight used in the window after this decision. */
  used: number;
  remaining: number;
  /** Unix seconds of the next minute boundary. */
  resetAt: number;
}

/** `local`: in-process by design; `shared`: one budget across processes; `degraded`: shared store unreachable, limiting locally. */
export type RateLimiterStatus = 'local' | 'shared' | 'degraded';

/** Decisions come at once from an in-process limiter and later from a shared one. */
export interface RateLimiter {
  consume(request: QuotaRequest): MaybePromise<QuotaDecision>;
  /** Checks, now, whether the shared store answers. */
  status(): Promise<RateLimiterStatus>;
  /** The window's state without charging anything. */
  peek(request: Omit<QuotaRequest, 'weight'>): MaybePromise<QuotaDecision>;
  close(): Promise<void>;
}

export const WINDOW_MS = 60_000;

export function windowStartOf(nowMs: number): number {
  return Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
}

/**
 * The decision of a request with an inner budget: the window with the fewer units left is the
 * one the caller meets first, so the answer describes that one.
 */
export function tighterOf(outer: QuotaDecision, inner: QuotaDecision | undefined): QuotaDecision {
  if (inner === undefined) return outer;
  const chosen = inner.remaining < outer.remaining ? inner : outer;
  return { ...chosen, allowed: outer.allowed && inner.allowed };
}

export function decisionFor(allowed: boolean, budget: number, used: number, windowStart: number): QuotaDecision {
  return {
    allowed,
    budget,
    used,
    remaining: Math.max(0, budget - used),
    resetAt: (windowStart + WINDOW_MS) / 1000,
  };
}
