import pino, { type Logger } from 'pino';
import { LogBatches } from './log-batches.ts';

/**
 * Anything shaped like an API key, wherever it appears in a logged string, in any case and with
 * any of its characters percent-encoded, once or more (`%61pk_`, `apk%5F`, `%2561pk_`): a URL
 * is logged as it came, and a client's mistake must not put a working key in the log.
 */
const encoded = (hex: string) => `%(?:25)*${hex}`;
const KEY_LIKE = new RegExp(
  `(?:a|${encoded('[46]1')})(?:p|${encoded('[57]0')})(?:k|${encoded('[46]b')})(?:_|${encoded('5f')})` +
    `(?:[0-9a-z]|${encoded('(?:3[0-9]|[46][1-9a-f]|[57][0-9a])')})*`,
  'gi',
);

export function redactKeys(text: string): string {
  // Most logged URLs hold neither: skip the pattern for them.
  if (!text.includes('%') && !/apk_/i.test(text)) return text;
  return text.replace(KEY_LIKE, 'apk_[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** Request headers that carry a secret: never written, wherever a headers object is logged. */
const SECRET_HEADERS = ['x-api-key', 'authorization', 'cookie', 'x-csrf-token'];

function withoutSecrets(headers: Record<string, unknown>): Record<string, unknown> {
  const shown = { ...headers };
  for (const name of SECRET_HEADERS) if (name in shown) shown[name] = '[redacted]';
  return shown;
}

/**
 * Standard output in 4 KiB batches, each written by this thread: an asynchronous write hands
 * every batch to a libuv worker, and waking it cost a cached answer 9–44 % of its throughput on
 * this machine (ADR 0017). A batch is written within a second of its first line, and what is
 * still pending when the process exits.
 */
function standardOutput(): pino.DestinationStream {
  const batches = new LogBatches(pino.destination({ sync: true }), { minLength: 4096, maxDelayMs: 1000 });
  process.once('exit', () => batches.flushSync());
  return batches;
}

/**
 * Structured JSON logs. Keys are accepted only in the X-API-Key header, which is never logged:
 * a logged request carries no headers, and a logged headers object has its secrets masked (by
 * serializers, which cost nothing on lines without such a property, where pino's path redaction
 * cost every line 4.5 % of a cached answer's instructions); a key a client puts in the URL by
 * mistake is masked before the URL is written.
 */
export function createLogger(level: string, destination: pino.DestinationStream = standardOutput()): Logger {
  return pino(
    {
      level,
      serializers: {
        headers: withoutSecrets,
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactKeys(request.url ?? ''),
          host: request.host,
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        }),
      },
    },
    destination,
  );
}
