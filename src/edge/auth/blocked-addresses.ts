/**
 * Client addresses that used up their failed-key allowance, until the end of that window. The
 * gate looks here before it looks a key up, so a blocked address gets 429 whatever key it
 * sends and cannot tell a right guess from a wrong one. Kept in the process, with no store or
 * Redis call on the request path: an address blocked by another process is learned here at
 * its first refused attempt on this one.
 */
export class BlockedAddresses {
  /** Address → the Unix second its block ends. */
  readonly #until = new Map<string, number>();
  readonly #limit: number;

  constructor(limit = 100_000) {
    this.#limit = limit;
  }

  block(address: string, untilSeconds: number, nowMs: number): void {
    if (this.#until.size >= this.#limit) this.#forgetExpired(nowMs);
    if (this.#until.size >= this.#limit) this.#until.clear();
    this.#until.set(address, untilSeconds);
  }

  /** The Unix second the address's block ends, if it is blocked at `nowMs`. */
  blockedUntil(address: string, nowMs: number): number | undefined {
    const until = this.#until.get(address);
    if (until === undefined) return undefined;
    if (until * 1000 > nowMs) return until;
    this.#until.delete(address);
    return undefined;
  }

  #forgetExpired(nowMs: number): void {
    for (const [address, until] of this.#until) if (until * 1000 <= nowMs) this.#until.delete(address);
  }
}
