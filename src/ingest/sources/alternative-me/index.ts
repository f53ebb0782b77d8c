import { daysBetween, isoDay } from '../../../kernel/dates.ts';
import { alternativeMeFearGreedImporter, parseFearGreed } from '../../importers/crypto/alternative-me-fng.ts';
import { defineSource, NoParams, parsedPayload, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { storedFacts } from '../../../facts/names.ts';

/**
 * The Crypto Fear & Greed Index from Alternative.me's keyless `GET /fng/`: the whole history
 * (`limit=0`) on the first run, then the days since the newest one loaded, that day included
 * (it is the one published value of its day, and asking it again costs nothing).
 */
export const alternativeMeFearGreedSource = defineSource({
  id: 'alternative-me-fng',
  publisher: 'alternative-me',
  description: 'Alternative.me Crypto Fear & Greed Index, one value a day',
  defaultBaseUrl: 'https://api.alternative.me',
  // The index of a day is published at 00:00 UTC.
  defaultSchedule: '15 0 * * *',
  timeZone: 'UTC',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [alternativeMeFearGreedImporter],
  feeds: [storedFacts.table('crypto_fear_greed')],
  minRequestIntervalMs: 1_000,
  async collect({ baseUrl, cursor, now, fetch }): Promise<CollectResult> {
    const lastDate = typeof cursor?.lastDate === 'string' ? cursor.lastDate : undefined;
    const limit = lastDate === undefined ? 0 : Math.max(1, daysBetween(lastDate, isoDay(now)) + 1);
    const url = `${baseUrl}/fng/?${new URLSearchParams({ limit: String(limit), format: 'json' }).toString()}`;
    const answer = await fetchUnconditional(fetch, { url });
    const fileName = 'fng.json';
    // Read once: the days are what the importer loads, and the newest of them is the cursor.
    const days = parseFearGreed(answer.body.toString('utf8'), fileName);
    const newest = days.reduce((latest, day) => (day.date > latest ? day.date : latest), lastDate ?? '');
    return { payloads: [parsedPayload(alternativeMeFearGreedImporter, days, { fileName, archiveHashes: [answer.archiveHash] })], cursor: { lastDate: newest } };
  },
});

export const alternativeMeSources: SourceDefinition[] = [alternativeMeFearGreedSource];
