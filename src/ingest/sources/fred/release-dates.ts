import { Type } from 'typebox';
import type { Static } from 'typebox';
import { fredReleaseDates, fredReleaseDatesImporter, ReleaseDatesSchema } from '../../importers/calendar/fred-release-dates.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { addDays, isoDay } from '../../../kernel/dates.ts';
import { defineSource, parsedPayload, type CollectResult } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

const API_KEY = 'FRED_API_KEY';
/** FRED's largest page of release dates. */
const LIMIT = 1000;
const FILE_NAME = 'releases-dates.json';

/** One page of FRED's answer: the fields the importer reads, and the count of every page's dates. */
const ReleaseDatesPageSchema = Type.Object({ count: Type.Number(), ...ReleaseDatesSchema.properties });

const ReleaseDatesParams = Type.Object(
  {
    /** Days before today the schedule is asked from: far enough back for a quarterly series' previous release. */
    lookbackDays: Type.Integer({ minimum: 0, maximum: 3660 }),
  },
  { additionalProperties: false },
);

/**
 * The release schedule of every FRED release from `lookbackDays` ago on, the announced future
 * dates included (`include_release_dates_with_no_data=true`), every page read once and merged into the
 * importer's events; the importer keeps the releases the calendar shows (fred-release-dates.ts).
 */
export const fredReleaseDatesSource = defineSource({
  id: 'fred-release-dates',
  publisher: 'fred',
  description: 'FRED release calendar (releases/dates): US CPI, Employment Situation, GDP and retail sales release days',
  defaultBaseUrl: 'https://api.stlouisfed.org',
  // The agencies announce their schedules weeks ahead; once a day is plenty.
  defaultSchedule: '0 6 * * *',
  timeZone: 'America/Chicago',
  // Far enough back for the previous release of a quarterly series (the calendar's `previous`).
  params: ReleaseDatesParams,
  defaultParams: { lookbackDays: 200 },
  credentials: [
    { env: API_KEY, required: true, howToGet: 'free: create a FRED account and request a key at https://fred.stlouisfed.org/docs/api/api_key.html' },
  ],
  importers: [fredReleaseDatesImporter],
  feeds: [storedFacts.calendarEvents('us')],
  minRequestIntervalMs: 500,
  async collect(context): Promise<CollectResult> {
    const start = addDays(isoDay(context.now), -context.params.lookbackDays);
    const archiveHashes: string[] = [];
    let merged: Static<typeof ReleaseDatesPageSchema> | undefined;
    for (let offset = 0; merged === undefined || offset < merged.count; ) {
      const query = new URLSearchParams({
        api_key: context.credentials[API_KEY] ?? '',
        file_type: 'json',
        realtime_start: start,
        realtime_end: '9999-12-31',
        order_by: 'release_date',
        sort_order: 'asc',
        include_release_dates_with_no_data: 'true',
        limit: String(LIMIT),
      });
      if (offset > 0) query.set('offset', String(offset));
      const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}/fred/releases/dates?${query.toString()}` });
      archiveHashes.push(answer.archiveHash);
      const page = readJsonDocument(ReleaseDatesPageSchema, answer.body, FILE_NAME);
      if (merged === undefined) merged = page;
      else merged.release_dates.push(...page.release_dates);
      if (page.release_dates.length === 0) break;
      offset += page.release_dates.length;
    }
    // Every page was read once, above; the merged dates become the importer's events.
    const events = fredReleaseDates(merged ?? { realtime_start: start, release_dates: [] }, FILE_NAME);
    return { payloads: [parsedPayload(fredReleaseDatesImporter, events, { fileName: FILE_NAME, archiveHashes })], cursor: undefined };
  },
});
