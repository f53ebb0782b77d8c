/** A calendar quarter as the hub writes it: `YYYY-Qn`. */
export interface Quarter {
  year: number;
  quarter: number;
}

export const quarterText = (q: Quarter) => `${q.year}-Q${q.quarter}`;

export function parseQuarter(text: unknown): Quarter | undefined {
  const match = typeof text === 'string' ? /^(\d{4})-Q([1-4])$/.exec(text) : null;
  return match === null ? undefined : { year: Number(match[1]), quarter: Number(match[2]) };
}

export function addQuarters(q: Quarter, n: number): Quarter {
  const index = q.year * 4 + (q.quarter - 1) + n;
  return { year: Math.floor(index / 4), quarter: (index % 4) + 1 };
}

const JST_OFFSET_MS = 9 * 3_600_000;

/** The newest quarter that has ended in Tokyo at `now`. */
export function lastEndedQuarter(now: Date): Quarter {
  const tokyo = new Date(now.getTime() + JST_OFFSET_MS);
  return addQuarters({ year: tokyo.getUTCFullYear(), quarter: Math.floor(tokyo.getUTCMonth() / 3) + 1 }, -1);
}

const compare = (a: Quarter, b: Quarter) => a.year * 4 + a.quarter - (b.year * 4 + b.quarter);

/** The quarters after `through` (or the last `initial` ended ones) up to the last ended one, oldest first. */
export function quartersToAsk(through: Quarter | undefined, initial: number, now: Date): Quarter[] {
  const newest = lastEndedQuarter(now);
  const quarters: Quarter[] = [];
  for (let q = through === undefined ? addQuarters(newest, 1 - initial) : addQuarters(through, 1); compare(q, newest) <= 0; q = addQuarters(q, 1)) quarters.push(q);
  return quarters;
}
