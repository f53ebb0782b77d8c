/**
 * The operator's events file (docs/data-sources.md, "Loading licensed data"): a CSV with the
 * heading `fact,key,series,name,importance,time,period,forecast,actual,unit`, one event per
 * line. `calendar.event`: `key` the country (`jp`), `series` the event's series
 * (`jp-cpi-yoy`), `time` the scheduled time with its zone (`2026-06-19T08:30:00+09:00`),
 * `period` the period it reports, `forecast` and `actual` numbers or empty, `unit` as shown
 * (`%`); it is known by its series and the day of its time as written, so a later file giving
 * the same release replaces it. `equity.action`: `key` the issue, `series` `split` or
 * `reverse_split`, `time` its effective date, `actual` the shares after per share before.
 */
import { IMPORTANCE_LEVELS } from '../../../domains/calendar/calendar.schemas.ts';
import { isMacroRelease } from '../../../domains/calendar/macro-releases.ts';
import type { RowOf } from '../../../store/loader.ts';
import { insertRows } from '../../../store/loader.ts';
import { calendarDate, calendarPeriod, isoDateTime } from '../../calendar-dates.ts';
import { csvCells } from '../../csv.ts';
import { textLines } from '../../file-lines.ts';
import { ImportError, type Importer } from '../../source.ts';
import { familiesOf, isKeyed, OPERATOR_SOURCE, servedKeysText, servesKey } from './operator-facts.ts';
import { fullIssueCode } from '../../../domains/equities/issue-code.ts';

const HEADING = ['fact', 'key', 'series', 'name', 'importance', 'time', 'period', 'forecast', 'actual', 'unit'] as const;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;
const SERIES = /^[a-z0-9][a-z0-9.-]*$/;

type CalendarRow = Omit<RowOf<'calendar_event'>, 'source'>;
type ActionRow = Omit<RowOf<'equity_action'>, 'source'>;

/** The file's events by stored table; each is known by its id within the file (`jp-cpi-yoy-2026-06-19`, `86970 2026-04-01`). */
export interface OperatorEvents {
  fileName: string;
  calendar: CalendarRow[];
  /** With their lines: whether the issue is in the store is asked when they are loaded. */
  actions: { line: number; row: ActionRow }[];
}

const numberCell = (text: string, column: string, where: string): number | null => {
  if (text === '') return null;
  if (!NUMBER.test(text)) throw new ImportError(`${where}: ${column} "${text}" is not a number`);
  return Number(text);
};

/** One line's cells by the heading's names. */
type EventCells = Record<(typeof HEADING)[number], string>;

/** A scheduled release: the calendar's row, known by its series and the day of its time as written. */
/** A line read: its id within the file, and where its row goes. */
interface ReadEvent {
  id: string;
  into(parsed: OperatorEvents, line: number): void;
}

function calendarEvent(cells: EventCells, where: string): ReadEvent {
  const { key, series, name, importance, time, period, forecast, actual, unit } = cells;
  if (!SERIES.test(series)) throw new ImportError(`${where}: series "${series}" must be lower-case letters, digits, dots and dashes`);
  if (name === '') throw new ImportError(`${where}: the event needs a name`);
  if (!(IMPORTANCE_LEVELS as readonly string[]).includes(importance))
    throw new ImportError(`${where}: importance "${importance}" is not one of ${IMPORTANCE_LEVELS.join(', ')}`);
  const scheduledAt = isoDateTime(time);
  if (scheduledAt === undefined) throw new ImportError(`${where}: time "${time}" is not an ISO date-time with its zone (2026-06-19T08:30:00+09:00)`);
  if (calendarPeriod(period) === undefined)
    throw new ImportError(`${where}: period "${period}" is not a calendar period (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD)`);
  if (actual !== '' && isMacroRelease(series)) {
    throw new ImportError(`${where}: the actual of ${series} is the macro figure it reports (load it with an observations file); leave actual empty`);
  }
  // The day as the agency writes it, so an event keeps its id whatever the zone it is given in.
  const id = `${series}-${time.slice(0, 10)}`;
  const row = {
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
  };
  return { id, into: (parsed) => parsed.calendar.push(row) };
}

const ACTION_KINDS = ['split', 'reverse_split'] as const;

