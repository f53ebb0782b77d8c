import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { endpointCatalogue } from '../../mcp/endpoint-catalogue.ts';
import { fetchingCaller } from '../../mcp/fetch-caller.ts';
import { hubMcpServer } from '../../mcp/hub-mcp-server.ts';
import { parse, UsageError } from '../args.ts';
import { usageOf } from '../usage.ts';

const USAGE = usageOf('mcp');
const DEFAULT_URL = 'http://127.0.0.1:8080';

/** The hub `FDH_URL` names, checked: an http(s) URL. */
function hubUrl(configured: string | undefined): string {
  const url = configured === undefined || configured === '' ? DEFAULT_URL : configured;
  const protocol = URL.parse(url)?.protocol;
  if (protocol !== 'http:' && protocol !== 'https:') throw new UsageError(`FDH_URL must be the hub's http(s) URL (${DEFAULT_URL}), not "${url}"`);
  return url;
}

/**
 * `fdh mcp`: the hub's MCP tools over stdio, for desktop assistants, calling the hub at `FDH_URL`
 * with `FDH_API_KEY` over HTTP. Standard output carries MCP messages only; it ends when the
 * client closes standard input.
 */
export async function mcpCommand(args: string[]): Promise<number> {
  const { positionals } = parse(args, {}, USAGE);
  if (positionals.length > 0) throw new UsageError(`fdh mcp takes no argument; usage: ${USAGE}`);
  const apiKey = process.env.FDH_API_KEY;
  if (apiKey === undefined || apiKey === '') {
    throw new UsageError(`FDH_API_KEY is required: the API key every tool call is made with (a key of the hub at FDH_URL, default ${DEFAULT_URL})`);
  }
  const url = hubUrl(process.env.FDH_URL);
  const hub = fetchingCaller(url, apiKey);
  const server = hubMcpServer({ hub, endpoints: endpointCatalogue(hub) });
  const inputEnded = new Promise((resolve) => process.stdin.once('end', resolve));
  await server.connect(new StdioServerTransport());
  process.stderr.write(`fdh mcp: the hub's tools over stdio, calling ${url}\n`);
  await inputEnded;
  await server.close();
  return 0;
}
