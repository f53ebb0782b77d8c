import type { AuthContext } from '../route-config.ts';
import type { KeyQuota, QuotaRequest } from '../rate-limit/rate-limiter.ts';

/**
 * Whose window a key's call is charged to: its account's budget (every key of the account draws
 * from it), and the key's own lower budget when it has one, in the same atomic step.
 */
export const accountQuotaSubject = (accountId: string): string => `account:${accountId}`;
export const keyQuotaSubject = (keyId: string): string => `key:${keyId}`;

/** A key's windows under its plan: made once per key record and plan (the gate's AuthContext). */
export function keyQuotaOf(key: AuthContext['key'], plan: AuthContext['plan']): KeyQuota {
  return {
    subject: accountQuotaSubject(key.accountId),
    budget: plan.budget,
    inner: key.budget === null ? undefined : { subject: keyQuotaSubject(key.id), budget: Math.min(key.budget, plan.budget) },
  };
}

export function quotaOf(auth: Pick<AuthContext, 'quota'>, nowMs: number): Omit<QuotaRequest, 'weight'> {
  return { ...auth.quota, nowMs };
}
