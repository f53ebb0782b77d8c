import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/store/schema.ts';
import { seedDemo } from '../../src/cli/commands/seed.ts';
import { createTestHub } from '../helpers/app.ts';
import { testStore } from '../helpers/stores.ts';

/** The earlier seed's last day: every row dated on or before it must be the same in both seeds. */
const EARLIER = '2026-11-20';
const LATER = '2026-11-27';

/** How a dated column spells its date: a day or an instant, a month, a quarter, a year. */
type DateKind = 'day' | 'month' | 'quarter' | 'year';

/** How the test compares one table's rows between the two seeds. */
type TableRule =
  | {
      /** The column whose date says whether a row is in the shared past. */
      date: string;
      kind?: DateKind;
      /** Columns left out of the comparison, with the reason. */
      ignore?: { columns: readonly string[]; because: string };
      /**
       * Stored hourly for the seed's last days and at midnight before: a later seed holds a
       * subset of the earlier one's past (the same rows) and every midnight of it.
       */
      thinned?: true;
    }
  | { notDated: true }
  | { excluded: string };

type Row = Record<string, unknown>;

/** Every table of the store. A table added later fails the test until it is given a rule here. */
const RULES: Readonly<Record<string, TableRule>> = {
  fdh_migration: { excluded: 'the migrator’s own bookkeeping' },
  fdh_migration_lock: { excluded: 'the migrator’s own bookkeeping' },
  data_version: { excluded: 'version counters of the datasets, bumped by every write: not data' },
  api_key: { excluded: 'keys are made by tests and operators, never by the demo' },
  account: { excluded: 'accounts are made by operators, never by the demo' },
  session: { excluded: 'dashboard sign-ins, never made by the demo' },
  usage_minute: { excluded: 'metered calls, never made by the demo' },
  sync_source: { excluded: 'the state of fdh sync sources, never written by the demo' },
  sync_claim: { excluded: 'scheduled slots claimed by fdh sync, never written by the demo' },
  audit_event: { excluded: 'the audit trail of operators and accounts, never written by the demo' },
  release: { date: 'knowledge_at' },
  release_fact: { excluded: "each release's count of what it wrote: a demo generator's rows and last period grow with the seed's last day" },
  instrument_close_superseded: { excluded: 'closes a release replaced or withdrew, kept to take the release back: the demo writes none' },
  macro_observation: { date: 'knowledge_at' },
  crypto_coin: { notDated: true },
  crypto_market_snapshot: { date: 'at', thinned: true },
  crypto_fear_greed: { date: 'date' },
  crypto_metric: { date: 'at', thinned: true },
  etf_fund: { notDated: true },
  etf_nav: { date: 'date' },
  etf_price: { date: 'date', ignore: { columns: ['id'], because: 'a surrogate numbered in load order' } },
  etf_holding: { date: 'fund_date', ignore: { columns: ['id'], because: 'a surrogate numbered in load order' } },
  market_index: { notDated: true },
  instrument_close: { date: 'date' },
  equity_issue: {
    date: 'listed_on',
    ignore: { columns: ['shares_outstanding', 'shares_as_of'], because: 'the share count is stated as of the seed’s last day' },
  },
  equity_bar: { date: 'date' },
  equity_session: { date: 'date' },
  equity_action: { date: 'effective_date' },
  equity_statement: { date: 'disclosed_on' },
  news_article: { date: 'published_at' },
  news_article_symbol: { date: 'published_at' },
  news_article_category: { date: 'published_at' },
  calendar_event: { date: 'scheduled_at' },
  re_province: { notDated: true },
  re_ward: { notDated: true },
  re_road_price: { date: 'year', kind: 'year' },
  re_province_price: { date: 'month', kind: 'month' },
  re_transaction: { date: 'trade_period', kind: 'quarter' },
};

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** The day a value is dated: an instant's day, a month's or a quarter's last day (when it is complete), a year's first day (its tables apply from then). */
function dayOf(value: unknown, kind: DateKind): string {
  const text = String(value);
  switch (kind) {
    case 'day':
      return text.slice(0, 10);
    case 'month':
      return lastDayOfMonth(Number(text.slice(0, 4)), Number(text.slice(5, 7)));
    case 'quarter':
      return lastDayOfMonth(Number(text.slice(0, 4)), Number(text.slice(6, 7)) * 3);
    case 'year':
      return `${text}-01-01`;
  }
}

async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const query =
    testStore === 'postgres'
      ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  return (await query.execute(db)).rows.map((row) => row.name).sort();
}

