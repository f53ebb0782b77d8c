export const STATUS_CLASSES = ['2xx', '4xx', '429', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

/** The index in STATUS_CLASSES: 304 counts as answered (2xx); 429 is kept apart from the other refusals. */
export function statusIndexOf(statusCode: number): number {
  if (statusCode < 400) return 0;
  if (statusCode === 429) return 2;
  return statusCode < 500 ? 1 : 3;
}
