import { decisionFor, windowStartOf, type QuotaDecision, type QuotaRequest, type RateLimiter } from './rate-limiter.ts';

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

  async consume({ subject, budget, weight, nowMs }: QuotaRequest): Promise<QuotaDecision> {
    const windowStart = this.#roll(nowMs);
    const used = this.#used.get(subject) ?? 0;
    if (used + weight > budget) return decisionFor(false, budget, used, windowStart);
    this.#used.set(subject, used + weight);
    return decisionFor(true, budget, used + weight, windowStart);
  }

  async peek({ subject, budget, nowMs }: Omit<QuotaRequest, 'weight'>): Promise<QuotaDecision> {
    const windowStart = this.#roll(nowMs);
    return decisionFor(true, budget, this.#used.get(subject) ?? 0, windowStart);
  }

  async status(): Promise<'local'> {
    return 'local';
  }

  async close(): Promise<void> {}
}
