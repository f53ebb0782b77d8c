import type { Kysely } from 'kysely';
import { loadConfig } from '../../config.ts';
import { openRuntime } from '../../runtime.ts';
import { demoGenerators } from '../../ingest/demo/index.ts';
import type { Database } from '../../store/schema.ts';
import { writeVersioned } from '../../store/versioned-write.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';

const USAGE = usageOf('demo');

/**
 * Takes the demo out of a store: every generator's `clear` (which removes the demo's rows
 * only) and the demo's releases, in one transaction that bumps the demo's datasets, so every
 * serving process drops the answers it prepared from them. Imported and synced releases, their
 * data, the accounts and the keys stay.
 */
export async function removeDemo(db: Kysely<Database>): Promise<number> {
  return writeVersioned(db, async (trx) => {
    const releases = await trx
      .selectFrom('release')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('origin', '=', 'demo')
      .executeTakeFirstOrThrow();
    for (const generator of demoGenerators) await generator.clear(trx);
    // The generators remove the releases they wrote; any other demo release goes too.
    await trx
      .deleteFrom('release_fact')
      .where('release_id', 'in', trx.selectFrom('release').select('id').where('origin', '=', 'demo'))
      .execute();
    await trx.deleteFrom('release').where('origin', '=', 'demo').execute();
    return { result: Number(releases.n), changed: demoGenerators.flatMap((generator) => generator.datasets) };
  });
}

export async function demoCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { 'data-dir': { type: 'string' } }, USAGE);
  if (positionals[0] !== 'remove' || positionals.length !== 1) throw new UsageError(`usage: ${USAGE}`);
  const runtime = await openRuntime(loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } }));
  try {
    const releases = await removeDemo(runtime.store.db);
    process.stdout.write(
      `Removed the demo data (${releases} demo releases) from ${runtime.store.location}; imported and synced data and the accounts are kept\n`,
    );
  } finally {
    await runtime.close();
  }
  return 0;
}
