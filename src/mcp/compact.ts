/** A series or table up to this many points or rows is answered whole; a longer one is summarised. */
export const WHOLE_UP_TO = 100;
/** The points or rows a summary shows at each end. */
const SHOWN_AT_EACH_END = 5;

/**
 * Points or rows a model's context can hold: all of them (under `name`), or their count, the
 * first and last few and `more`, saying how to get the rest.
 */
export function compactList(name: string, items: readonly unknown[], more: string): Record<string, unknown> {
  if (items.length <= WHOLE_UP_TO) return { count: items.length, [name]: items };
  return { count: items.length, first: items.slice(0, SHOWN_AT_EACH_END), last: items.slice(-SHOWN_AT_EACH_END), more };
}

/** The most characters of an answer `call_endpoint` passes on whole. */
export const LONGEST_TEXT = 20_000;

/** `text` cut to LONGEST_TEXT characters, with a note saying so and `how` to narrow the call; undefined when it fits. */
export function cutText(text: string, how: string): string | undefined {
  if (text.length <= LONGEST_TEXT) return undefined;
  return `${text.slice(0, LONGEST_TEXT)}\n[cut: the answer is ${text.length.toLocaleString('en')} characters, the first ${LONGEST_TEXT.toLocaleString('en')} are shown. ${how}]`;
}
