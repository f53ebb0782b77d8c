/** A JPX issue's 5-character code from a 4-character ticker, which names the common share (check character 0); a 5-character code as is. */
export const fullIssueCode = (code: string): string => (code.length === 4 ? `${code}0` : code);

/** The code a person uses for an issue: a common share's 4-character ticker (`7203` for `72030`), any other code as is. */
export const shortIssueCode = (code: string): string => (code.length === 5 && code.endsWith('0') ? code.slice(0, 4) : code);
