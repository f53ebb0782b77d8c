import { Cron } from 'croner';

/**
 * A source's schedule: cron with 5 fields, or 6 with seconds first, read in the publisher's
 * time zone (croner, which knows daylight-saving gaps and overlaps).
 */
export function parseSchedule(pattern: string, timeZone: string): Cron {
  return new Cron(pattern, { timezone: timeZone, paused: true });
}

/** Why `pattern` is no schedule, or undefined when it is one. */
export function scheduleProblem(pattern: string, timeZone: string): string | undefined {
  try {
    parseSchedule(pattern, timeZone).stop();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The first run strictly after `after`, or undefined for a schedule that never runs again. */
export function nextRunAfter(pattern: string, timeZone: string, after: Date): Date | undefined {
  const cron = parseSchedule(pattern, timeZone);
  const next = cron.nextRun(after) ?? undefined;
  cron.stop();
  return next;
}

/** The last run strictly before `before`, or undefined for a schedule with none. */
export function previousRunBefore(pattern: string, timeZone: string, before: Date): Date | undefined {
  const cron = parseSchedule(pattern, timeZone);
  const [previous] = cron.previousRuns(1, before);
  cron.stop();
  return previous;
}

/** The gap between the two runs after `after`: how long a source may fail before it warns. */
export function scheduleIntervalMs(pattern: string, timeZone: string, after: Date): number | undefined {
  const cron = parseSchedule(pattern, timeZone);
  const [first, second] = cron.nextRuns(2, after);
  cron.stop();
  return first === undefined || second === undefined ? undefined : second.getTime() - first.getTime();
}
