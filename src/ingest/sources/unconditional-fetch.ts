import type { CollectContext, SourceRequest } from '../sync/source-definition.ts';

/**
 * The body of a request sent without validators (an API answer that is new on every call, or a
 * page of one): such a request is never answered 304.
 */
export async function fetchUnconditional(
  fetch: CollectContext['fetch'],
  request: Omit<SourceRequest, 'conditional'>,
): Promise<{ body: Buffer; archiveHash: string }> {
  const answer = await fetch({ ...request, conditional: false });
  if (answer.notModified) throw new Error(`${request.url}: answered 304 Not Modified to a request without validators`);
  return answer;
}
