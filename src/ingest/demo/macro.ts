import type { DemoGenerator } from './framework.ts';
import { DEMO_DATASET_PREFIX, DemoVintage } from './macro/demo-vintage.ts';
import { generateEconomy } from './macro/economy.ts';
import { generateJapanFdi, generateVietnamFdi } from './macro/fdi.ts';
import { generateTibor } from './macro/markets.ts';

/** Macro demo data: every figure goes through releases into the vintage store, revisions included. */
export const macroDemoGenerator: DemoGenerator = {
  name: 'macro',
  datasets: ['macro'],
  async clear(db) {
    const demoReleases = db.selectFrom('release').select('id').where('dataset', 'like', `${DEMO_DATASET_PREFIX}%`);
    await db.deleteFrom('macro_observation').where('release_id', 'in', demoReleases).execute();
    await db.deleteFrom('release_fact').where('release_id', 'in', demoReleases).execute();
    await db.deleteFrom('release').where('dataset', 'like', `${DEMO_DATASET_PREFIX}%`).execute();
  },
  async generate(ctx) {
    const vintage = new DemoVintage(ctx.until);
    generateJapanFdi(ctx, vintage);
    generateVietnamFdi(ctx, vintage);
    generateTibor(ctx, vintage);
    generateEconomy(ctx, vintage);
    ctx.progress(0.4);
    await vintage.write(ctx.db, ctx.progress);
  },
};
