import { NotFoundError } from '../../kernel/domain-errors.ts';
import { addMonths, isoDay } from '../../kernel/dates.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { COMMODITIES, DXY_ID, FEATURED_COMMODITY_IDS, GOLD_ID, findCommodity, type Commodity, type CommodityCategory } from './commodities.catalog.ts';
import { MA_WINDOW, TRENDLINE_POINTS, movingAverage50, pctChange, trendOf, weeklyLast, windowStart, type Close } from './commodities.metrics.ts';
import type { CommoditiesRepo } from './commodities.repo.ts';
import type { CommodityHistory, CommodityMovers, CommodityPrice, FeaturedCommodities, GoldDxy, ListSort } from './commodities.schemas.ts';

const SORT_KEYS: Record<ListSort, (item: CommodityPrice) => string | number | null> = {
  name: (item) => item.name,
  price: (item) => item.lastClose,
  change_1d: (item) => item.change1dPct,
  mtd: (item) => item.changeMtdPct,
  ytd: (item) => item.changeYtdPct,
};

export class CommoditiesService {
  #repo: CommoditiesRepo;

  constructor(repo: CommoditiesRepo) {
    this.#repo = repo;
  }

  /** Each commodity's figures as of today: its last 50 closes and the closes before its month and year. */
  async #prices(commodities: readonly Commodity[], now: Date): Promise<CommodityPrice[]> {
    const series = await this.#repo.lastCloses({ ids: commodities.map((c) => c.id), to: isoDay(now), count: MA_WINDOW });
    // Month and year of the last close: a commodity that has not traded this month yet keeps last month's MTD.
    // The base is a close of the month (year) before: a series with a gap has no MTD (YTD) rather than one against an older close.
    const spans = (date: string) => {
      const [month, january] = [date.slice(0, 7), `${date.slice(0, 4)}-01`];
      return [
        { before: `${month}-01`, since: `${addMonths(month, -1)}-01` },
        { before: `${january}-01`, since: `${addMonths(january, -12)}-01` },
      ] as const;
    };
    const closeBefore = await this.#repo.closesBefore(
      [...series].flatMap(([id, closes]) => {
        const last = closes.at(-1);
        return last === undefined ? [] : spans(last.date).map((span) => ({ id, ...span }));
      }),
    );
    return commodities.map((commodity) => {
      const closes = series.get(commodity.id) ?? [];
      const last = closes.at(-1);
      const ma50 = movingAverage50(closes);
      const item: CommodityPrice = {
        id: commodity.id,
        name: commodity.name,
        category: commodity.category,
        unit: commodity.unit,
        lastClose: last?.close ?? null,
        currency: commodity.currency,
        change1dPct: pctChange(last?.close, closes.at(-2)?.close),
        changeMtdPct: null,
        changeYtdPct: null,
        ma50,
        trend: trendOf(last?.close, ma50),
        trendline: closes.slice(-TRENDLINE_POINTS).map((c) => c.close),
      };
      if (last !== undefined) {
        const [month, year] = spans(last.date);
        item.changeMtdPct = pctChange(last.close, closeBefore(commodity.id, month.before));
        item.changeYtdPct = pctChange(last.close, closeBefore(commodity.id, year.before));
        item.updatedAt = `${last.date}T00:00:00.000Z`;
      }
      return item;
    });
  }

  async listCommodities({
    now,
    category,
    search,
    sort,
    order,
  }: {
    now: Date;
    category?: CommodityCategory | undefined;
    search?: string | undefined;
    sort: ListSort;
    order: 'asc' | 'desc';
  }): Promise<CommodityPrice[]> {
    const needle = search?.trim().toLowerCase() ?? '';
    const selected = COMMODITIES.filter(
      (c) => (category === undefined || c.category === category) && (needle === '' || c.name.toLowerCase().includes(needle) || c.id.includes(needle)),
    );
    return sortItems(await this.#prices(selected, now), SORT_KEYS[sort], order);
  }

  async getFeatured({ now }: { now: Date }): Promise<FeaturedCommodities> {
    const featured: FeaturedCommodities = [];
    const trendlines = await this.#repo.lastCloses({ ids: FEATURED_COMMODITY_IDS, to: isoDay(now), count: TRENDLINE_POINTS });
    for (const id of FEATURED_COMMODITY_IDS) {
      const commodity = findCommodity(id);
      if (commodity === undefined) continue;
      const series = trendlines.get(id) ?? [];
      const last = series.at(-1)?.close;
      const previous = series.at(-2)?.close;
      featured.push({
        id,
        name: commodity.name,
        unit: commodity.unit,
        lastClose: last ?? null,
        currency: commodity.currency,
        change1dPct: pctChange(last, previous),
        changeValue: last === undefined || previous === undefined ? null : roundTo(last - previous, 4),
        trendline: series.map((c) => c.close),
      });
    }
    return featured;
  }

  /** Month-to-date gainers (change > 0, largest first) and losers (change < 0, largest fall first). */
  async getMovers({ now, limit }: { now: Date; limit: number }): Promise<CommodityMovers> {
    const items = await this.listCommodities({ now, sort: 'name', order: 'asc' });
    const movers = items.flatMap((item) => (item.changeMtdPct === null ? [] : [{ id: item.id, name: item.name, changePct: item.changeMtdPct }]));
    return {
      period: 'mtd',
      gainers: movers
        .filter((m) => m.changePct > 0)
        .toSorted((a, b) => b.changePct - a.changePct || a.id.localeCompare(b.id))
        .slice(0, limit),
      losers: movers
        .filter((m) => m.changePct < 0)
        .toSorted((a, b) => a.changePct - b.changePct || a.id.localeCompare(b.id))
        .slice(0, limit),
    };
  }

  /** Both series rebased on their own first close in the window (pctChange 0 there). */
  async getGoldDxy({ now, period }: { now: Date; period: '1m' | '3m' | 'ytd' }): Promise<GoldDxy> {
    const to = isoDay(now);
    const closes = await this.#repo.closes({ ids: [GOLD_ID, DXY_ID], from: windowStart(period, to), to });
    const rebased = (series: readonly Close[]) => {
      const base = series[0]?.close;
      return series.map((c) => ({ date: c.date, pctChange: pctChange(c.close, base) ?? 0, value: c.close }));
    };
    return { period, series: { gold: rebased(closes.get(GOLD_ID) ?? []), dxy: rebased(closes.get(DXY_ID) ?? []) } };
  }

  async getHistory({
    now,
    id,
    period,
    interval,
  }: {
    now: Date;
    id: string;
    period: '7d' | '1m' | '3m' | 'ytd' | '1y';
    interval: 'daily' | 'weekly';
  }): Promise<CommodityHistory> {
    if (findCommodity(id) === undefined) throw new NotFoundError(`Unknown commodity: ${id}`);
    const to = isoDay(now);
    const closes = (await this.#repo.closes({ ids: [id], from: windowStart(period, to), to })).get(id) ?? [];
    return interval === 'weekly' ? weeklyLast(closes) : closes;
  }
}

/** Sorts by the key in `order`; missing figures (null) go last either way. */
function sortItems(items: CommodityPrice[], key: (item: CommodityPrice) => string | number | null, order: 'asc' | 'desc'): CommodityPrice[] {
  const direction = order === 'asc' ? 1 : -1;
  return items.toSorted((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === y ? a.id.localeCompare(b.id) : x === null ? 1 : -1;
    const compared = typeof x === 'string' && typeof y === 'string' ? x.localeCompare(y) : Number(x) - Number(y);
    return compared * direction || a.id.localeCompare(b.id);
  });
}
