import { Type } from 'typebox';
import type { SeriesDescription } from '../store/release-facts.ts';
import { calendarDate } from './calendar-dates.ts';
import { ImportError } from './import-error.ts';
import { checkDocument } from './publisher-document.ts';

/** FRED's `last_updated`: St. Louis wall time and its UTC offset in hours, `2025-10-15 07:41:02-05`. */
const LAST_UPDATED = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})([+-]\d{2})$/;

const text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** One series of `seriess` as the hub reads it; FRED's other fields (popularity, the `_short` forms…) are left as they came. */
const FredSeriesSchema = Type.Object({
  id: text(64),
  title: text(500),
  units: text(200),
  frequency: text(100),
  seasonal_adjustment: text(100),
  last_updated: Type.Optional(Type.String({ pattern: LAST_UPDATED.source })),
  // FRED documents the notes as optional.
  notes: Type.Optional(Type.String({ maxLength: 10_000 })),
});

/** FRED's `GET /fred/series?series_id=…&file_type=json` answer (https://fred.stlouisfed.org/docs/api/fred/series.html). */
const FredSeriesAnswerSchema = Type.Object({ seriess: Type.Array(FredSeriesSchema, { minItems: 1 }) });

/** `2025-10-15 07:41:02-05` → `2025-10-15T12:41:02.000Z`. */
function updatedAt(lastUpdated: string, fileName: string): string {
  const [, day = '', time = '', offset = ''] = LAST_UPDATED.exec(lastUpdated) ?? [];
  const instant = calendarDate(day) === undefined ? Number.NaN : Date.parse(`${day}T${time}${offset}:00`);
  if (Number.isNaN(instant)) throw new ImportError(`${fileName}: /seriess/0/last_updated "${lastUpdated}" is not a time`);
  return new Date(instant).toISOString();
}

/**
 * FRED's description of `seriesId` from its `fred/series` answer already read as JSON (its error
 * answer refused before): the first of `seriess`, the one in force today when no real-time
 * period is asked. An answer describing another series is refused.
 */
export function fredSeriesDescription(document: unknown, seriesId: string, fileName: string): SeriesDescription {
  const [series] = checkDocument(FredSeriesAnswerSchema, document, fileName).seriess;
  if (series?.id !== seriesId) throw new ImportError(`${fileName}: FRED describes ${series?.id ?? 'no series'}, not ${seriesId}`);
  return {
    name: series.title,
    unit: series.units,
    seasonalAdjustment: series.seasonal_adjustment,
    notes: series.notes,
    updatedAt: series.last_updated === undefined ? undefined : updatedAt(series.last_updated, fileName),
  };
}
