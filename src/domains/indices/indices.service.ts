import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { IndicesRepo, type IndexBoard, type IndexClose } from './indices.repo.ts';
import type { MarketIndexQuote } from './indices.schemas.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

export class IndicesService {
  #repo: IndicesRepo;

  constructor(db: Kysely<Database>) {
    this.#repo = new IndicesRepo(db);
  }

  /** Each index of the board with its latest close and the change from the close before it. */
  async getBoard({ board }: { board: IndexBoard }): Promise<MarketIndexQuote[]> {
    const indices = await this.#repo.indices({ board });
    const byCode = await this.#lastTwoCloses(indices.map((index) => index.code));
    return indices.map((index) => {
      const [latest, previous] = byCode.get(index.code) ?? [];
      const change = latest !== undefined && previous !== undefined ? latest.close - previous.close : null;
      return {
        code: index.code,
        name: index.name,
        country: index.country,
        region: index.region,
        level: latest?.close ?? null,
        change: change === null ? null : round2(change),
        changePercent: change === null || previous === undefined ? null : round2((change / previous.close) * 100),
        asOf: latest?.date ?? null,
        currency: index.currency,
        source: latest?.source ?? null,
      };
    });
  }

  /**
   * The latest two closes of each index, newest first. Reads the last few weeks (an index range)
   * and an index's whole history only when a long pause left it without two closes there.
   */
  async #lastTwoCloses(codes: readonly string[]): Promise<Map<string, IndexClose[]>> {
    const spans = await this.#repo.spans({ codes });
    if (spans.length === 0) return new Map();
    const earliestLast = spans.map((span) => span.lastDate).reduce((a, b) => (b < a ? b : a));
    const from = new Date(Date.parse(`${earliestLast}T00:00:00Z`) - LOOKBACK_DAYS * 86_400_000).toISOString().slice(0, 10);
    const byCode = group(await this.#repo.closesSince({ codes: spans.map((span) => span.code), from }));
    const short = spans.filter((span) => (byCode.get(span.code)?.length ?? 0) < 2 && span.firstDate < from);
    if (short.length > 0) {
      for (const [code, closes] of group(await this.#repo.lastCloses({ codes: short.map((span) => span.code), count: 2 }))) byCode.set(code, closes);
    }
    return byCode;
  }
}

/** Calendar days searched for the last two closes: covers the longest market holidays (Golden Week, Tết). */
const LOOKBACK_DAYS = 14;

function group(closes: readonly IndexClose[]): Map<string, IndexClose[]> {
  const byCode = new Map<string, IndexClose[]>();
  for (const close of closes) {
    const list = byCode.get(close.code);
    if (list === undefined) byCode.set(close.code, [close]);
    else list.push(close);
  }
  return byCode;
}
