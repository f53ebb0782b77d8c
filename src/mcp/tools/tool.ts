import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Static, TObject } from 'typebox';
import { HubUnavailableError, type HubCaller } from '../hub-caller.ts';
import type { Endpoint } from '../endpoint-catalogue.ts';
import { argumentsCheck } from '../tool-arguments.ts';
import { isSuccess, refusal, toolError } from '../tool-results.ts';

/** What a tool call runs against: the hub as the caller, and its catalogue of endpoints. */
export interface ToolContext {
  hub: HubCaller;
  endpoints(): Promise<readonly Endpoint[]>;
}

/** A tool as `tools/list` shows it and `tools/call` runs it. */
export interface HubTool {
  listing: Tool;
  call(args: unknown, context: ToolContext): Promise<CallToolResult>;
}

interface ToolDefinition<S extends TObject> {
  name: string;
  description: string;
  /** Composed from the REST endpoint's own TypeBox schemas: the listing's `inputSchema` and the arguments' check. */
  input: S;
  run(args: Static<S>, context: ToolContext): Promise<CallToolResult>;
}

/** A tool whose arguments are checked against its input schema (compiled once, here) before it runs. */
export function defineTool<S extends TObject>(definition: ToolDefinition<S>): HubTool {
  const check = argumentsCheck(definition.input);
  return {
    listing: { name: definition.name, description: definition.description, inputSchema: definition.input as Tool['inputSchema'] },
    async call(args, context) {
      const checked = check(args ?? {});
      if (!checked.ok) return toolError(`Invalid arguments for ${definition.name}: ${checked.problems.join('; ')}`, { problems: checked.problems });
      try {
        return await definition.run(checked.value, context);
      } catch (error) {
        if (error instanceof HubUnavailableError) return toolError(error.message);
        throw error;
      }
    },
  };
}

/** A success envelope's parts. */
export interface Answered {
  data: unknown;
  meta: Record<string, unknown>;
}

/** The REST call a tool is: its answer shaped by `shape`, or its refusal as a tool error. */
export async function restCall(context: ToolContext, pathAndQuery: string, shape: (answered: Answered) => CallToolResult): Promise<CallToolResult> {
  const answer = await context.hub.get(pathAndQuery);
  return isSuccess(answer) ? shape(answer.body as Answered) : refusal(answer);
}

/** `path?name=value&…` of the parameters given (undefined ones left out), encoded as a browser would. */
export function withQuery(path: string, parameters: Readonly<Record<string, string | number | boolean | undefined>>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) query.set(name, String(value));
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}
