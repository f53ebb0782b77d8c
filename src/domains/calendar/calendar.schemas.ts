import { Type, type Static } from 'typebox';
import { CountryCode, IsoDate, IsoDateTime, Nullable, StringEnum } from '../../kernel/schemas.ts';

export const IMPORTANCE_LEVELS = ['low', 'medium', 'high'] as const;
/** The widest window one request may ask for, in days between `from` and `to`. */
export const MAX_WINDOW_DAYS = 90;

export const CalendarEventsQuerySchema = {
  from: Type.Optional(IsoDate({ description: 'YYYY-MM-DD; first day (UTC), inclusive. Default: today, or 7 days before `to`' })),
  to: Type.Optional(IsoDate({ description: 'YYYY-MM-DD; last day (UTC), inclusive, at most 90 days after `from`. Default: 7 days after `from`' })),
  country: Type.Optional(CountryCode({ description: 'ISO 3166-1 alpha-2 code (either case), or EU for the euro area' })),
  importance: Type.Optional(StringEnum(IMPORTANCE_LEVELS)),
};

export const CalendarEventSchema = Type.Object({
  id: Type.String(),
  time: IsoDateTime({ description: 'Scheduled release time, UTC' }),
  country: Type.String(),
  name: Type.String(),
  importance: StringEnum(IMPORTANCE_LEVELS),
  period: Type.String({ description: 'Reference period: YYYY-MM, YYYY-Qn, or the meeting date' }),
  actual: Nullable(Type.Number({ description: 'null until released' })),
  forecast: Nullable(Type.Number()),
  previous: Nullable(Type.Number({ description: 'The actual of the previous release of the same indicator' })),
  unit: Type.String(),
  source: Type.String(),
});
export type CalendarEvent = Static<typeof CalendarEventSchema>;

export const CalendarEventsSchema = Type.Array(CalendarEventSchema);
