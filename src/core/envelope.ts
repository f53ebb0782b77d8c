import { Type, type TProperties, type TSchema } from 'typebox';
import type { Clock } from './clock.ts';
import { STATUS_NAMES, type ErrorCode } from './errors.ts';
import { boundedMessages } from './bounded-messages.ts';

/** `meta` always carries `timestamp`; routes may add more (the equities meta, `nextCursor`, …). */
const BaseMetaProperties = { timestamp: Type.String({ format: 'date-time' }) };

/**
 * A route's `meta`: its own properties, then `timestamp`. The serialiser writes properties in
 * schema order and only the declared ones, so every success body ends with the time of
 * answering, which the ETag leaves out by length (`etag.ts`). Clients are still told that
 * more properties may come (no `additionalProperties: false`).
 */
export function MetaSchema(properties: TProperties = {}) {
  return Type.Object({ ...properties, ...BaseMetaProperties });
}

export function SuccessEnvelopeSchema<Data extends TSchema, Meta extends TSchema>(data: Data, meta: Meta) {
  return Type.Object({
    success: Type.Literal(true),
    statusCode: Type.Integer(),
    data,
    meta,
  });
}

export const ErrorEnvelopeSchema = Type.Object(
  {
    success: Type.Literal(false),
    statusCode: Type.Integer(),
    error: Type.Object({
      code: Type.String(),
      message: Type.Union([Type.String(), Type.Array(Type.String())]),
    }),
    meta: Type.Object({
      timestamp: Type.String({ format: 'date-time' }),
      error: Type.Optional(Type.String()),
      statusCode: Type.Optional(Type.Integer()),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'The error envelope of every 4xx and 5xx response.' },
);

export interface ErrorEnvelope {
  success: false;
  statusCode: number;
  error: { code: string; message: string | string[] };
  meta: { timestamp: string; error?: string; statusCode?: number };
}

export function errorEnvelope(clock: Clock, statusCode: number, code: ErrorCode, message: string | string[]): ErrorEnvelope {
  const meta: ErrorEnvelope['meta'] = { timestamp: clock.now().toISOString() };
  // The specification puts the short status name and code in meta on 400 and 404.
  if (statusCode === 400 || statusCode === 404) {
    meta.error = STATUS_NAMES[statusCode] ?? 'Error';
    meta.statusCode = statusCode;
  }
  return { success: false, statusCode, error: { code, message: boundedMessages(message) }, meta };
}
