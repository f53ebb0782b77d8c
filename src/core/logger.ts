import pino, { type Logger } from 'pino';

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

/**
 * Structured JSON logs. Keys are accepted only in the X-API-Key header, which is never logged;
 * a key a client puts in the URL by mistake is masked before the URL is written. Standard output
 * is written in 4 KiB batches (pino flushes what is pending when the process exits).
 */
export function createLogger(level: string, destination: pino.DestinationStream = pino.destination({ sync: false, minLength: 4096 })): Logger {
  return pino(
    {
      level,
      redact: { paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]'], censor: '[redacted]' },
      serializers: {
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