/** A split: `series` its kind, `time` the first session on the new share base, `actual` the shares after per share before. */
function equityAction(cells: EventCells, where: string): ReadEvent {
  const { key, series, time, actual } = cells;
  if (!/^[0-9A-Z]{4}[0-9]?$/.test(key)) throw new ImportError(`${where}: equity.action key "${key}" is not an issue's 4-character ticker or 5-character code`);
  if (!(ACTION_KINDS as readonly string[]).includes(series))
    throw new ImportError(`${where}: equity.action series "${series}" is not one of ${ACTION_KINDS.join(', ')}`);
  const date = calendarDate(time);
  if (date === undefined) throw new ImportError(`${where}: equity.action time "${time}" is not the effective date (YYYY-MM-DD)`);
  const ratio = numberCell(actual, 'actual', where);
  if (ratio === null || ratio <= 0 || (series === 'split') !== ratio > 1) {
    throw new ImportError(
      `${where}: equity.action actual "${actual}" must be the shares after per share before: above 1 for a split, below 1 for a reverse split`,
    );
  }
  const code = fullIssueCode(key);
  const row = { code, effective_date: date, kind: series, ratio };
  return { id: `${code} ${date}`, into: (parsed, line) => parsed.actions.push({ line, row }) };
}

/** The event families an events file loads, each reading a line into its table's row. */
const READERS = {
  'calendar.event': calendarEvent,
  'equity.action': equityAction,
} as const;

/** The event families an events file loads: those its lines name, and the consensus forecasts a calendar line carries. */
export const LOADED_EVENT_FAMILIES = [...Object.keys(READERS), 'calendar.forecast'];

const isLoaded = (fact: string): fact is keyof typeof READERS => fact in READERS;

/** The file's events, every line checked; throws naming the first bad line. */
export function parseEvents(content: string, fileName: string): OperatorEvents {
  const families = familiesOf('events');
  const lines = textLines(content, fileName);
  let headed = false;
  const seen = new Map<string, number>();
  const parsed: OperatorEvents = { fileName, calendar: [], actions: [] };
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
    const named = Object.fromEntries(HEADING.map((name, i) => [name, cells[i] ?? ''])) as EventCells;
    const family = families.find((candidate) => candidate.name === named.fact);
    if (family === undefined || !isLoaded(named.fact)) {
      throw new ImportError(
        `${where}: unknown fact "${named.fact}"; an events file names one of ${Object.keys(READERS).join(', ')}${family === undefined ? '' : ` (${named.fact} is not loaded by an events file yet)`}`,
      );
    }
    if (isKeyed(family) && !servesKey(family, named.key))
      throw new ImportError(`${where}: ${named.fact} has no key "${named.key}"; its keys are ${servedKeysText(family)}`);
    const event = READERS[named.fact](named, where);
    const earlier = seen.get(`${named.fact} ${event.id}`);
    if (earlier !== undefined) throw new ImportError(`${where}: ${named.fact} ${event.id} appears twice (first on line ${earlier})`);
    seen.set(`${named.fact} ${event.id}`, index + 1);
    event.into(parsed, index + 1);
  });
  if (!headed) throw new ImportError(`${fileName}:1: the heading must be ${HEADING.join(',')}`);
  if (seen.size === 0) throw new ImportError(`${fileName}: no events after the heading`);
  return parsed;
}

export const operatorEventsImporter: Importer<OperatorEvents> = {
  dataset: 'operator-events',
  datasets: ['calendar', 'equities'],
  description: "Operator's events CSV (fact,key,series,name,importance,time,period,forecast,actual,unit): release calendars, splits",
  source: OPERATOR_SOURCE,
  parse: parseEvents,
  async load(db, { fileName, calendar, actions }, release) {
    if (actions.length > 0) {
      const codes = [...new Set(actions.map(({ row }) => row.code))];
      const known = new Set((await db.selectFrom('equity_issue').select('code').where('code', 'in', codes).execute()).map((row) => row.code));
      const unknown = actions.find(({ row }) => !known.has(row.code));
      if (unknown !== undefined) {
        throw new ImportError(
          `${fileName}:${unknown.line}: equity.action: no issue ${unknown.row.code} in the store; describe it first with an instruments file (equity.issue.*)`,
        );
      }
    }
    const written =
      calendar.length === 0
        ? 0
        : await insertRows(
            db,
            'calendar_event',
            calendar.map((row) => ({ ...row, source: release.source })),
            { onConflict: { key: ['id'], keep: 'new' } },
          );
    return (
      written +
      (actions.length === 0
        ? 0
        : await insertRows(
            db,
            'equity_action',
            actions.map(({ row }) => ({ ...row, source: release.source })),
            { onConflict: { key: ['code', 'effective_date'], keep: 'new' } },
          ))
    );
  },
};
