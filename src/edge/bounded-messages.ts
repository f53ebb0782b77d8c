/** Problems an error answer names at most: enough to fix a request, never a body's worth. */
export const MAX_PROBLEMS = 5;
/** Characters of one problem at most (a message may quote the request). */
export const MAX_PROBLEM_LENGTH = 1000;

function clip(message: string): string {
  return message.length > MAX_PROBLEM_LENGTH ? `${message.slice(0, MAX_PROBLEM_LENGTH)}…` : message;
}

/**
 * An error's messages, bounded: the first MAX_PROBLEMS, each clipped, and a count of the rest.
 * A request with thousands of bad properties gets an answer of a few kilobytes (under 8 KiB),
 * not one line per property.
 */
export function boundedMessages(message: string | string[]): string | string[] {
  if (!Array.isArray(message)) return clip(message);
  if (message.length <= MAX_PROBLEMS) return message.map(clip);
  const rest = message.length - MAX_PROBLEMS;
  return [...message.slice(0, MAX_PROBLEMS).map(clip), `… and ${rest} more problem${rest === 1 ? '' : 's'}`];
}
