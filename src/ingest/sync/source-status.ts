import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable } from '../../kernel/schemas.ts';
import { boundedText, MAX_REASON_BYTES } from './failure-reason.ts';

/** A fact a source has loaded whose next figure is past due (src/facts/cadence.ts). */
export const StaleFactSchema = Type.Object({
  fact: Type.String({ description: "The fact's name: `macro:jp.gdp.real`, `index.close:FTSE`" }),
  lastPeriod: Nullable(Type.String({ description: 'The latest period the store holds of it, from any release' })),
  dueAt: IsoDateTime({ description: "When the figure after lastPeriod was due: one period after it ends, plus the publisher's usual lag" }),
  ageSeconds: Type.Integer({ description: "Seconds since the newest release holding it was known, by the hub's clock" }),
});

/** One source as `fdh sync status`, the Sources page and its API show it. */
export const SourceStatusSchema = Type.Object({
  id: Type.String(),
  publisher: Type.String(),
  description: Type.String(),
  enabled: Type.Boolean(),
  skipped: Nullable(Type.String({ description: 'Why it does not run: disabled, or the credential variable that is not set' })),
  schedule: Type.String({ description: 'Cron, read in timeZone' }),
  timeZone: Type.String(),
  lastAttemptAt: Nullable(IsoDateTime()),
  lastSuccessAt: Nullable(IsoDateTime()),
  lastError: Nullable(
    Type.String({
      maxLength: MAX_REASON_BYTES,
      description: 'Why the last run failed: controls escaped, at most 1 KiB of UTF-8 (a longer reason is cut with a marker giving its length)',
    }),
  ),
  consecutiveFailures: Type.Integer(),
  lastReleaseIds: Type.Array(Type.String()),
  lastRowsAdded: Nullable(Type.Integer()),
  nextRunAt: Nullable(IsoDateTime()),
  lastSuccessAgeSeconds: Nullable(Type.Integer({ description: "Seconds since the last success, by the hub's clock" })),
  running: Type.Boolean(),
  interrupted: Type.Boolean({ description: 'The last run stopped without finishing (its process ended); nothing of it was imported' }),
  warning: Nullable(Type.String({ description: 'Set when the source has been failing for longer than its schedule interval' })),
  staleFacts: Type.Array(StaleFactSchema, {
    description: "The facts the source's releases hold that are past their due date (no release, of this source or another, has brought a newer period)",
  }),
});

export type SourceStatus = Static<typeof SourceStatusSchema>;

/**
 * A status as it is shown (the dashboard API, `fdh sync status`): its last error bounded and its
 * controls escaped (`boundedText`), whatever was stored, including a reason stored long and raw
 * before reasons were bounded when written.
 */
export function shownStatus(status: SourceStatus): SourceStatus {
  return status.lastError === null ? status : { ...status, lastError: boundedText(status.lastError) };
}
