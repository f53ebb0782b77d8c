import pino, { type Logger } from 'pino';

/**
 * Structured JSON logs. API keys are accepted only in the X-API-Key header; it is redacted
 * wherever a request's headers could reach a log line.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', 'request.headers["x-api-key"]'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
