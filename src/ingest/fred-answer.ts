import { Type } from 'typebox';
import { ImportError } from './import-error.ts';

/**
 * FRED's error answer, which it may send with a 200 (`{"error_code": 400, "error_message":
 * "Bad Request. …"}`): every answer is first read as this envelope, which any object fits.
 */
export const FredEnvelopeSchema = Type.Object({
  error_code: Type.Optional(Type.Union([Type.Number(), Type.String()])),
  error_message: Type.Optional(Type.String()),
});

/** Refuses FRED's error answer quoting its code and message. */
export function refuseFredError(envelope: { error_code?: number | string; error_message?: string }, fileName: string): void {
  if (envelope.error_message !== undefined) throw new ImportError(`${fileName}: FRED answered ${String(envelope.error_code)}: ${envelope.error_message}`);
}

/** One row of `observations`: `value` is FRED's decimal text, or `"."` for a period without a figure. */
export const FredObservationSchema = Type.Object({ date: Type.String(), value: Type.String() });

/** A row of an answer asked with a real-time period (ALFRED): `value` was in force from `realtime_start` to `realtime_end`. */
export const FredVintageObservationSchema = Type.Object({
  realtime_start: Type.String(),
  realtime_end: Type.String(),
  date: Type.String(),
  value: Type.String(),
});
