/**
 * Text from a publisher or from the store (a key's name, a failed sign-in's e-mail, a failure
 * reason) made safe to show on a terminal or in one line of a log: every C0 control (line
 * breaks and tabs included), DEL, every C1 control, the Unicode line and paragraph separators
 * and the bidirectional overrides and isolates become visible escapes (`\x1b`, `\n`, `\u202e`).
 * An ANSI escape sequence is thereby shown as text (`\x1b[31m`), never obeyed; a forged log line
 * after an embedded line break stays on the line of the value that carried it.
 *
 * A backslash is left as it is, so applying this twice changes nothing more than once: a value
 * escaped when stored and escaped again when shown reads the same.
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const named = NAMED[char];
    if (named !== undefined) return named;
    const code = char.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
