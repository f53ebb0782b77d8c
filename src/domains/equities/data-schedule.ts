/**
 * When equities data can next change: the exchange's daily batch (bars, corporate actions
 * and the day's disclosures) lands after the close, taken as 16:30 JST (07:30 UTC) on
 * weekdays. Cached answers and `Cache-Control` both expire then.
 */
const PUBLICATION_UTC_MINUTES = 7 * 60 + 30;

export function nextDataChange(now: Date): Date {
  const candidate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  candidate.setUTCMinutes(PUBLICATION_UTC_MINUTES);
  while (candidate.getTime() <= now.getTime() || isWeekend(candidate)) candidate.setUTCDate(candidate.getUTCDate() + 1);
  return candidate;
}

export function secondsUntilNextDataChange(now: Date): number {
  return Math.ceil((nextDataChange(now).getTime() - now.getTime()) / 1000);
}

function isWeekend(date: Date): boolean {
  const day = date.getUTCDay();
  return day === 0 || day === 6;
}
