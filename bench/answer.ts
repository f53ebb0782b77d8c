import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One answer as it came over the wire: node:http, unlike fetch, neither asks for nor undoes compression. */
export interface Answer {
  status: number;
  contentEncoding: string | undefined;
  /** Every header as sent, by lower-case name, but those node:http writes itself (Date, Connection, Keep-Alive). */
  headers: Record<string, string>;
  body: Buffer;
  /** From sending the request to the last byte of the body. */
  ms: number;
}

export function getAnswer(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const outgoing = request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          contentEncoding: response.headers['content-encoding'],
          headers: sentHeaders(response.rawHeaders),
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function sentHeaders(raw: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] ?? '').toLowerCase();
    if (!WRITTEN_BY_NODE.has(name)) headers[name] = raw[i + 1] ?? '';
  }
  return headers;
}

/** The size of the JSON an answer carries, compressed or not. */
export function jsonBytes(answer: Answer): number {
  return answer.contentEncoding === 'gzip' ? gunzipSync(answer.body).length : answer.body.length;
}
