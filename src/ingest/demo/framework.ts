import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { tallyFacts, tallyFirstYear, writeReleaseFacts } from '../../store/release-facts.ts';
import type { DatasetKey } from '../../kernel/data-versions.ts';
import type { Database } from '../../store/schema.ts';
import { writeVersioned } from '../../store/versioned-write.ts';
import { SeededRandom } from './random.ts';

export type DemoScale = 'small' | 'full';

export interface DemoContext {
  /** The seeding transaction: the whole demo load commits at once or not at all. */
  db: Transaction<Database>;
  /** Last day of the dataset (YYYY-MM-DD, UTC). Nothing is generated after it. */
  until: string;
  scale: DemoScale;
  /**
   * A random stream of its own for each name: the same name gives the same draws whatever the
   * `until` and the scale, so a series walked forward from a fixed start has a fixed past.
   */
  random(stream: string): SeededRandom;
  /** Reports progress within this generator, from 0 to 1. */
  progress(fraction: number): void;
}

/** One domain's demo data. `clear` removes what an earlier run of `generate` wrote. */
export interface DemoGenerator {
  name: string;
  /** The dataset keys it writes: their versions are bumped with the seed. */
  datasets: readonly DatasetKey[];
  clear(db: Transaction<Database>): Promise<void>;
  generate(ctx: DemoContext): Promise<void>;
}

export interface SeedOptions {
  until: string;
  scale: DemoScale;
  onProgress?: (generator: string, fraction: number) => void;
  /** Further writes that must commit with the demo data or not at all (the first start's demo key). */
  alongside?: (trx: Transaction<Database>) => Promise<void>;
}

/** Under the generator's own prefix (`demo:macro:`), which its `clear` may remove with its releases. */
const demoDataset = (generator: string): string => `demo:${generator}:written`;

async function removeDemoRelease(trx: Transaction<Database>, generator: string): Promise<void> {
  const releases = trx.selectFrom('release').select('id').where('dataset', '=', demoDataset(generator));
  await trx.deleteFrom('release_fact').where('release_id', 'in', releases).execute();
  await trx.deleteFrom('release').where('dataset', '=', demoDataset(generator)).execute();
}

/**
 * The release that names what one generator wrote (release-facts.ts), so that provenance says
 * `demo` for its figures. The demo plays a history: it is known from the start of its first year.
 */
async function writeDemoRelease(trx: Transaction<Database>, generator: string, options: SeedOptions): Promise<void> {
  const id = `rel_demo_${generator}`;
  const knowledgeAt = `${tallyFirstYear(trx) ?? options.until.slice(0, 4)}-01-01T00:00:00.000Z`;
  await trx
    .insertInto('release')
    .values({
      id,
      dataset: demoDataset(generator),
      source: 'demo',
      file_name: null,
      // The demo's past is fixed whatever its last day (demo-fixed-past.test.ts): so is its release's identity.
      content_hash: createHash('sha256').update(`demo ${generator} ${options.scale}`).digest('hex'),
      knowledge_at: knowledgeAt,
      loaded_at: knowledgeAt,
      origin: 'demo',
    })
    .execute();
  await writeReleaseFacts(trx, id);
}

/** Runs every generator in one transaction, each with its own named random streams. */
export async function runDemoGenerators(db: Kysely<Database>, generators: readonly DemoGenerator[], options: SeedOptions): Promise<void> {
  await writeVersioned(db, async (trx) => {
    for (const generator of generators) {
      await generator.clear(trx);
      await removeDemoRelease(trx, generator.name);
      tallyFacts(trx);
      const report = (fraction: number) => options.onProgress?.(generator.name, Math.min(1, Math.max(0, fraction)));
      report(0);
      await generator.generate({
        db: trx,
        until: options.until,
        scale: options.scale,
        random: (stream) => new SeededRandom(`${generator.name}:${stream}`),
        progress: report,
      });
      report(1);
      await writeDemoRelease(trx, generator.name, options);
    }
    await options.alongside?.(trx);
    return { result: undefined, changed: generators.flatMap((generator) => generator.datasets) };
  });
}
