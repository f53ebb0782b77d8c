/** The hub's answer to one GET: its status, and its body (the JSON envelope parsed, or a CSV answer's text). */
export interface HubAnswer {
  status: number;
  body: unknown;
}

/**
 * Where the tools send the REST calls they are: the hub's own pipeline with the caller's key
 * (`/mcp`), or a hub over HTTP with `FDH_API_KEY` (`fdh mcp`).
 */
export interface HubCaller {
  /** GET `pathAndQuery` (`/openapi/v1/series?q=yen`) as the caller. */
  get(pathAndQuery: string): Promise<HubAnswer>;
}

/** The hub gave no answer a tool can use: `fdh mcp` against a hub that is down, or no OpenAPI document. */
export class HubUnavailableError extends Error {}

/** An answer's body as the tools read it: JSON parsed, anything else (a CSV) as its text. */
export function bodyOf(contentType: string | undefined, text: string): unknown {
  return contentType?.startsWith('application/json') === true ? JSON.parse(text) : text;
}
