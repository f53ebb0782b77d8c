import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** One answer as it came over the wire: node:http, unlike fetch, neither asks for nor undoes compression. */
export interface Answer {
  status: number;
  contentType: string;
  contentEncoding: string | undefined;
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
          contentType: response.headers['content-type'] ?? '',
          contentEncoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The size of the JSON an answer carries, compressed or not. */
export function jsonBytes(answer: Answer): number {
  return answer.contentEncoding === 'gzip' ? gunzipSync(answer.body).length : answer.body.length;
}
