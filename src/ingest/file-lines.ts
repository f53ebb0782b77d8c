import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { ImportError } from './import-error.ts';

/** A line of a file, numbered from 1, without its line end (LF or CRLF) or a byte-order mark. */
export interface NumberedLine {
  line: number;
  text: string;
}

/** Longer than any line of a publisher file; a file without line ends is refused rather than held whole. */
export const MAX_LINE_LENGTH = 1024 * 1024;

const CHUNK_BYTES = 64 * 1024;

/**
 * The lines of a UTF-8 file, read as a stream: memory holds one chunk and one line at a time,
 * whatever the size of the file. The last line is yielded even when empty, as `split('\n')`
 * would, so line numbers match the file's.
 */
export function fileLines(file: string): AsyncGenerator<NumberedLine> {
  return linesOf(createReadStream(file, { encoding: 'utf8', highWaterMark: CHUNK_BYTES }) as AsyncIterable<string>, basename(file));
}

/** The lines of UTF-8 bytes already in memory (a fetched payload), read as `fileLines` reads a file. */
export function contentLines(content: Buffer, fileName: string): AsyncGenerator<NumberedLine> {
  return linesOf(textChunks(content), fileName);
}

function* textChunks(content: Buffer): Generator<string> {
  const decoder = new StringDecoder('utf8');
  for (let at = 0; at < content.length; at += CHUNK_BYTES) yield decoder.write(content.subarray(at, at + CHUNK_BYTES));
  yield decoder.end();
}

async function* linesOf(chunks: Iterable<string> | AsyncIterable<string>, fileName: string): AsyncGenerator<NumberedLine> {
  let pending = '';
  let line = 0;
  for await (const chunk of chunks) {
    pending += chunk;
    let start = 0;
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      yield numbered(++line, pending.slice(start, end));
      start = end + 1;
    }
    pending = pending.slice(start);
    if (pending.length > MAX_LINE_LENGTH) {
      throw new ImportError(`${fileName}:${line + 1}: the line is longer than ${MAX_LINE_LENGTH} characters`);
    }
  }
  yield numbered(++line, pending);
}

function numbered(line: number, raw: string): NumberedLine {
  let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
  if (line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
  return { line, text };
}
