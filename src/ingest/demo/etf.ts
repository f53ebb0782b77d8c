import type { Transaction } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { insertRows } from '../../store/loader.ts';
import type { DemoGenerator } from './framework.ts';
import { DEMO_FUNDS, ETF_DEMO_SOURCE, fundRow } from './etf/catalogue.ts';
import { fundHistory, historyStart } from './etf/history.ts';
import { fundHoldings } from './etf/holdings.ts';
import { fundSessions } from './etf/sessions.ts';
import { driverReturns, HIGH_DIVIDEND, indexDrivers, REFERENCE_DAY, yearsBetween } from './etf/walks.ts';

async function maxId(db: Transaction<Database>, table: 'etf_price' | 'etf_holding'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/**
 * Tokyo-listed ETFs and Vietnamese open-end funds: daily NAVs driven by their index (a shared
 * walk per index, so funds on the same index move together), units outstanding that change
 * with creations and redemptions, exchange prices around the NAV, monthly holdings snapshots,
 * and the VN-Index.
 */
export const etfDemoGenerator: DemoGenerator = {
  name: 'etf',
  datasets: ['etf'],
  async clear(db: Transaction<Database>) {
    for (const table of ['etf_holding', 'etf_price', 'etf_nav', 'etf_fund'] as const) {
      await db.deleteFrom(table).where('source', '=', ETF_DEMO_SOURCE).execute();
    }
  },
  async generate(ctx) {
    const start = historyStart(ctx);
    const drivers = await indexDrivers(ctx, start);
    const topix = drivers.get('topix');
    if (topix === undefined) throw new Error('no TOPIX driver');
    const own = driverReturns(fundSessions(start, ctx.until, 'jp'), HIGH_DIVIDEND.drift, HIGH_DIVIDEND.vol, ctx.random('driver:highDividend'));
    for (const [date, r] of own) own.set(date, r + HIGH_DIVIDEND.beta * (topix.returns.get(date) ?? 0));
    drivers.set('highDividend', {
      returns: own,
      logStartToReference: HIGH_DIVIDEND.beta * topix.logStartToReference - HIGH_DIVIDEND.drift * yearsBetween(start, REFERENCE_DAY),
    });

    // Surrogate ids continue after any imported row's, so a seed after an import never reuses one.
    let priceId = Math.max(346_000, (await maxId(ctx.db, 'etf_price')) + 1);
    let holdingId = Math.max(6_316_000, (await maxId(ctx.db, 'etf_holding')) + 1);
    const funds = DEMO_FUNDS;
    // Imported funds, NAVs, prices and holdings win: the demo fills the funds and days they leave.
    await insertRows(
      ctx.db,
      'etf_fund',
      funds.map(({ fund, market }) => ({ ...fundRow(fund, market) })),
      { onConflict: { key: ['code'], keep: 'stored' } },
    );
    for (const [i, { fund, market }] of funds.entries()) {
      const history = fundHistory(fund, market, drivers, ctx);
      await insertRows(
        ctx.db,
        'etf_nav',
        history.navs.map((row) => ({ ...row })),
        { onConflict: { key: ['fund_code', 'date'], keep: 'stored' } },
      );
      await insertRows(
        ctx.db,
        'etf_price',
        history.prices.map((row) => ({ id: priceId++, ...row })),
        { onConflict: { key: ['fund_code', 'date'], keep: 'stored' } },
      );
      const snapshotsTaken = await ctx.db.selectFrom('etf_holding').select('fund_date').distinct().where('fund_code', '=', fund.code).execute();
      const taken = new Set(snapshotsTaken.map((row) => row.fund_date));
      const holdings = fundHoldings(fund, history.navs, ctx, () => holdingId++).filter((row) => !taken.has(row.fund_date));
      await insertRows(
        ctx.db,
        'etf_holding',
        holdings.map((row) => ({ ...row })),
      );
      ctx.progress((i + 1) / funds.length);
    }
  },
};
