import { InvalidInputError, NotFoundError } from '../../kernel/domain-errors.ts';
import { navKey, type EtfRepo, type DatedValue } from './etf.repo.ts';
import type { EtfFundRow, EtfHoldingRow, EtfNavRow } from '../../store/tables/etf.tables.ts';
import type {
  EtfDetail,
  EtfHeatmapItem,
  EtfHolding,
  EtfInfo,
  EtfListItem,
  EtfPriceHistory,
  EtfTopNetflow,
  EtfTopPerformance,
  FundComposition,
  NavGrowthComparison,
  NavGrowthSeries,
} from './etf.schemas.ts';
import { roundTo } from '../../kernel/numbers.ts';
import { toDayMonthYear, type PeriodKey } from './etf-dates.ts';
import { GROWTH_PERIODS, growthPoints, isAvailable, performancePoints, windowDates, windowStartFor } from './etf-growth.ts';
import { buildComposition, holdingValue } from './etf-composition.ts';

/** How many funds a ranking shows. */
export const RANKING_SIZE = 10;
export const VN_INDEX_CODE = 'VNINDEX';
const NETFLOW_PERIODS: PeriodKey[] = ['1M', '3M', '6M'];
const TOP_HOLDINGS = 10;

export interface NetflowPoint {
  date: string;
  aum: number | null;
  netflow: number;
}

/**
 * Net flow of one day: the change in units outstanding since the previous published day, valued
 * at the day's NAV. Creations and redemptions change the units; market moves change only the
 * NAV, so this is the money that came in or left. Null when either day lacks its units.
 */
export function dailyNetflow(previous: EtfNavRow, current: EtfNavRow): NetflowPoint | null {
  if (previous.units_outstanding === null || current.units_outstanding === null) return null;
  return {
    date: current.date,
    aum: current.total_net_assets ?? current.nav * current.units_outstanding,
    netflow: (current.units_outstanding - previous.units_outstanding) * current.nav,
  };
}

interface HoldingsSnapshot {
  holdings: EtfHoldingRow[];
  /** The NAV on or before the snapshot's date. */
  nav: EtfNavRow | undefined;
}

function compositionOf(fund: EtfFundRow, snapshots: (code: string) => HoldingsSnapshot): FundComposition {
  const { holdings, nav } = snapshots(fund.code);
  return buildComposition(fund, holdings, nav?.total_net_assets ?? null);
}

const navSeries = (rows: readonly EtfNavRow[]): DatedValue[] => rows.map((row) => ({ date: row.date, value: row.nav }));

function infoOf(fund: EtfFundRow): EtfInfo {
  return {
    id: fund.id,
    ...(fund.listing_date === null ? {} : { listingDate: fund.listing_date }),
    etfCode: fund.code,
    etfName: fund.name,
    managementCompany: fund.management_company,
    ...(fund.index_name === null ? {} : { indexName: fund.index_name }),
    ...(fund.trading_unit === null ? {} : { tradingUnit: fund.trading_unit }),
    ...(fund.trust_fee === null ? {} : { trustFee: fund.trust_fee }),
    ...(fund.name_jp === null ? {} : { etfNameJP: fund.name_jp }),
    country: fund.country,
    ...(fund.distribution_yield === null ? {} : { distributionYield: fund.distribution_yield }),
    etfType: fund.etf_type,
  };
}

export class EtfService {
  #repo: EtfRepo;

  constructor(repo: EtfRepo) {
    this.#repo = repo;
  }

