import type { EtfFundRow, EtfHoldingRow } from '../../store/tables/etf.tables.ts';
import type { FundComposition } from './etf.schemas.ts';
import { roundTo } from '../../kernel/numbers.ts';

export const holdingValue = (holding: EtfHoldingRow): number | null => (holding.price === null ? null : holding.shares * holding.price);

/**
 * A fund's composition from one holdings snapshot: stocks and bonds are the sums of their
 * holdings' values, `others` (cash, receivables) is what the fund's total net assets on the
 * snapshot date leave over. Without a published total the holdings are the whole fund. Where a
 * holding's asset class is unknown (ICE's PCF names none) the split is unknown: only the total
 * is given.
 */
export function buildComposition(fund: EtfFundRow, holdings: readonly EtfHoldingRow[], totalNetAssets: number | null): FundComposition {
  const first = holdings[0];
  if (first === undefined) return { fundCode: fund.code, assetAllocation: null, portfolio: [], sectorAllocation: [] };
  const month = first.fund_date.slice(0, 7);
  const currency = fund.currency;
  const sumOf = (assetClass: string) => holdings.filter((h) => h.asset_class === assetClass).reduce((sum, h) => sum + (holdingValue(h) ?? 0), 0);
  const classified = holdings.every((h) => h.asset_class !== null);
  const stock = sumOf('stock');
  const bond = sumOf('bond');
  const total = totalNetAssets ?? (classified ? stock + bond : holdings.reduce((sum, h) => sum + (holdingValue(h) ?? 0), 0));
  const others = Math.max(0, total - stock - bond);
  const percent = (value: number) => (total > 0 ? roundTo((value / total) * 100, 2) : 0);

  const portfolio = holdings
    .map((h) => ({ holding: h, value: holdingValue(h) }))
    .filter((entry): entry is { holding: EtfHoldingRow; value: number } => entry.value !== null)
    .sort((a, b) => b.value - a.value)
    .map(({ holding, value }) => ({
      symbol: holding.symbol,
      ...(holding.price === null ? {} : { price: holding.price }),
      volume: holding.shares,
      weightPercent: percent(value),
      currency: holding.currency ?? currency,
      month,
    }));

  const sectors = new Map<string, number>();
  for (const h of holdings) {
    const value = holdingValue(h);
    // A holding of unknown sector and class is in no sector the fund can be said to hold.
    if (value === null || (h.sector === null && h.asset_class === null)) continue;
    const name = h.sector ?? (h.asset_class === 'bond' ? 'Bonds' : 'Other');
    sectors.set(name, (sectors.get(name) ?? 0) + value);
  }
  const sectorAllocation = [...sectors]
    .sort((a, b) => b[1] - a[1])
    .map(([sectorName, value]) => ({ sectorName, value, percent: percent(value), currency, month }));

  return {
    fundCode: fund.code,
    assetAllocation: classified
      ? { bond, stock, others, total, bondPercent: percent(bond), stockPercent: percent(stock), othersPercent: percent(others), currency, month }
      : { total, currency, month },
    portfolio,
    sectorAllocation,
  };
}
