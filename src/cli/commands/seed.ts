import type { Kysely, Transaction } from 'kysely';
import { runDemoGenerators, type DemoScale } from '../../ingest/demo/framework.ts';
import { demoGenerators } from '../../ingest/demo/index.ts';
import type { Database } from '../../store/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { openRuntime } from '../../runtime.ts';
import { loadConfig } from '../../config.ts';
import { parse, UsageError, yesterdayUtc } from '../args.ts';
import { usageOf } from '../usage.ts';
import { progressReporter } from '../progress.ts';

const USAGE = usageOf('seed');

export async function seedDemo(
  db: Kysely<Database>,
  clock: Clock,
  options: {
    until?: string | undefined;
    scale?: DemoScale | undefined;
    quiet?: boolean;
    alongside?: (trx: Transaction<Database>) => Promise<void>;
  },
): Promise<{ until: string; scale: DemoScale; seconds: number }> {
  const until = options.until ?? yesterdayUtc(clock.now());
  const scale = options.scale ?? 'small';
  const started = performance.now();
  const reporter = options.quiet === true ? undefined : progressReporter(demoGenerators.map((g) => g.name));
  await runDemoGenerators(db, demoGenerators, {
    until,
    scale,
    onProgress: reporter?.update,
    ...(options.alongside === undefined ? {} : { alongside: options.alongside }),
  });
  reporter?.done();
  return { until, scale, seconds: (performance.now() - started) / 1000 };
}

export async function seedCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { until: { type: 'string' }, scale: { type: 'string' }, 'data-dir': { type: 'string' } }, USAGE);
  if (positionals[0] !== 'demo' || positionals.length !== 1) throw new UsageError(`usage: ${USAGE}`);
  if (values.until !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(values.until)) {
    throw new UsageError(`--until must be a date YYYY-MM-DD (got "${values.until}")`);
  }
  if (values.until !== undefined && Number.isNaN(Date.parse(values.until))) throw new UsageError(`--until is not a real date: ${values.until}`);
  if (values.scale !== undefined && values.scale !== 'small' && values.scale !== 'full') {
    throw new UsageError(`--scale must be small or full (got "${values.scale}")`);
  }
  const config = loadConfig({ overrides: { FDH_DATA_DIR: values['data-dir'] } });
  const runtime = await openRuntime(config);
  try {
    const result = await seedDemo(runtime.store.db, runtime.clock, { until: values.until, scale: values.scale as DemoScale | undefined });
    process.stdout.write(`Seeded the ${result.scale} demo dataset until ${result.until} in ${result.seconds.toFixed(1)} s (${runtime.store.location})\n`);
  } finally {
    await runtime.close();
  }
  return 0;
}
