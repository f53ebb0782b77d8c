import type { AuthContext } from '../route-config.ts';
import type { QuotaRequest } from '../rate-limit/rate-limiter.ts';

/**
 * Whose window a key's call is charged to: its account's budget (every key of the account draws
 * from it), and the key's own lower budget when it has one, in the same atomic step.
 */
export const accountQuotaSubject = (accountId: string): string => `account:${accountId}`;
export const keyQuotaSubject = (keyId: string): string => `key:${keyId}`;

export function quotaOf(auth: Pick<AuthContext, 'key' | 'plan'>, nowMs: number): Omit<QuotaRequest, 'weight'> {
  const { key, plan } = auth;
  return {
    subject: accountQuotaSubject(key.accountId),
    budget: plan.budget,
    nowMs,
    inner: key.budget === null ? undefined : { subject: keyQuotaSubject(key.id), budget: Math.min(key.budget, plan.budget) },
  };
}