async function rowsOf(db: Kysely<Database>, table: string): Promise<Row[]> {
  return (await sql<Row>`select * from ${sql.table(table)}`.execute(db)).rows;
}

/** The rows of the shared past, each as canonical text without the ignored columns, sorted. */
function sharedPast(rows: readonly Row[], rule: Exclude<TableRule, { excluded: string }>): string[] {
  const ignored = new Set('ignore' in rule && rule.ignore !== undefined ? rule.ignore.columns : []);
  const dated = 'date' in rule ? rule : undefined;
  return rows
    .filter((row) => dated === undefined || dayOf(row[dated.date], dated.kind ?? 'day') <= EARLIER)
    .map((row) =>
      JSON.stringify(
        Object.keys(row)
          .sort()
          .filter((column) => !ignored.has(column))
          .map((column) => [column, row[column]]),
      ),
    )
    .sort();
}

/** The later seed's past is a subset of the earlier one's that keeps each of its midnights. */
function assertThinnedRows(table: string, earlier: readonly string[], later: readonly string[]): void {
  const inEarlier = new Set(earlier);
  const notInEarlier = later.filter((row) => !inEarlier.has(row));
  assert.deepEqual(notInEarlier.slice(0, 3), [], `${table}: rows of the later seed's past the earlier seed does not hold`);
  const inLater = new Set(later);
  const midnightsLost = earlier.filter((row) => row.includes('T00:00:00.000Z"]') && !inLater.has(row));
  assert.deepEqual(midnightsLost.slice(0, 3), [], `${table}: midnight rows of the earlier seed the later one lost`);
}

/** Equal lists, or a failure naming the counts and the first rows only one side has. */
function assertSameRows(table: string, earlier: readonly string[], later: readonly string[]): void {
  if (earlier.length === later.length && earlier.every((row, i) => row === later[i])) return;
  const inLater = new Set(later);
  const inEarlier = new Set(earlier);
  const onlyEarlier = earlier.filter((row) => !inLater.has(row)).slice(0, 3);
  const onlyLater = later.filter((row) => !inEarlier.has(row)).slice(0, 3);
  assert.fail(
    `${table}: ${earlier.length} rows until ${EARLIER} in the earlier seed, ${later.length} in the later one\n` +
      `only in the earlier seed: ${onlyEarlier.join('\n')}\nonly in the later seed: ${onlyLater.join('\n')}`,
  );
}

async function seededStore(t: TestContext, until: string): Promise<Kysely<Database>> {
  const hub = await createTestHub(t);
  await seedDemo(hub.runtime.store.db, hub.clock, { until, scale: 'small', quiet: true });
  return hub.runtime.store.db;
}

test(`seeding the demo to a later day only adds days: every row dated on or before ${EARLIER} is the same`, async (t) => {
  const earlier = await seededStore(t, EARLIER);
  const later = await seededStore(t, LATER);
  const tables = await tableNames(earlier);
  assert.deepEqual(await tableNames(later), tables);
  const unmapped = tables.filter((table) => RULES[table] === undefined);
  assert.deepEqual(unmapped, [], 'every table needs a rule: a date column, not dated, or excluded with a reason');

  await t.test('the later seed adds days to the same past (7203’s close of 2026-06-30, its last bar)', async () => {
    const bar = (db: Kysely<Database>) => db.selectFrom('equity_bar').select(['date', 'close']).where('code', '=', '72030').orderBy('date', 'desc');
    assert.equal((await bar(earlier).executeTakeFirstOrThrow()).date, EARLIER);
    assert.equal((await bar(later).executeTakeFirstOrThrow()).date, LATER);
    const closeOn = async (db: Kysely<Database>) => (await bar(db).where('date', '=', '2026-06-30').executeTakeFirstOrThrow()).close;
    assert.equal(await closeOn(earlier), await closeOn(later));
  });

  for (const table of tables) {
    const rule = RULES[table];
    if (rule === undefined || 'excluded' in rule) continue;
    const [earlierRows, laterRows] = [await rowsOf(earlier, table), await rowsOf(later, table)];
    await t.test(table, () => {
      assert.ok(laterRows.length > 0 || earlierRows.length === 0, `${table} is empty in the later seed`);
      const compare = 'thinned' in rule && rule.thinned === true ? assertThinnedRows : assertSameRows;
      compare(table, sharedPast(earlierRows, rule), sharedPast(laterRows, rule));
    });
  }
});
