import pino, { type Logger } from 'pino';

/** Anything shaped like an API key, wherever it appears in a logged string. */
const KEY_LIKE = /apk_[0-9A-Za-z]*/g;

export function redactKeys(text: string): string {
  return text.replace(KEY_LIKE, 'apk_[redacted]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string };
}

/** A batch is written once it reaches this size, or when it is this old. */
const BATCH_BYTES = 16 * 1024;
const BATCH_MAX_AGE_MS = 250;

/**
 * Stdout written in batches off the request path: one write per 16 KiB or per 250 ms, so a
 * quiet service still shows its lines at once, and pino flushes what is left at exit. Lines
 * are kept as buffers: sonic-boom's string mode measures its whole pending batch on every
 * line, which costs more than formatting the line.
 */
function bufferedStdout(): pino.DestinationStream {
  const batches = pino.destination({
    dest: 1,
    sync: false,
    minLength: BATCH_BYTES,
    maxWrite: 4 * BATCH_BYTES,
    periodicFlush: BATCH_MAX_AGE_MS,
    contentMode: 'buffer',
  });
  // In buffer mode sonic-boom takes Buffers; its types only know strings.
  return { write: (line: string) => batches.write(Buffer.from(line) as unknown as string) };
}

/**
 * Structured JSON logs. Keys are accepted only in the X-API-Key header, which is never logged;
 * a key a client puts in the URL by mistake is masked before the URL is written.
 */
export function createLogger(level: string, destination: pino.DestinationStream = bufferedStdout()): Logger {
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
