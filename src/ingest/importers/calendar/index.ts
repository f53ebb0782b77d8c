import type { AnyImporter } from '../../source.ts';
import { blsReleaseScheduleImporter } from './bls-release-schedule.ts';
import { fredReleaseDatesImporter } from './fred-release-dates.ts';
import { eurostatReleaseCalendarImporter } from './eurostat-release-calendar.ts';

/** The calendar domain's importers. */
export const calendarImporters: AnyImporter[] = [fredReleaseDatesImporter, blsReleaseScheduleImporter, eurostatReleaseCalendarImporter];
