import assert from 'node:assert/strict';
import type { TestHub } from '../../helpers/app.ts';

export interface ListedEntry {
  id: string;
  family: string;
  frequency: string;
  series: string | null;
  firstDate: string | null;
  lastDate: string | null;
  sources: { publisher: string; dataset: string }[];
}

/** Every entry of `/series` the key may read, page after page (`query` narrows it). */
export async function listedSeries(hub: TestHub, key: string, query = ''): Promise<ListedEntry[]> {
  const entries: ListedEntry[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/openapi/v1/series?limit=500${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const reply = await hub.get(url, key);
    assert.equal(reply.statusCode, 200, `${url}: ${reply.body}`);
    const page = reply.json<{ data: ListedEntry[]; meta: { nextCursor: string | null } }>();
    entries.push(...page.data);
    cursor = page.meta.nextCursor;
  } while (cursor !== null);
  return entries;
}

/** How many points a full year holds at each frequency (the issue's measure: a daily series with ~50 a year is weekly). */
const POINTS_A_YEAR: Readonly<Record<string, readonly [number, number]>> = {
  daily: [200, 366],
  weekly: [50, 53],
  monthly: [11, 13],
  quarterly: [4, 4],
};
/** The months a year's first and last figure fall in when the series covers the whole year. */
const FIRST_AND_LAST_MONTH: Readonly<Record<string, readonly [string, string]>> = {
  daily: ['01', '12'],
  weekly: ['01', '12'],
  monthly: ['01', '12'],
  quarterly: ['01', '10'],
};

/**
 * Follows every entry's `series` link exactly as written (below /openapi/v1): each answers 200,
 * and in every year the series covers whole (its figures reach the year's first and last month)
 * it holds as many points as its `frequency` says. Returns how many links were followed.
 */
export async function assertLinksAnswerAtTheirFrequency(hub: TestHub, key: string, entries: readonly ListedEntry[]): Promise<number> {
  const problems: string[] = [];
  let followed = 0;
  for (const entry of entries) {
    if (entry.series === null) continue;
    followed++;
    const reply = await hub.get(`/openapi/v1${entry.series}${entry.series.includes('?') ? '&' : '?'}limit=10000`, key);
    if (reply.statusCode !== 200) {
      problems.push(`${entry.series}: ${reply.statusCode}`);
      continue;
    }
    const dates = reply.json<{ data: { date: string }[] }>().data.map((point) => point.date);
    assert.equal(dates.length === 0, entry.firstDate === null, `${entry.id}: firstDate ${entry.firstDate} and ${dates.length} points`);
    const months = FIRST_AND_LAST_MONTH[entry.frequency];
    const bounds = POINTS_A_YEAR[entry.frequency];
    if (months === undefined || bounds === undefined) continue;
    const years = Map.groupBy(dates, (date) => date.slice(0, 4));
    for (const [year, days] of years) {
      const whole = days.some((day) => day.slice(5, 7) === months[0]) && days.some((day) => day.slice(5, 7) === months[1]);
      if (whole && (days.length < bounds[0] || days.length > bounds[1])) problems.push(`${entry.id} (${entry.frequency}): ${days.length} points in ${year}`);
    }
  }
  assert.deepEqual(problems, []);
  return followed;
}
