import { addDays, monthEndDay } from '../../../kernel/dates.ts';
import type { EquityStatementRow } from '../../../store/tables/equities.tables.ts';
import type { SeededRandom } from '../random.ts';
import { DEMO_SOURCE } from './prices.ts';
import type { DemoIssue } from './universe.ts';

const MILLION = 1_000_000;
const toMillions = (yen: number) => Math.round(yen / MILLION) * MILLION;

interface Quarter {
  netSales: number;
  costOfSales: number;
  sga: number;
  nonOperating: number;
}

/** The first fiscal year the demo's statements cover: five years before the contract's history ends. */
const FIRST_FISCAL_YEAR = 2021;
/** The quarter every 37th issue never disclosed. */
const MISSING_QUARTER = { fiscalYear: 2025, quarter: 2 };
/** The fiscal year every 41st issue restated: recent enough to be among the years a statement shows. */
const RESTATED_FISCAL_YEAR = 2025;

/**
 * Quarterly results disclosed as year-to-date figures, as Japanese issuers file them, with
 * the balance sheet at each quarter end, from a fixed first fiscal year to the last disclosure
 * on or before `until`. Everything adds up: operating profit is sales less both expense lines,
 * totals are the sum of their current and non-current parts. Some issues show the awkward
 * cases on purpose: every 53rd (from the 9th) has no statements collected, every 37th (from
 * the 5th) lacks a recent quarter, every 41st (from the 13th) restated one recent annual result
 * a month after its first disclosure.
 */
export function generateStatements(issue: DemoIssue, until: string, random: SeededRandom): EquityStatementRow[] {
  if (issue.index % 53 === 9) return [];
  const rows: EquityStatementRow[] = [];
  const untilYear = Number(until.slice(0, 4));
  let annualSales = issue.initialCap * random.between(0.35, 1.6);
  const growth = random.normal(0.04, 0.06);
  const costRatio = random.between(0.55, 0.8);
  const sgaRatio = Math.min(random.between(0.1, 0.3), 0.97 - costRatio);
  const assetTurn = issue.sectorCode === '7050' ? random.between(8, 15) : random.between(0.7, 2);
  const currentShare = random.between(0.3, 0.6);
  const liabilityShare = random.between(0.3, 0.7);
  const currentLiabilityShare = random.between(0.35, 0.65);

  for (let fiscalYear = FIRST_FISCAL_YEAR; fiscalYear <= untilYear + 1; fiscalYear++) {
    const fiscalYearEnd = monthEndDay(fiscalYear, issue.fiscalYearEndMonth);
    annualSales *= 1 + growth + random.normal(0, 0.04);
    const ytd = { netSales: 0, costOfSales: 0, sga: 0, nonOperating: 0 };
    for (let quarter = 1; quarter <= 4; quarter++) {
      const endMonth = issue.fiscalYearEndMonth - 3 * (4 - quarter);
      const periodEnd = monthEndDay(fiscalYear + Math.floor((endMonth - 1) / 12), ((endMonth - 1 + 12) % 12) + 1);
      const sales = toMillions((annualSales / 4) * random.between(0.9, 1.1));
      const q: Quarter = {
        netSales: sales,
        costOfSales: toMillions(sales * (costRatio + random.normal(0, 0.015))),
        sga: toMillions(sales * (sgaRatio + random.normal(0, 0.01))),
        nonOperating: toMillions(sales * random.normal(0.005, 0.006)),
      };
      ytd.netSales += q.netSales;
      ytd.costOfSales += q.costOfSales;
      ytd.sga += q.sga;
      ytd.nonOperating += q.nonOperating;
      const disclosedOn = addDays(periodEnd, quarter === 4 ? random.int(40, 50) : random.int(30, 45));
      const assets = toMillions(annualSales * assetTurn * random.between(0.97, 1.03));
      if (disclosedOn > until || disclosedOn < issue.listedOn) continue;
      if (issue.index % 37 === 5 && fiscalYear === MISSING_QUARTER.fiscalYear && quarter === MISSING_QUARTER.quarter) continue;
      const row = statementRow(issue, { periodEnd, fiscalYearEnd, quarter, disclosedOn, ytd, assets, currentShare, liabilityShare, currentLiabilityShare });
      rows.push(row);
      if (issue.index % 41 === 13 && fiscalYear === RESTATED_FISCAL_YEAR && quarter === 4) {
        const restated = restatedAnnual(row);
        if (restated !== undefined && restated.disclosed_on <= until) rows.push(restated);
      }
    }
  }
  return rows;
}

function statementRow(
  issue: DemoIssue,
  p: {
    periodEnd: string;
    fiscalYearEnd: string;
    quarter: number;
    disclosedOn: string;
    ytd: Quarter;
    assets: number;
    currentShare: number;
    liabilityShare: number;
    currentLiabilityShare: number;
  },
): EquityStatementRow {
  const operatingProfit = p.ytd.netSales - p.ytd.costOfSales - p.ytd.sga;
  const ordinaryProfit = operatingProfit + p.ytd.nonOperating;
  const netIncome = ordinaryProfit > 0 ? toMillions(ordinaryProfit * 0.68) : ordinaryProfit;
  const currentAssets = toMillions(p.assets * p.currentShare);
  const liabilities = toMillions(p.assets * p.liabilityShare);
  const currentLiabilities = toMillions(liabilities * p.currentLiabilityShare);
  return {
    code: issue.code,
    period_end: p.periodEnd,
    fiscal_year_end: p.fiscalYearEnd,
    fiscal_quarter: p.quarter,
    disclosed_on: p.disclosedOn,
    net_sales: p.ytd.netSales,
    cost_of_sales: p.ytd.costOfSales,
    sga_expenses: p.ytd.sga,
    operating_profit: operatingProfit,
    ordinary_profit: ordinaryProfit,
    net_income: netIncome,
    total_assets: p.assets,
    current_assets: currentAssets,
    non_current_assets: p.assets - currentAssets,
    total_liabilities: liabilities,
    current_liabilities: currentLiabilities,
    non_current_liabilities: liabilities - currentLiabilities,
    net_assets: p.assets - liabilities,
    source: DEMO_SOURCE,
  };
}

/** A second disclosure of a full year, a month after the first: cost of sales corrected, profits following. */
function restatedAnnual(annual: EquityStatementRow): EquityStatementRow | undefined {
  if (annual.net_sales === null || annual.cost_of_sales === null) return undefined;
  const correction = toMillions(annual.net_sales * 0.004) || MILLION;
  const less = (value: number | null) => (value === null ? null : value - correction);
  return {
    ...annual,
    disclosed_on: addDays(annual.disclosed_on, 30),
    cost_of_sales: annual.cost_of_sales + correction,
    operating_profit: less(annual.operating_profit),
    ordinary_profit: less(annual.ordinary_profit),
    net_income: less(annual.net_income),
  };
}
