import Fastify from 'fastify';
import { body } from './usage-body.ts';

/**
 * The second yardstick: Fastify alone, one route answering the same body as the bare server,
 * with no logger, hooks, schema, auth, quota or store. It shows what the framework itself costs
 * on this machine, beside what the hub adds.
 */
const app = Fastify({ logger: false });
app.get('/', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : 0;
process.stdout.write(`serving http://127.0.0.1:${port}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
