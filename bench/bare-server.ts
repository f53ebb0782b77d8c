import { createServer } from 'node:http';
import { body } from './usage-body.ts';

/**
 * The yardstick: a bare node:http server answering a JSON body of the same size as the hub's
 * usage response, with no framework, auth, quota or store. The hub is measured as a ratio to it.
 */
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stdout.write(`serving http://127.0.0.1:${port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
