/**
 * The earlier of two ISO instants: a rate's knowledge time is its publisher's publication time,
 * but never later than the release that brought it (a file in hand was published, whatever the
 * stated hour or the clocks say).
 */
export const earlierOf = (a: string, b: string): string => (Date.parse(a) <= Date.parse(b) ? a : b);
