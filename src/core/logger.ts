import pino, { type Logger } from 'pino';

/** Anything shaped like an API key, wherever it appears in a logged string. */
const KEY_LIKE = /apk_[0-9A-Za-z]*/g;

export function redactKeys(text: string): string {
  return text.includes('apk_') ? text.replace(KEY_LIKE, 'apk_[redacted]') : text;
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
