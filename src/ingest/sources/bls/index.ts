import { blsReleaseScheduleImporter } from '../../importers/calendar/bls-release-schedule.ts';
import { defineSource, NoParams, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/**
 * BLS's economic news release schedule as iCalendar, fetched conditionally: the days and times
 * of the Employment Situation and CPI releases (bls-release-schedule.ts), which stand for
 * FRED's dates of the same releases over the days the file covers.
 */
export const blsReleaseScheduleSource = defineSource({
  id: 'bls-release-schedule',
  publisher: 'bls',
  description: 'BLS economic news release schedule (bls.ics): Employment Situation and CPI release times',
  defaultBaseUrl: 'https://www.bls.gov',
  // BLS sets its schedule a year ahead and rarely moves a release; once a day is plenty.
  defaultSchedule: '15 6 * * *',
  timeZone: 'America/New_York',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  needsContact: 'BLS blocks robots that carry no information to contact their owner (terms of use, https://www.bls.gov/bls/blsterms.htm)',
  importers: [blsReleaseScheduleImporter],
  feeds: [storedFacts.calendarEvents('us')],
  minRequestIntervalMs: 1000,
  async collect({ baseUrl, fetch }): Promise<CollectResult> {
    const answer = await fetch({ url: `${baseUrl}/schedule/news_release/bls.ics` });
    if (answer.notModified) return { payloads: [], cursor: undefined };
    return {
      payloads: [{ importer: blsReleaseScheduleImporter, fileName: 'bls.ics', content: answer.body, archiveHashes: [answer.archiveHash] }],
      cursor: undefined,
    };
  },
});

export const blsSources: SourceDefinition[] = [blsReleaseScheduleSource];
