import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { ImportError } from './import-error.ts';
import { count, LIMIT_SETTINGS, payloadLimits, type PayloadLimits } from './limits.ts';

/** A line of a file, numbered from 1, without its line end (LF or CRLF) or a byte-order mark. */
export interface NumberedLine {
  line: number;
  text: string;
}

const tooLong = (where: string, limits: PayloadLimits) =>
  new ImportError(`${where}: the line is longer than ${limits.maxLineChars} characters (${LIMIT_SETTINGS.maxLineChars.name})`);
const tooMany = (where: string, limits: PayloadLimits) =>
  new ImportError(`${where}: more than ${count(limits.maxRows)} lines (${LIMIT_SETTINGS.maxRows.name})`);

const CHUNK_BYTES = 64 * 1024;

/**
 * The lines of a UTF-8 file, read as a stream: memory holds one chunk and one line at a time,
 * whatever the size of the file. The last line is yielded even when empty, as `split('\n')`
 * would, so line numbers match the file's. A line longer than FDH_SYNC_MAX_LINE_KB (a file
 * without line ends) or a file of more than FDH_SYNC_MAX_ROWS lines is refused rather than read.
 */
export function fileLines(file: string): AsyncGenerator<NumberedLine> {
  return linesOf(createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK_BYTES }) as AsyncIterable<string>, basename(file));
}

/** The lines of UTF-8 bytes already in memory (a fetched payload), read and bounded as `fileLines` reads a file. */
export function contentLines(content: Buffer, fileName: string): AsyncGenerator<NumberedLine> {
  return linesOf(textChunks(content), fileName);
}

function* textChunks(content: Buffer): Generator<string> {
  const decoder = new StringDecoder('utf8');
  for (let at = 0; at < content.length; at += CHUNK_BYTES) yield decoder.write(content.subarray(at, at + CHUNK_BYTES));
  yield decoder.end();
}

async function* linesOf(chunks: Iterable<string> | AsyncIterable<string>, name: string): AsyncGenerator<NumberedLine> {
  const limits = payloadLimits();
  let pending = '';
  let line = 0;
  const next = (text: string): NumberedLine => {
    if (++line > limits.maxRows) throw tooMany(name, limits);
    if (text.length > limits.maxLineChars + 1) throw tooLong(`${name}:${line}`, limits);
    return numbered(line, text);
  };
  for await (const chunk of chunks) {
    pending += chunk;
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      yield next(pending.slice(start, end));
      start = end + 1;
    }
    pending = pending.slice(start);
    if (pending.length > limits.maxLineChars + 1) throw tooLong(`${name}:${line + 1}`, limits);
  }
  yield next(pending);
}

/**
 * The lines of a whole text already in memory (an importer's `parse(content)`), checked the
 * way `fileLines` checks a file's, and all counted before the first is parsed: a payload of more
 * than FDH_SYNC_MAX_ROWS lines is refused before it costs a record per line.
 */
export function textLines(content: string, fileName?: string): string[] {
  const limits = payloadLimits();
  const where = fileName === undefined ? '' : `${fileName}: `;
  let lines = 1;
  let start = 0;
  for (let end = content.indexOf('\n'); end !== -1; end = content.indexOf('\n', start)) {
    if (end - start > limits.maxLineChars + 1) throw tooLong(`${where}line ${lines}`, limits);
    if (++lines > limits.maxRows) throw tooMany(`${where}line ${lines}`, limits);
    start = end + 1;
  }
  if (content.length - start > limits.maxLineChars + 1) throw tooLong(`${where}line ${lines}`, limits);
  return content.replace(/^\uFEFF/, '').split(/\r?\n/);
}

function numbered(line: number, raw: string): NumberedLine {
  let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
  return { line, text };
}

/**
 * A CSV's records, bounded as `textLines` bounds lines: a quoted cell may hold commas or line
 * breaks (SDMX-CSV's attribute texts), so records end only at a line end outside quotes. An
 * answer ending inside a quoted cell (a cut body) is refused; blank records are left out.
 */
export function csvRecordLines(content: string, fileName: string): string[] {
  const limits = payloadLimits();
  const records: string[] = [];
  let start = 0;
  let quoted = false;
  const text = content.replace(/^\uFEFF/, '');
  const close = (end: number) => {
    if (end - start > limits.maxLineChars + 1) throw tooLong(`${fileName}: record ${records.length + 1}`, limits);
    const record = text.slice(start, end);
    if (record.trim() !== '') records.push(record);
    if (records.length > limits.maxRows) throw tooMany(`${fileName}: record ${records.length}`, limits);
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      close(i);
      start = i + 1;
    }
  }
  if (quoted) throw new ImportError(`${fileName}: the answer ends inside a quoted cell (a cut body)`);
  close(text.length);
  return records;
}
