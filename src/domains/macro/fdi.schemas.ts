import { Type, type Static } from 'typebox';
import { AsOfDate, CountryCode, Nullable, Quarter, StringEnum } from '../../kernel/schemas.ts';
import { FDI_DIRECTIONS } from './series.ts';

export const FdiByRegionQuerySchema = {
  country: CountryCode({ description: 'Only `jp` (either case): Vietnam is served by /macro/fdi/vn/flows' }),
  quarters: Type.Integer({ minimum: 1, maximum: 12, default: 4, description: 'Quarters in the window (1–12)' }),
  from: Type.Optional(Quarter()),
  to: Type.Optional(Quarter()),
  direction: Type.Optional(StringEnum(FDI_DIRECTIONS, { description: 'Omitted: both directions' })),
  asOf: Type.Optional(AsOfDate()),
};

const regionFigure = () => Nullable(Type.Number());

/** One property per region of `FDI_REGIONS`, in its order: a missing figure is null, never 0. */
export const FdiRegionValuesSchema = Type.Object({
  asia: regionFigure(),
  north_america: regionFigure(),
  latin_america: regionFigure(),
  oceania: regionFigure(),
  europe: regionFigure(),
  middle_east: regionFigure(),
  africa: regionFigure(),
});
export type FdiRegionValues = Static<typeof FdiRegionValuesSchema>;

export const FdiQuarterRecordSchema = Type.Object({
  period: Type.String({ description: 'YYYY-Qn' }),
  total: Nullable(Type.Number()),
  values: FdiRegionValuesSchema,
  markers: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Publisher marker per region code (`x`: confidential)' })),
  unallocated: Nullable(Type.Number({ description: 'World total minus the sum of the regions that have a figure' })),
  isPreliminary: Type.Boolean(),
});
export type FdiQuarterRecord = Static<typeof FdiQuarterRecordSchema>;

export const FdiByRegionSchema = Type.Object({
  country: Type.String(),
  unit: Type.String(),
  unitScale: Type.Number(),
  displayUnit: Type.String(),
  source: Type.String(),
  sourceUrl: Type.String(),
  latestPeriod: Nullable(Type.String()),
  knowledgeAt: Nullable(Type.String({ format: 'date-time' })),
  wasRestated: Type.Boolean(),
  from: Nullable(Type.String()),
  to: Nullable(Type.String()),
  quarters: Type.Integer(),
  regions: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  inward: Type.Optional(Type.Array(FdiQuarterRecordSchema)),
  outward: Type.Optional(Type.Array(FdiQuarterRecordSchema)),
  seriesBreak: Type.Optional(Type.Object({ at: Type.String(), reason: Type.String() })),
});
export type FdiByRegion = Static<typeof FdiByRegionSchema>;
