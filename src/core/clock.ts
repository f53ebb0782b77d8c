import { rememberingLast } from './remembering.ts';

/** The one source of "now". Domain code asks the clock, never Date.now(), so tests can pin time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  #ms: number;
  constructor(start: Date | string) {
    this.#ms = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.#ms);
  }
  set(to: Date | string): void {
    this.#ms = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

const MS_PER_DAY = 86_400_000;

const twoDigits = (value: number) => (value < 10 ? `0${value}` : `${value}`);
const threeDigits = (value: number) => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);

/**
 * `new Date(ms).toISOString()`, the same text for every instant. V8 formats it with printf,
 * about 7,000 instructions a call; here only the first instant of each UTC day is formatted
 * that way (for its `YYYY-MM-DDT`), and the time of day is plain arithmetic.
 */
export function isoFormatter(): (ms: number) => string {
  let day = Number.NaN;
  let dayPrefix = '';
  return (ms) => {
    const msDay = Math.floor(ms / MS_PER_DAY);
    if (msDay !== day) {
      // Also throws the RangeError toISOString throws for an invalid instant.
      dayPrefix = new Date(ms).toISOString().slice(0, -13);
      day = msDay;
    }
    const ofDay = ms - msDay * MS_PER_DAY;
    const seconds = Math.floor(ofDay / 1000);
    return `${dayPrefix}${twoDigits(Math.floor(seconds / 3600))}:${twoDigits(Math.floor(seconds / 60) % 60)}:${twoDigits(seconds % 60)}.${threeDigits(ofDay % 1000)}Z`;
  };
}

/** `toISOString()` of epoch milliseconds, the last instant asked remembered. */
export function rememberingIsoFormatter(): (ms: number) => string {
  return rememberingLast(isoFormatter());
}
