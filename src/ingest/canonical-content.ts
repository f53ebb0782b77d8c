import { createHash } from 'node:crypto';

/**
 * The canonical forms a file's content is identified by (source.ts hashes them to tell a
 * release already loaded). Two files with the same canonical form must parse to the same
 * rows, so each form drops only what the parsers ignore.
 */

export function withoutByteOrderMark(content: string): string {
  return content.startsWith('\uFEFF') ? content.slice(1) : content;
}

/**
 * Line-based text (CSV, RSS/Atom): no byte-order mark, LF line ends, no whitespace at the end
 * of a line, no blank lines at the end, one final newline. The CSV readers trim every cell and
 * the feed reader collapses whitespace in every text, so none of these changes a parsed row. A
 * file already in this form (LF, final newline) is its own canonical form, so its hash is the
 * one a raw-bytes hash gave it before.
 */
export function canonicalText(content: string): string {
  const lines = withoutByteOrderMark(content)
    .split('\n')
    .map((line) => line.trimEnd());
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The SHA-256 of `canonicalText` of a file given line by line (`fileLines`), without holding the file. */
export async function canonicalTextHash(lines: AsyncIterable<{ text: string }>): Promise<string> {
  const hash = createHash('sha256');
  // Blank lines count only when a line with text follows them: trailing ones are dropped.
  let blanks = 0;
  for await (const { text } of lines) {
    const trimmed = text.trimEnd();
    if (trimmed === '') {
      blanks++;
      continue;
    }
    if (blanks > 0) hash.update('\n'.repeat(blanks));
    blanks = 0;
    hash.update(`${trimmed}\n`);
  }
  return hash.digest('hex');
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/**
 * JSON: the parsed value written again with object keys sorted and no layout, so indentation,
 * line ends, key order and number spelling (`1.0`, `1`) do not make a different file. Only
 * called on content the importer has parsed already.
 */
export function canonicalJson(content: string): string {
  return JSON.stringify(sortedKeys(JSON.parse(withoutByteOrderMark(content))));
}
