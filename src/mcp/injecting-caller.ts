import type { FastifyInstance } from 'fastify';
import { bodyOf, type HubCaller } from './hub-caller.ts';

/**
 * The hub's own HTTP pipeline, asked in process (`app.inject`) with the caller's headers and
 * address: the gate, quota, usage meter, access log and metrics see the REST call itself.
 */
export function injectingCaller(app: FastifyInstance, headers: Readonly<Record<string, string>>, remoteAddress: string): HubCaller {
  return {
    async get(pathAndQuery) {
      const answer = await app.inject({ method: 'GET', url: pathAndQuery, headers: { ...headers, accept: 'application/json' }, remoteAddress });
      const contentType = answer.headers['content-type'];
      return { status: answer.statusCode, body: bodyOf(typeof contentType === 'string' ? contentType : undefined, answer.body) };
    },
  };
}
