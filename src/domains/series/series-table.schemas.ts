import { Type, type Static } from 'typebox';
import { IsoDate, Nullable } from '../../kernel/schemas.ts';
import { MAX_TABLE_FACTS } from './series-table.ts';
import { SeriesListSchema, SeriesMetaSchema, SeriesQuerySchema } from './series.schemas.ts';

// A table reads each series whole: the parameters of one series but its page's.
const { limit, cursor, ...oneSeriesQuery } = SeriesQuerySchema;

export const SeriesTableQuerySchema = {
  facts: Type.String({
    minLength: 1,
    // Room for the most facts at their longest (SeriesParamsSchema's 128 characters), and their commas.
    maxLength: MAX_TABLE_FACTS * 129,
    description: `1 to ${MAX_TABLE_FACTS} distinct series, comma-separated, as \`/series\` lists their ids (\`macro:us.cpi,index.close:N225\`; a pair's slash raw or \`%2F\`)`,
    examples: ['macro:us.cpi,index.close:N225'],
  }),
  ...oneSeriesQuery,
};

/**
 * Each fact's figure that day by its id, null where it has none. Declared number, string or
 * null, though only `date` is a string: a client's generated type of the row is then an index
 * signature its `date` fits (`{ date: string; [fact: string]: number | string | null }`).
 */
const FigureByFactSchema = Type.Unsafe<number | null>({
  type: ['number', 'string', 'null'],
  description: "A fact's figure that day (a number), null where it has none",
});

export const SeriesTableRowsSchema = Type.Array(
  Type.Object(
    { date: IsoDate({ description: "The day: a figure's own, or with `frequency` its period's first day" }) },
    { additionalProperties: FigureByFactSchema, description: 'Each fact by its id, in the asked order: its figure that day, null where it has none' },
  ),
);

// Each series described as `/series` lists it.
const listed = SeriesListSchema.items.properties;

const TableSeriesSchema = Type.Object({
  fact: Type.String(),
  name: listed.name,
  unit: listed.unit,
  frequency: SeriesMetaSchema.frequency,
  sources: listed.sources,
  knowledgeAt: SeriesMetaSchema.knowledgeAt,
  wasRestated: SeriesMetaSchema.wasRestated,
});

/** Each series of a table, described as `/series` lists it. */
export type TableSeries = Static<typeof TableSeriesSchema>;

export const SeriesTableMetaSchema = {
  series: Type.Array(TableSeriesSchema, { description: 'One entry per fact, in the asked order' }),
  frequency: Nullable(Type.String({ description: "The frequency asked; null: each series at its own, rows on its figures' days" })),
  aggregation: SeriesMetaSchema.aggregation,
  units: SeriesMetaSchema.units,
  unitsLabel: SeriesMetaSchema.unitsLabel,
};
