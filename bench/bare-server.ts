/**
 * The yardstick: a bare node:http server, in a process of its own, that answers each request
 * with the very bytes the hub answered it: the same headers (quota, cache, ETag, content) and
 * the same body, with no framework, auth, quota or store behind them. Its answers are read from the file named by the first argument (see `BareAnswer`),
 * keyed by path and Accept-Encoding, so a gzip request gets the hub's gzip bytes.
 */
import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';

export interface BareAnswer {
  path: string;
  /** The Accept-Encoding the hub was asked with; '' for none. */
  acceptEncoding: string;
  /** The hub's headers but those node:http writes itself. */
  headers: Record<string, string>;
  base64: string;
}

const keyOf = (acceptEncoding: string | undefined, path: string) => `${acceptEncoding ?? ''} ${path}`;

function serve(file: string): void {
  const answers = new Map<string, { headers: OutgoingHttpHeaders; body: Buffer }>();
  for (const answer of JSON.parse(readFileSync(file, 'utf8')) as BareAnswer[]) {
    answers.set(keyOf(answer.acceptEncoding, answer.path), { headers: answer.headers, body: Buffer.from(answer.base64, 'base64') });
  }
  const server = createServer((request, response) => {
    const answer = answers.get(keyOf(request.headers['accept-encoding'], request.url ?? ''));
    if (answer === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, answer.headers);
    response.end(answer.body);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    process.stdout.write(`serving http://127.0.0.1:${port}\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

const [file] = process.argv.slice(2);
if (file !== undefined) serve(file);
