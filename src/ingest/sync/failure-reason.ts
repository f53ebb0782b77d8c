import { printable } from '../../kernel/printable.ts';
import { maskCredentials, redactUrl } from './archive.ts';

/** The most a failure reason takes, in bytes of UTF-8: stored, served and printed as such. */
export const MAX_REASON_BYTES = 1024;

/** How many errors of a `cause` chain are read: a chain longer than this (or a cycle) adds nothing readable. */
const MAX_CAUSES = 5;

const COUNT = new Intl.NumberFormat('en-US');

/** A URL in a message: up to white space, a quote or an angle bracket. */
const URL_IN_TEXT = /https?:\/\/[^\s"'<>]+/g;

/**
 * A URL as a person reads it: credentials redacted (`redactUrl`), the query's percent-escapes
 * decoded (`from=2026-01-01T00%3A00` reads `from=2026-01-01T00:00`). The decoded query may hold
 * controls; `printable` shows them as escapes afterwards.
 */
function readableUrl(url: string, secrets: readonly string[]): string {
  const redacted = redactUrl(url, secrets);
  let parsed: URL;
  try {
    parsed = new URL(redacted);
  } catch {
    return redacted;
  }
  const query = [...parsed.searchParams].map(([name, value]) => (value === '' ? name : `${name}=${value}`)).join('&');
  return `${parsed.origin}${parsed.pathname}${query === '' ? '' : `?${query}`}${parsed.hash}`;
}

function messageOf(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    return 'an error that cannot be shown';
  }
}

/** The error's message, then each message of its `cause` chain that says something the ones before did not. */
function messages(error: unknown): string {
  let text = messageOf(error);
  let current: unknown = error;
  const seen = new Set<unknown>([error]);
  for (let depth = 0; depth < MAX_CAUSES && current instanceof Error && current.cause !== undefined && !seen.has(current.cause); depth++) {
    current = current.cause;
    seen.add(current);
    const message = messageOf(current).trim();
    if (message !== '' && !text.includes(message)) text = `${text}: ${message}`;
  }
  return text;
}

function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** At most `maxBytes` of UTF-8 from the start of `text`, never half a character. */
function head(text: string, maxBytes: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    bytes += utf8Length(char);
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return text.slice(0, end);
}

function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** `boundedText`, the marker counting `characters` (the text's own by default). */
function bound(text: string, maxBytes: number, characters?: number): string {
  // Every UTF-16 unit becomes at least one byte, so a text longer than the bound in units is cut
  // whatever its escapes, and only a prefix of it needs escaping (twice the bound, for surrogate pairs).
  const escaped = printable(text.length > maxBytes ? text.slice(0, 2 * maxBytes) : text);
  if (characters === undefined && text.length <= maxBytes && Buffer.byteLength(escaped) <= maxBytes) return escaped;
  const marker = ` … (cut, ${COUNT.format(characters ?? codePoints(text))} characters in all)`;
  // A cut through an escape (`\x1`, `\u20`) would read as another character: the partial escape goes too.
  const kept = head(escaped, maxBytes - Buffer.byteLength(marker)).replace(/\\(?:x[0-9a-f]?|u[0-9a-f]{0,3})?$/, '');
  return `${kept}${marker}`;
}

/**
 * Text shown where space is bounded (a source's last error in the API, the dashboard, `fdh sync
 * status`): controls escaped (`printable`), and cut to `maxBytes` of UTF-8 with a marker saying
 * how long it was. Safe on a reason stored before reasons were bounded; a text already bounded
 * comes back unchanged.
 */
export function boundedText(text: string, maxBytes: number = MAX_REASON_BYTES): string {
  return bound(text, maxBytes);
}

/** How much of a long message is looked at for URLs: more than is ever kept. */
const CONSIDERED = 4 * MAX_REASON_BYTES;

/**
 * Why a run failed, as stored on the source and shown everywhere: the error's message and what
 * its `cause` chain adds, the source's credential values (`secrets`) masked wherever they stand,
 * every URL in it with credentials redacted and its query readable,
 * controls escaped, at most 1 KiB of UTF-8 (`MAX_REASON_BYTES`), a longer one cut with a marker
 * giving its whole length (`… (cut, 2,000,084 characters in all)`).
 */
export function failureReason(error: unknown, secrets: readonly string[] = []): string {
  const text = maskCredentials(messages(error), secrets);
  const readable = (url: string): string => readableUrl(url, secrets);
  // Only the start survives the cut: the rest of a 2 MB message is not worth parsing for URLs.
  if (text.length <= CONSIDERED) return bound(text.replace(URL_IN_TEXT, readable), MAX_REASON_BYTES);
  return bound(text.slice(0, CONSIDERED).replace(URL_IN_TEXT, readable), MAX_REASON_BYTES, codePoints(text));
}

/** Where a run writes: the store (its file, or its server's redacted URL) and the archive directory. */
export interface RunPlaces {
  store: string;
  archive: string;
}

/** `error` or the first of its causes that says the disk is full, with what it could not write. */
function fullDisk(error: unknown, places: RunPlaces): { what: string; message: string } | undefined {
  const seen = new Set<unknown>();
  for (let current = error, depth = 0; current instanceof Error && depth <= MAX_CAUSES && !seen.has(current); current = current.cause, depth++) {
    seen.add(current);
    const { code, errcode } = current as Error & { code?: unknown; errcode?: unknown };
    // SQLITE_FULL is also what a store past its max_page_count answers.
    if (code === 'ERR_SQLITE_ERROR' && errcode === 13) return { what: `the store ${places.store}`, message: current.message };
    if (code === '53100') return { what: `the PostgreSQL server of the store ${places.store}`, message: current.message };
    // The archive is the only place a run writes files to: the store says SQLITE_FULL or 53100.
    if (code === 'ENOSPC') return { what: `the archive ${places.archive}`, message: current.message };
  }
  return undefined;
}

/**
 * Why a run failed when the disk it writes to is full (SQLite's SQLITE_FULL, PostgreSQL's
 * disk_full 53100, a file write's ENOSPC, anywhere in `error`'s cause chain), naming the place
 * that could not be written; undefined for any other failure.
 */
export function diskFullReason(error: unknown, places: RunPlaces): string | undefined {
  const full = fullDisk(error, places);
  return full === undefined ? undefined : `the disk is full: ${full.what} could not be written (${full.message}); nothing of the run was imported`;
}
