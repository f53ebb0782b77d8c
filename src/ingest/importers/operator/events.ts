/**
 * The operator's events file (docs/data-sources.md, "Loading licensed data"): a CSV with the
 * heading `fact,key,series,name,importance,time,period,forecast,actual,unit`, one scheduled
 * release per line. `fact` is an event family (`calendar.event`), `key` its key (the country:
 * `jp`), `series` the event's series (`jp-cpi-yoy`), `time` the scheduled time with its zone
 * (`2026-06-19T08:30:00+09:00`), `period` the period it reports, `forecast` and `actual`
 * numbers or empty, `unit` as shown (`%`). An event is known by its series and the day of its
 * time as written: a later file giving the same release replaces it.
 */
import { IMPORTANCE_LEVELS } from '../../../domains/calendar/calendar.schemas.ts';
import { isMacroRelease } from '../../../domains/calendar/macro-releases.ts';
import type { RowOf } from '../../../store/loader.ts';
import { insertRows } from '../../../store/loader.ts';
import { calendarPeriod, isoDateTime } from '../../calendar-dates.ts';
import { csvCells } from '../../csv.ts';
import { textLines } from '../../file-lines.ts';
import { ImportError, type Importer } from '../../source.ts';
import { familiesOf, OPERATOR_SOURCE, servedKeysText, servesKey } from './operator-facts.ts';

const HEADING = ['fact', 'key', 'series', 'name', 'importance', 'time', 'period', 'forecast', 'actual', 'unit'] as const;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const SERIES = /^[a-z0-9][a-z0-9.-]*$/;

/** The event families an events file loads, by name: each turns a line into its stored row. */
export const LOADED_EVENT_FAMILIES = ['calendar.event'] as const;

type EventRow = Omit<RowOf<'calendar_event'>, 'source'>;

const numberCell = (text: string, column: string, where: string): number | null => {
  if (text === '') return null;
  if (!NUMBER.test(text)) throw new ImportError(`${where}: ${column} "${text}" is not a number`);
  return Number(text);
};

/** The file's events, every line checked; throws naming the first bad line. */
export function parseEvents(content: string, fileName: string): EventRow[] {
  const families = familiesOf('events');
  const lines = textLines(content, fileName);
  let headed = false;
  const rows = new Map<string, { line: number; row: EventRow }>();
  lines.forEach((text, index) => {
    const where = `${fileName}:${index + 1}`;
    if (text.trim() === '') return;
    const cells = csvCells(text);
    if (!headed) {
      if (cells.map((cell) => cell.toLowerCase()).join(',') !== HEADING.join(',')) throw new ImportError(`${where}: the heading must be ${HEADING.join(',')}`);
      headed = true;
      return;
    }
    if (cells.length !== HEADING.length) throw new ImportError(`${where}: ${cells.length} cells, expected ${HEADING.length}`);
    const [fact = '', key = '', series = '', name = '', importance = '', time = '', period = '', forecast = '', actual = '', unit = ''] = cells;
    const family = families.find((candidate) => candidate.name === fact);
    if (family === undefined || !(LOADED_EVENT_FAMILIES as readonly string[]).includes(fact)) {
      throw new ImportError(`${where}: unknown fact "${fact}"; an events file names one of ${LOADED_EVENT_FAMILIES.join(', ')}${family === undefined ? '' : ` (${fact} is not loaded by an events file yet)`}`);
    }
    if (!servesKey(family, key)) throw new ImportError(`${where}: ${fact} has no key "${key}"; its keys are ${servedKeysText(family)}`);
    if (!SERIES.test(series)) throw new ImportError(`${where}: series "${series}" must be lower-case letters, digits, dots and dashes`);
    if (name === '') throw new ImportError(`${where}: the event needs a name`);
    if (!(IMPORTANCE_LEVELS as readonly string[]).includes(importance)) throw new ImportError(`${where}: importance "${importance}" is not one of ${IMPORTANCE_LEVELS.join(', ')}`);
    const scheduledAt = isoDateTime(time);
    if (scheduledAt === undefined) throw new ImportError(`${where}: time "${time}" is not an ISO date-time with its zone (2026-06-19T08:30:00+09:00)`);
    if (calendarPeriod(period) === undefined) throw new ImportError(`${where}: period "${period}" is not a calendar period (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD)`);
    if (actual !== '' && isMacroRelease(series)) {
      throw new ImportError(`${where}: the actual of ${series} is the macro figure it reports (load it with an observations file); leave actual empty`);
    }
    // The day as the agency writes it, so an event keeps its id whatever the zone it is given in.
    const id = `${series}-${time.slice(0, 10)}`;
    const earlier = rows.get(id);
    if (earlier !== undefined) throw new ImportError(`${where}: ${series} on ${time.slice(0, 10)} appears twice (first on line ${earlier.line})`);
    rows.set(id, {
      line: index + 1,
      row: {
        id,
        series,
        country: key.toUpperCase(),
        name,
        importance,
        scheduled_at: scheduledAt,
        period,
        actual: numberCell(actual, 'actual', where),
        forecast: numberCell(forecast, 'forecast', where),
        unit,
      },
    });
  });
  if (!headed) throw new ImportError(`${fileName}:1: the heading must be ${HEADING.join(',')}`);
  if (rows.size === 0) throw new ImportError(`${fileName}: no events after the heading`);
  return [...rows.values()].map(({ row }) => row);
}

export const operatorEventsImporter: Importer<EventRow[]> = {
  dataset: 'operator-events',
  datasets: ['calendar'],
  description: "Operator's events CSV (fact,key,series,name,importance,time,period,forecast,actual,unit): release calendars",
  source: OPERATOR_SOURCE,
  parse: parseEvents,
  load: (db, parsed, release) => insertRows(db, 'calendar_event', parsed.map((row) => ({ ...row, source: release.source })), { onConflict: { key: ['id'], keep: 'new' } }),
};
