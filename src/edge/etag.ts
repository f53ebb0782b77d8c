/**
 * Whether the client's If-None-Match names the current representation (a weak comparison,
 * RFC 9110 13.1.2): the answer is then a bodiless 304, still charged, since the quota was spent
 * deciding it.
 */
export function namesCurrentRepresentation(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === etag || trimmed === '*';
  });
}
