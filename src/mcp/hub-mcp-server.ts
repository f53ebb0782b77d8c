import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { HUB_TOOLS } from './tools/index.ts';
import type { ToolContext } from './tools/tool.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

const INSTRUCTIONS =
  'Financial Data Hub: market and macro data (indices, FX, commodities, crypto, ETFs, Japanese equities, macro statistics, news, calendar, real estate). ' +
  'Find a series with search_series, read it with get_series (or several aligned with get_table); list_endpoints and call_endpoint reach every REST endpoint. ' +
  "Every call is a REST call with this API key: it is charged to the key's per-minute budget and needs its plan's features; a refusal names the reason.";

const TOOLS_BY_NAME = new Map(HUB_TOOLS.map((tool) => [tool.listing.name, tool]));
const LISTINGS = HUB_TOOLS.map((tool) => tool.listing);

/** The hub's tools as an MCP server (the SDK's low-level `Server`), calling the hub through `context`. */
export function hubMcpServer(context: ToolContext): Server {
  const server = new Server({ name: 'financial-data-hub', version }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: LISTINGS }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name, arguments: args } = request.params;
    const tool = TOOLS_BY_NAME.get(name);
    if (tool === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool ${JSON.stringify(name.slice(0, 100))}; the tools are ${[...TOOLS_BY_NAME.keys()].join(', ')}`);
    }
    return tool.call(args, context);
  });
  return server;
}