  async #fund(code: string): Promise<EtfFundRow> {
    const fund = await this.#repo.findFund(code);
    if (fund === undefined) throw new NotFoundError(`No fund with code ${code}`);
    return fund;
  }

  async listEtfs(): Promise<EtfListItem[]> {
    const funds = await this.#repo.listFunds();
    const codes = funds.map((fund) => fund.code);
    const [prices, navs] = await Promise.all([this.#repo.latestPricesOf(codes, 1), this.#repo.latestNavsOf(codes, 1)]);
    return funds.map((fund) => {
      const price = prices.get(fund.code)?.[0];
      const nav = navs.get(fund.code)?.[0];
      return { ...infoOf(fund), price: price?.close ?? null, aum: nav?.total_net_assets ?? null };
    });
  }

  async getInfo({ code }: { code: string }): Promise<EtfInfo> {
    return infoOf(await this.#fund(code));
  }

  /** Funds ranked by NAV change from the last NAV on or before (latest − period) to the latest NAV. */
  async getTopPerformance({ period }: { period: PeriodKey }): Promise<EtfTopPerformance> {
    const funds = await this.#repo.listFunds();
    const navs = await this.#repo.latestNavsOf(
      funds.map((fund) => fund.code),
      1,
    );
    const latestOf = (code: string) => navs.get(code)?.[0];
    const starts = funds.flatMap((fund) => {
      const latest = latestOf(fund.code);
      return latest === undefined ? [] : [{ code: fund.code, date: windowStartFor(latest.date, period) }];
    });
    const bases = await this.#repo.navsOnOrBefore(starts);
    const ranked: { item: EtfTopPerformance[number]; change: number }[] = [];
    for (const fund of funds) {
      const latest = latestOf(fund.code);
      if (latest === undefined) continue;
      const base = bases.get(navKey(fund.code, windowStartFor(latest.date, period)));
      if (base === undefined) continue;
      const change = (latest.nav / base.nav - 1) * 100;
      ranked.push({ change, item: { etfCode: fund.code, etfName: fund.name, currentNav: latest.nav, changePercent: roundTo(change, 2) } });
    }
    return ranked
      .sort((a, b) => b.change - a.change || a.item.etfCode.localeCompare(b.item.etfCode))
      .slice(0, RANKING_SIZE)
      .map((entry) => entry.item);
  }

  /** Funds ranked by their latest day's net flow: inflows best first, or outflows largest first. */
  async getTopNetflow({ type }: { type: 'positive' | 'negative' }): Promise<EtfTopNetflow> {
    const funds = await this.#repo.listFunds();
    const navs = await this.#repo.latestNavsOf(
      funds.map((fund) => fund.code),
      2,
    );
    const flows: EtfTopNetflow = [];
    for (const fund of funds) {
      const [current, previous] = navs.get(fund.code) ?? [];
      if (current === undefined || previous === undefined) continue;
      const point = dailyNetflow(previous, current);
      if (point === null || point.aum === null || point.aum === 0) continue;
      if (type === 'positive' ? point.netflow <= 0 : point.netflow >= 0) continue;
      flows.push({
        etfCode: fund.code,
        etfName: fund.name,
        netflow: roundTo(point.netflow, 0),
        netflowAumPercentage: roundTo((point.netflow / point.aum) * 100, 2),
      });
    }
    const sign = type === 'positive' ? -1 : 1;
    return flows.sort((a, b) => sign * (a.netflow - b.netflow) || a.etfCode.localeCompare(b.etfCode)).slice(0, RANKING_SIZE);
  }

  /**
   * The latest session of every listed fund. Tiles are sized by trading value (close × volume);
   * `contributionValue` is the trading value times the day's change, `contributionArea` the
   * fund's share of all funds' trading value, `marketCap` close × units outstanding.
   */
  async getHeatmap(): Promise<EtfHeatmapItem[]> {
    const funds = await this.#repo.listFunds();
    const prices = await this.#repo.latestPricesOf(
      funds.map((fund) => fund.code),
      2,
    );
    const sessions = funds.flatMap((fund) => (prices.get(fund.code) ?? []).map((price) => ({ code: fund.code, date: price.date })));
    const navs = await this.#repo.navsOnOrBefore(sessions);
    const unitsOn = (code: string, date: string) => navs.get(navKey(code, date))?.units_outstanding ?? null;
    const items: EtfHeatmapItem[] = [];
    for (const fund of funds) {
      const [current, previous] = prices.get(fund.code) ?? [];
      if (current === undefined) continue;
      const item: EtfHeatmapItem = {
        code: fund.code,
        name: fund.name,
        currency: fund.currency,
        currentDate: `${current.date}T06:30:00.000Z`,
        closePrice: current.close,
      };
      const units = unitsOn(fund.code, current.date);
      if (units !== null) item.marketCap = current.close * units;
      if (current.volume !== null) {
        item.volume = current.volume;
        item.tradingValue = current.close * current.volume;
      }
      if (previous !== undefined) {
        const change = current.close - previous.close;
        const changePercent = (change / previous.close) * 100;
        item.priceFluctuation = roundTo(change, 4);
        item.priceFluctuationPercent = roundTo(changePercent, 2);
        if (item.tradingValue !== undefined) item.contributionValue = (item.tradingValue * changePercent) / 100;
        const previousUnits = unitsOn(fund.code, previous.date);
        if (units !== null && previousUnits !== null) item.marketCapChange = current.close * units - previous.close * previousUnits;
      }
      items.push(item);
    }
    const totalTradingValue = items.reduce((sum, item) => sum + (item.tradingValue ?? 0), 0);
    for (const item of items) {
      if (item.tradingValue !== undefined && totalTradingValue > 0) item.contributionArea = roundTo(item.tradingValue / totalTradingValue, 5);
    }
    return items;
  }

  async getComposition({ code }: { code: string }): Promise<FundComposition> {
    const fund = await this.#fund(code);
    return compositionOf(fund, await this.#snapshotsOf([fund]));
  }

  async compareFundComposition({ codes }: { codes: string }): Promise<FundComposition[]> {
    const list = codes.split(',').map((c) => c.trim());
    if (list.length < 2 || list.length > 5 || list.some((c) => c === '')) {
      throw new InvalidInputError(['codes must list 2 to 5 comma-separated fund codes']);
    }
    const found = await this.#repo.findFunds(list);
    const funds = list.map((c) => found.get(c));
    const known = funds.filter((fund): fund is EtfFundRow => fund !== undefined);
    if (known.length < list.length) {
      const unknown = list.filter((_c, i) => funds[i] === undefined);
      throw new InvalidInputError([`codes: unknown fund code ${unknown.join(', ')}`]);
    }
    const snapshots = await this.#snapshotsOf(known);
    return known.map((fund) => compositionOf(fund, snapshots));
  }

  /** The latest holdings snapshot of each fund and the NAV of its date: two queries, whatever the number of funds. */
  async #snapshotsOf(funds: readonly EtfFundRow[]): Promise<(code: string) => HoldingsSnapshot> {
    const holdings = await this.#repo.latestHoldingsOf(funds.map((fund) => fund.code));
    const dates = [...holdings].flatMap(([code, rows]) => (rows[0] === undefined ? [] : [{ code, date: rows[0].fund_date }]));
    const navs = await this.#repo.navsOnOrBefore(dates);
    return (code) => {
      const rows = holdings.get(code) ?? [];
      const date = rows[0]?.fund_date;
      return { holdings: rows, nav: date === undefined ? undefined : navs.get(navKey(code, date)) };
    };
  }

  async getNavGrowth({ code }: { code: string }): Promise<NavGrowthComparison> {
    const fund = await this.#fund(code);
    return this.#navGrowth([{ code: fund.code, series: navSeries(await this.#repo.navHistory(fund.code)) }]);
  }

  async compareNavGrowth({ code1, code2 }: { code1: string; code2: string }): Promise<NavGrowthComparison> {
    const [fund1, fund2] = await Promise.all([this.#repo.findFund(code1), this.#repo.findFund(code2)]);
    const problems = [
      ...(fund1 === undefined ? [`code1: unknown fund code ${code1}`] : []),
      ...(fund2 === undefined ? [`code2: unknown fund code ${code2}`] : []),
    ];
    if (fund1 === undefined || fund2 === undefined) throw new InvalidInputError(problems);
    return this.#navGrowth([
      { code: fund1.code, series: navSeries(await this.#repo.navHistory(fund1.code)) },
      { code: fund2.code, series: navSeries(await this.#repo.navHistory(fund2.code)) },
    ]);
  }

  /**
   * Growth of each fund and of the VN-Index on one date grid (the union of their dates), per
   * look-back window the funds' history covers; each series is rebased to 0 % at the window's
   * anchor date.
   */
  async #navGrowth(funds: { code: string; series: DatedValue[] }[]): Promise<NavGrowthComparison> {
    const vnIndex = await this.#repo.benchmarkHistory(VN_INDEX_CODE);
    const latest = funds.reduce((max, f) => {
      const last = f.series[f.series.length - 1]?.date ?? '';
      return last > max ? last : max;
    }, '');
    const allDates = [...new Set([...funds.flatMap((f) => f.series.map((p) => p.date)), ...vnIndex.map((p) => p.date)])].sort();
    const periodAvailability: Record<string, boolean> = {};
    const fundData = funds.map(() => ({}) as Record<string, NavGrowthSeries['data'][string]>);
    const indexData: NavGrowthSeries['data'] = {};
    for (const period of GROWTH_PERIODS) {
      const start = windowStartFor(latest, period);
      const available = latest !== '' && funds.every((f) => isAvailable(f.series, start));
      periodAvailability[period] = available;
      if (!available) continue;
      const grid = windowDates(allDates, start, latest);
      funds.forEach((f, i) => {
        const data = fundData[i];
        if (data !== undefined) data[period] = growthPoints(f.series, grid);
      });
      indexData[period] = growthPoints(vnIndex, grid);
    }
    const startDate = funds.reduce((max, f) => {
      const first = f.series[0]?.date ?? '';
      return first > max ? first : max;
    }, '');
    const seriesOf = (i: number): NavGrowthSeries => {
      const fund = funds[i];
      return fund === undefined ? { etfCode: '', data: {} } : { etfCode: fund.code, data: fundData[i] ?? {} };
    };
    return {
      etf1: seriesOf(0),
      etf2: seriesOf(1),
      vnIndex: { etfCode: VN_INDEX_CODE, data: indexData },
      periodAvailability,
      startDate: startDate === '' ? '' : toDayMonthYear(startDate),
    };
  }

  async getHoldings({ code }: { code: string }): Promise<EtfHolding[]> {
    const fund = await this.#fund(code);
    const { holdings, nav } = (await this.#snapshotsOf([fund]))(fund.code);
    const units = nav?.units_outstanding ?? null;
    return holdings.map((h) => {
      const value = holdingValue(h);
      return {
        id: h.id,
        code: h.symbol,
        name: h.name,
        ...(h.exchange === null ? {} : { exchange: h.exchange }),
        ...(h.currency === null ? {} : { currency: h.currency }),
        sharesAmount: h.shares.toFixed(6),
        ...(h.price === null ? {} : { stockPrice: h.price }),
        ...(value === null ? {} : { value: value.toFixed(6) }),
        etfCode: fund.code,
        ...(units === null ? {} : { sharesOutstanding: units.toFixed(6) }),
        fundDate: h.fund_date,
        ...(h.isin === null ? {} : { isin: h.isin }),
      };
    });
  }

  async getPricesHistory({ code }: { code: string }): Promise<EtfPriceHistory> {
    const fund = await this.#fund(code);
    const rows = await this.#repo.priceHistory(fund.code);
    return rows.map((row) => ({
      id: row.id,
      date: row.date,
      etfCode: fund.code,
      ...(row.open === null ? {} : { open: row.open }),
      ...(row.high === null ? {} : { high: row.high }),
      ...(row.low === null ? {} : { low: row.low }),
      close: row.close,
      ...(row.volume === null ? {} : { volume: row.volume.toFixed(6) }),
      currency: fund.currency,
    }));
  }

  async getDetail({ code }: { code: string }): Promise<EtfDetail> {
    const fund = await this.#fund(code);
    const [navs, prices, holdings] = await Promise.all([
      this.#repo.navHistory(fund.code),
      this.#repo.latestPrices(fund.code, 2),
      this.#repo.latestHoldings(fund.code),
    ]);
    const detail: EtfDetail = {
      etfCode: fund.code,
      etfName: fund.name,
      managementCompany: fund.management_company,
      ...(fund.trust_fee === null ? {} : { MER: fund.trust_fee }),
      etfType: fund.etf_type,
      ...(fund.index_name === null ? {} : { indexName: fund.index_name }),
      ...(fund.listing_date === null ? {} : { listingDate: fund.listing_date }),
    };
    // A listed fund is quoted by its exchange close, an open-end fund by its NAV.
    const quotes =
      prices.length > 0
        ? prices.map((p) => ({ date: p.date, value: p.close }))
        : navs
            .slice(-2)
            .reverse()
            .map((n) => ({ date: n.date, value: n.nav }));
    const [current, previous] = quotes;
    if (current !== undefined) {
      detail.currentPrice = current.value;
      detail.lastUpdateDate = current.date;
      if (previous !== undefined) {
        detail.change = roundTo(current.value - previous.value, 4);
        detail.changePct = roundTo(((current.value - previous.value) / previous.value) * 100, 2);
      }
    }
    const latestNav = navs[navs.length - 1];
    const totalAssetValue = latestNav?.total_net_assets ?? null;
    if (totalAssetValue !== null) detail.totalAssetValue = totalAssetValue;

    if (holdings.length > 0) {
      const valued = holdings.flatMap((h) => {
        const value = holdingValue(h);
        return value === null ? [] : [{ holding: h, value }];
      });
      detail.AssetAllocation = [...valued]
        .sort((a, b) => b.value - a.value)
        .slice(0, TOP_HOLDINGS)
        .map(({ holding, value }) => ({ name: holding.name, value }));
      const equityHoldings = valuationYields(valued);
      if (Object.keys(equityHoldings).length > 0) detail.equityHoldings = equityHoldings;
      detail.sectorWeight = sectorWeights(valued);
    }
    if (fund.distribution_yield !== null) detail.distributionYield = fund.distribution_yield;

    const flows = navs.flatMap((row, i) => {
      const previous = navs[i - 1];
      const point = previous === undefined ? null : dailyNetflow(previous, row);
      return point === null ? [] : [point];
    });
    if (latestNav !== undefined && flows.length > 0) {
      const flowSeries = flows.map((f) => ({ date: f.date, value: f.netflow }));
      const periodAvailability: Record<string, boolean> = {};
      for (const period of NETFLOW_PERIODS) periodAvailability[period] = isAvailable(flowSeries, windowStartFor(latestNav.date, period));
      const start = windowStartFor(latestNav.date, '6M');
      detail.netflow = {
        data: flows
          .filter((f) => f.date > start)
          .map((f) => ({
            date: f.date,
            ...(f.aum === null ? {} : { aum: f.aum }),
            netflow: roundTo(f.netflow, 0),
            ...(f.aum === null || f.aum === 0 ? {} : { netflowAumPct: roundTo((f.netflow / f.aum) * 100, 3) }),
          })),
        periodAvailability,
      };
    }

    if (latestNav !== undefined) {
      const series = navSeries(navs);
      const periodAvailability: Record<string, boolean> = {};
      const periods: Record<string, ReturnType<typeof performancePoints>> = {};
      for (const period of GROWTH_PERIODS) {
        const start = windowStartFor(latestNav.date, period);
        periodAvailability[period] = isAvailable(series, start);
        if (periodAvailability[period] === true) periods[period] = performancePoints(series, start);
      }
      detail.performance = { periodAvailability, periods };
    }
    return detail;
  }
}

interface ValuedHolding {
  holding: { eps: number | null; bps: number | null; sps: number | null; cfps: number | null; shares: number; sector: string | null; fund_date: string };
  value: number;
}

/**
 * The portfolio's earnings, book, sales and cash-flow yields (Σ shares × per-share figure over
 * Σ value of the holdings that report it), as the decimal strings the twin sends.
 */
function valuationYields(valued: readonly ValuedHolding[]): NonNullable<EtfDetail['equityHoldings']> {
  const yieldOf = (pick: (h: ValuedHolding['holding']) => number | null): string | undefined => {
    let earnings = 0;
    let value = 0;
    for (const entry of valued) {
      const perShare = pick(entry.holding);
      if (perShare === null) continue;
      earnings += perShare * entry.holding.shares;
      value += entry.value;
    }
    return value > 0 ? (earnings / value).toFixed(4) : undefined;
  };
  const result: NonNullable<EtfDetail['equityHoldings']> = {};
  const pe = yieldOf((h) => h.eps);
  const pb = yieldOf((h) => h.bps);
  const ps = yieldOf((h) => h.sps);
  const pc = yieldOf((h) => h.cfps);
  if (pe !== undefined) result.PE = pe;
  if (pb !== undefined) result.PB = pb;
  if (ps !== undefined) result.PS = ps;
  if (pc !== undefined) result.PC = pc;
  return result;
}

/** Each sector's share of the holdings' value, as a fraction; holdings without a sector group under null. */
function sectorWeights(valued: readonly ValuedHolding[]): NonNullable<EtfDetail['sectorWeight']> {
  const total = valued.reduce((sum, entry) => sum + entry.value, 0);
  const bySector = new Map<string | null, number>();
  for (const entry of valued) bySector.set(entry.holding.sector, (bySector.get(entry.holding.sector) ?? 0) + entry.value);
  const fundDate = valued[0]?.holding.fund_date;
  const month = fundDate === undefined ? undefined : Number(fundDate.slice(5, 7));
  const year = fundDate === undefined ? undefined : Number(fundDate.slice(0, 4));
  return [...bySector]
    .sort((a, b) => b[1] - a[1])
    .map(([sector, value]) => ({
      sector,
      weight: total > 0 ? roundTo(value / total, 4) : 0,
      ...(month === undefined ? {} : { month }),
      ...(year === undefined ? {} : { year }),
    }));
}
