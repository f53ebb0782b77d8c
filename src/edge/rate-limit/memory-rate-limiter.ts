import { decisionFor, tighterOf, windowStartOf, type QuotaDecision, type QuotaRequest, type RateLimiter } from './rate-limiter.ts';

/** In-process quota: one counter per subject, all dropped when a new minute begins. */
export class MemoryRateLimiter implements RateLimiter {
  #windowStart = 0;
  #used = new Map<string, number>();

  #roll(nowMs: number): number {
    const windowStart = windowStartOf(nowMs);
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart;
      this.#used = new Map();
    }
    return windowStart;
  }

  consume({ subject, budget, weight, nowMs, inner }: QuotaRequest): QuotaDecision {
    const windowStart = this.#roll(nowMs);
    const used = this.#used.get(subject) ?? 0;
    const innerUsed = inner === undefined ? 0 : (this.#used.get(inner.subject) ?? 0);
    const allowed = used + weight <= budget && (inner === undefined || innerUsed + weight <= inner.budget);
    const charged = allowed ? weight : 0;
    this.#used.set(subject, used + charged);
    if (inner !== undefined) this.#used.set(inner.subject, innerUsed + charged);
    return tighterOf(
      decisionFor(allowed, budget, used + charged, windowStart),
      inner === undefined ? undefined : decisionFor(allowed, inner.budget, innerUsed + charged, windowStart),
    );
  }

  peek({ subject, budget, nowMs, inner }: Omit<QuotaRequest, 'weight'>): QuotaDecision {
    const windowStart = this.#roll(nowMs);
    return tighterOf(
      decisionFor(true, budget, this.#used.get(subject) ?? 0, windowStart),
      inner === undefined ? undefined : decisionFor(true, inner.budget, this.#used.get(inner.subject) ?? 0, windowStart),
    );
  }

  async status(): Promise<'local'> {
    return 'local';
  }

  async close(): Promise<void> {}
}
