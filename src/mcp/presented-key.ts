import type { IncomingHttpHeaders } from 'node:http';

const BEARER = /^Bearer +(\S+) *$/i;

/** The API key a request presents: `X-API-Key`, else `Authorization: Bearer <key>` (the form MCP clients send). */
export function presentedKey(headers: IncomingHttpHeaders): string | undefined {
  const direct = headers['x-api-key'];
  if (typeof direct === 'string' && direct !== '') return direct;
  return BEARER.exec(headers.authorization ?? '')?.[1];
}
