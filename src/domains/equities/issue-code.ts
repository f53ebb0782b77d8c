/** A JPX issue's 5-character code from a 4-character ticker, which names the common share (check character 0); a 5-character code as is. */
export const fullIssueCode = (code: string): string => (code.length === 4 ? `${code}0` : code);
