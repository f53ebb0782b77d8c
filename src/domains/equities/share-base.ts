import type { ShareBaseChange } from './split-adjustment.ts';

export interface PublishedShares {
  shares_outstanding: number | null;
  shares_as_of: string | null;
}

/**
 * Shares on the share base of `latestSession`: the published count times the ratio of every
 * split or consolidation effective after it was published. Null when no count is published.
 */
export function sharesOnLatestBase(published: PublishedShares, changes: readonly ShareBaseChange[], latestSession: string): number | null {
  if (published.shares_outstanding === null) return null;
  const asOf = published.shares_as_of ?? '';
  let shares = published.shares_outstanding;
  for (const change of changes) {
    if (change.effectiveDate > asOf && change.effectiveDate <= latestSession) shares *= change.ratio;
  }
  return shares;
}

/** Share-base changes grouped by code. */
export function changesByCode(rows: readonly { code: string; effective_date: string; ratio: number }[]): Map<string, ShareBaseChange[]> {
  const byCode = new Map<string, ShareBaseChange[]>();
  for (const row of rows) {
    const list = byCode.get(row.code) ?? [];
    list.push({ effectiveDate: row.effective_date, ratio: row.ratio });
    byCode.set(row.code, list);
  }
  return byCode;
}

/** The earliest publication date among `issues`: later changes are all the ones that matter. */
export function earliestSharesAsOf(issues: readonly PublishedShares[]): string {
  return issues.reduce((min, issue) => ((issue.shares_as_of ?? '') < min ? (issue.shares_as_of ?? '') : min), '9999-12-31');
}
