import type { Transaction } from 'kysely';
import { ImportError, type Importer } from '../../source.ts';
import type { Database } from '../../../store/schema.ts';
import type { DatasetKey } from '../../../kernel/data-versions.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { Type, type TObject } from 'typebox';
import { readJsonDocument } from '../../publisher-document.ts';
import { fullIssueCode } from '../../../domains/equities/issue-code.ts';
import { checkedFigure, publisherFigure } from '../../publisher-figures.ts';

/**
 * J-Quants answers are one JSON object holding an array under a named key
 * (`daily_quotes`, `info`, `statements`). Problems are named by their place in that array.
 */
export function readRecords(content: string, fileName: string, key: string): Record<string, unknown>[] {
  return readJsonDocument(recordsSchemaOf(key), content, fileName)[key] as Record<string, unknown>[];
}

/** One schema per key, kept: a schema is compiled at its first document (publisher-document.ts), and a sync reads a page per day. */
const recordsSchemas = new Map<string, TObject>();

function recordsSchemaOf(key: string): TObject {
  let schema = recordsSchemas.get(key);
  if (schema === undefined) {
    schema = Type.Object({ [key]: Type.Array(Type.Object({})) });
    recordsSchemas.set(key, schema);
  }
  return schema;
}

export class RecordReader {
  readonly #where: string;
  readonly #record: Record<string, unknown>;

  constructor(fileName: string, key: string, index: number, record: Record<string, unknown>) {
    this.#where = `${fileName}: ${key}[${index}]`;
    this.#record = record;
  }

  /** The record's place in the answer (`bars.json: data[3]`). */
  get where(): string {
    return this.#where;
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
    if (typeof value !== 'string' || !/^[0-9A-Z]{4}[0-9A-Z]?$/.test(value))
      this.fail(`${field} must be a 4- or 5-character code (got ${JSON.stringify(value)})`);
    return fullIssueCode(value);
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
   * A figure of `fact`, or null where the publisher leaves it out (null or ""): a JSON number or a
   * decimal string, held to the figure rules of `fact` (publisher-figures.ts). J-Quants sends
   * every field of its layout, so an absent one marks a changed layout, not a missing figure.
   */
  figure(field: string, fact: string): number | null {
    if (!(field in this.#record)) this.fail(`${field} is missing`);
    return this.optionalFigure(field, fact);
  }

  /** As `figure`, for a field some files of the layout leave out (saved v1 quotes without the open, high and low): absent is null. */
  optionalFigure(field: string, fact: string): number | null {
    const value = this.#record[field];
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'number') return checkedFigure(value, fact, `${this.#where}: ${field}`);
    if (typeof value === 'string') return publisherFigure(value, fact, `${this.#where}: ${field}`);
    this.fail(`${field} must be a number (got ${JSON.stringify(value)})`);
  }
}

export const J_QUANTS_SOURCE = 'J-Quants';

/** Where one layout of a J-Quants answer (API v1 or v2) keeps the fields the hub reads. */
export interface JQuantsLayout<Fields> {
  dataset: string;
  description: string;
  /** The key of the answer's record array. */
  key: string;
  /** The publisher's field name for each of the hub's. */
  fields: Fields;
  /** The datasets a load changes, when more than the equities (the daily bars write ETF prices too). */
  datasets?: readonly DatasetKey[];
}

/** How one kind of J-Quants answer becomes rows, whichever layout names its fields. */
export interface JQuantsRecords<Fields, Parsed> {
  empty(): Parsed;
  /**
   * Adds one record to `parsed`, or fails through `read`. Implementations annotate
   * `read: RecordReader`: TypeScript narrows after a call to `fail` (which never returns) only
   * on an explicitly typed receiver.
   */
  add(read: RecordReader, fields: Fields, parsed: Parsed): void;
  load(db: Transaction<Database>, parsed: Parsed): Promise<number>;
}

/**
 * An importer of a J-Quants answer that also reads the records of an answer already read (the
 * source's merged pages), so they are parsed once.
 */
export interface JQuantsImporter<Parsed> extends Importer<Parsed> {
  fromRecords(records: readonly Record<string, unknown>[], fileName: string): Parsed;
}

/** An importer of one layout of a J-Quants answer. */
export function jquantsImporter<Fields, Parsed>(layout: JQuantsLayout<Fields>, records: JQuantsRecords<Fields, Parsed>): JQuantsImporter<Parsed> {
  const fromRecords = (list: readonly Record<string, unknown>[], fileName: string): Parsed => {
    const parsed = records.empty();
    list.forEach((record, i) => {
      records.add(new RecordReader(fileName, layout.key, i, record), layout.fields, parsed);
    });
    return parsed;
  };
  return {
    dataset: layout.dataset,
    datasets: layout.datasets ?? ['equities'],
    description: layout.description,
    source: J_QUANTS_SOURCE,
    canonicalForm: canonicalJson,
    parse: (content, fileName) => fromRecords(readRecords(content, fileName, layout.key), fileName),
    fromRecords,
    load: (db, parsed) => records.load(db, parsed),
  };
}
