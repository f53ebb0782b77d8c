import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { SeededRandom } from './random.ts';

export type DemoScale = 'small' | 'full';

export interface DemoContext {
  /** The seeding transaction: the whole demo load commits at once or not at all. */
  db: Transaction<Database>;
  /** Last day of the dataset (YYYY-MM-DD, UTC). Nothing is generated after it. */
  until: string;
  scale: DemoScale;
  /** A random stream of its own for each name; same name and arguments, same draws. */
  random(stream: string): SeededRandom;
  /** Reports progress within this generator, from 0 to 1. */
  progress(fraction: number): void;
}

/** One domain's demo data. `clear` removes what an earlier run of `generate` wrote. */
export interface DemoGenerator {
  name: string;
  clear(db: Transaction<Database>): Promise<void>;
  generate(ctx: DemoContext): Promise<void>;
}

export interface SeedOptions {
  until: string;
  scale: DemoScale;
  onProgress?: (generator: string, fraction: number) => void;
}

/** Runs every generator in one transaction, each with its own named random streams. */
export async function runDemoGenerators(
  db: Kysely<Database>,
  generators: readonly DemoGenerator[],
  options: SeedOptions,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const generator of generators) {
      await generator.clear(trx);
      const report = (fraction: number) => options.onProgress?.(generator.name, Math.min(1, Math.max(0, fraction)));
      report(0);
      await generator.generate({
        db: trx,
        until: options.until,
        scale: options.scale,
        random: (stream) => new SeededRandom(`${generator.name}:${stream}:${options.until}:${options.scale}`),
        progress: report,
      });
      report(1);
    }
  });
}

/** Inserts rows in chunks small enough for every dialect's parameter limit. */
export async function insertChunked<T extends keyof Database & string>(
  db: Transaction<Database> | Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
  onChunk?: (done: number) => void,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] ?? {}).length || 1;
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    await db.insertInto(table).values(rows.slice(i, i + size) as never).execute();
    onChunk?.(Math.min(rows.length, i + size));
  }
}
