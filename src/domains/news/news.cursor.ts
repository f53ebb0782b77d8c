/** A position in the feed's order (published_at desc, id desc), opaque to clients. */
export interface FeedPosition {
  publishedAt: string;
  id: string;
}

export function encodeCursor(position: FeedPosition): string {
  return Buffer.from(JSON.stringify([position.publishedAt, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor names, or undefined when it is not one this service issued. */
export function decodeCursor(cursor: string): FeedPosition | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length !== 2) return undefined;
  const [publishedAt, id] = value as unknown[];
  if (typeof publishedAt !== 'string' || typeof id !== 'string' || id === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(publishedAt)) return undefined;
  return { publishedAt, id };
}
