import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { KeyAuthenticator } from '../edge/edge-context.ts';
import { API_PREFIX } from '../edge/route.ts';
import type { Clock } from '../kernel/clock.ts';
import { endpointCatalogue } from './endpoint-catalogue.ts';
import { hubMcpServer } from './hub-mcp-server.ts';
import { injectingCaller } from './injecting-caller.ts';
import { presentedKey } from './presented-key.ts';

const MCP_PATH = '/mcp';

/** A JSON-RPC message of tool calls is small: a larger body is refused (413) before it is parsed. */
const MCP_BODY_LIMIT = 64 * 1024;

/** What the Streamable HTTP transport answers when a stateless server cannot help (the SDK's examples do the same). */
const jsonRpcError = (message: string) => ({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless. Each POST gets a server and
 * transport of its own, so nothing outlives the request and a revoked key is refused at its next
 * one. The key (X-API-Key or Authorization: Bearer) is checked before the body is read; each tool
 * call is then the REST call it makes, through the hub's own pipeline with that key.
 */
export function registerMcpRoutes(app: FastifyInstance, ctx: { keys: KeyAuthenticator; clock: Clock }): void {
  const endpoints = endpointCatalogue(injectingCaller(app, {}, '127.0.0.1'));

  async function admitKey(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const key = presentedKey(request.headers);
    if (key !== undefined && (await ctx.keys.authenticate(key, ctx.clock.now())) !== undefined) return undefined;
    // The gate answers a refused key as it would the REST call: it counts the address's missing
    // and invalid keys, and answers 429 past their allowance, so /mcp is no faster way to guess.
    const refused = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/usage`,
      headers: key === undefined ? {} : { 'x-api-key': key },
      remoteAddress: request.ip,
    });
    if (refused.statusCode < 400) return undefined;
    for (const name of ['content-type', 'cache-control', 'retry-after']) {
      const value = refused.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.code(refused.statusCode).send(refused.body);
  }

  app.route({
    method: 'POST',
    url: MCP_PATH,
    bodyLimit: MCP_BODY_LIMIT,
    schema: { hide: true },
    onRequest: admitKey,
    handler: async (request, reply) => {
      const hub = injectingCaller(app, { 'x-api-key': presentedKey(request.headers) ?? '' }, request.ip);
      const server = hubMcpServer({ hub, endpoints });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      // The transport writes the response itself; the headers the hooks set (nosniff) go with it.
      reply.hijack();
      for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.once('close', () => {
        server.close().catch((error: unknown) => request.log.warn({ err: error }, 'mcp server did not close'));
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'mcp request failed');
        if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(jsonRpcError('Internal server error')));
      }
    },
  });

  // Stateless: no stream to open (GET) and no session to end (DELETE).
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    schema: { hide: true },
    onRequest: admitKey,
    handler: async (_request, reply) => reply.code(405).header('allow', 'POST').send(jsonRpcError('Method not allowed: POST JSON-RPC messages to /mcp')),
  });
}
