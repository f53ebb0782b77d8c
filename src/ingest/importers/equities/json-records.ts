import { ImportError } from '../../source.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { withoutByteOrderMark } from '../../canonical-content.ts';

/**
 * J-Quants answers are one JSON object holding an array under a named key
 * (`daily_quotes`, `info`, `statements`). Problems are named by their place in that array.
 */
export function readRecords(content: string, fileName: string, key: string): Record<string, unknown>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(withoutByteOrderMark(content));
  } catch (error) {
    throw new ImportError(`${fileName}: not JSON (${(error as Error).message})`);
  }
  const records = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(records)) throw new ImportError(`${fileName}: expected an object with a "${key}" array`);
  records.forEach((record, i) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new ImportError(`${fileName}: ${key}[${i}] is not an object`);
  });
  return records as Record<string, unknown>[];
}

export class RecordReader {
  readonly #where: string;
  readonly #record: Record<string, unknown>;

  constructor(fileName: string, key: string, index: number, record: Record<string, unknown>) {
    this.#where = `${fileName}: ${key}[${index}]`;
    this.#record = record;
  }

  fail(message: string): never {
    throw new ImportError(`${this.#where}: ${message}`);
  }

  date(field: string): string {
    const value = this.#record[field];
    const date = typeof value === 'string' ? calendarDate(value) : undefined;
    if (date === undefined) this.fail(`${field} ${JSON.stringify(value)} is not a calendar date (YYYY-MM-DD)`);
    return date;
  }

  /** The issue code: J-Quants sends the 5-character code (`72030`); a bare 4-character ticker gets its `0`. */
  code(field: string): string {
    const value = this.#record[field];
    if (typeof value !== 'string' || !/^[0-9A-Z]{4}[0-9A-Z]?$/.test(value)) this.fail(`${field} must be a 4- or 5-character code (got ${JSON.stringify(value)})`);
    return value.length === 4 ? `${value}0` : value;
  }

  text(field: string): string {
    const value = this.#record[field];
    if (typeof value !== 'string' || value.trim() === '') this.fail(`${field} must be a non-empty string`);
    return value.trim();
  }

  optionalText(field: string): string | undefined {
    const value = this.#record[field];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }

  /**
   * A number, or null where the publisher leaves the figure out (null or ""); numeric strings
   * accepted. J-Quants sends every field of its layout, so an absent one marks a changed layout,
   * not a missing figure.
   */
  figure(field: string): number | null {
    if (!(field in this.#record)) this.fail(`${field} is missing`);
    const value = this.#record[field];
    if (value === null || value === '') return null;
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isFinite(number)) this.fail(`${field} must be a number (got ${JSON.stringify(value)})`);
    return number;
  }
}

export const J_QUANTS_SOURCE = 'J-Quants';
