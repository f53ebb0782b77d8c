import { defineRoute, type ApiRoute } from '../../../edge/route.ts';
import type { CsvColumn } from '../../../edge/csv.ts';
import { listedFacts, MAX_TABLE_FACTS } from '../series-table.ts';
import { SeriesTableMetaSchema, SeriesTableQuerySchema, SeriesTableRowsSchema } from '../series-table.schemas.ts';
import type { SeriesService } from '../series.service.ts';
import { seriesTableReads } from '../series.reads.ts';

/** A table costs what reading each of its series alone would (contract section 5 E). */
const WEIGHT_PER_FACT = 2;

/** The CSV of a table: `date`, then a column per fact in the asked order, headed by its id. */
const tableColumns = (facts: string | undefined): CsvColumn[] => [
  { name: 'date', path: ['date'] },
  ...listedFacts(facts).map((fact) => ({ name: fact, path: [fact] })),
];

export function seriesTableRoute(service: SeriesService): ApiRoute {
  return defineRoute({
    // A static path: Fastify prefers it to `/series/:fact`, so no fact is named `table`.
    path: '/series/table',
    operationId: 'getSeriesTable',
    summary: 'Several series aligned on dates, a column each (an addition of the hub)',
    description:
      `Up to ${MAX_TABLE_FACTS} series (\`facts\`), each answered as \`/series/{fact}\` answers it with the same \`from\`, \`to\`, \`asOf\`, \`frequency\`, \`aggregation\` and \`units\`, ` +
      'read whole (no page), in rows aligned on dates, ascending: `{ "date": "2025-01-01", "macro:us.cpi": 317.29, "index.close:N225": 110.1 }`, null where a series has no figure that day. ' +
      "Without `frequency` a row is a figure's own day; with one, its period's first day, so a monthly statistic and a monthly close share a row. " +
      `Costs ${WEIGHT_PER_FACT} per fact (the weight shown is one fact's); the key's plan needs every fact's domain feature (403 naming the one it lacks). ` +
      "As CSV: a `date` column and a column per fact, headed by its id, in the asked order (`pandas.read_csv(url, index_col='date', parse_dates=True)`). " +
      '`meta.series` describes each series as `/series` lists it, with its `knowledgeAt` and `wasRestated`.',
    feature: null,
    featuresOf: (_params, query) =>
      listedFacts(query.facts).flatMap((fact) => {
        const feature = service.featureOf(fact);
        return feature === undefined ? [] : [feature];
      }),
    weight: WEIGHT_PER_FACT,
    // A list longer than a table may hold is refused, charged as the longest.
    weightOf: (query) => WEIGHT_PER_FACT * Math.min(Math.max(listedFacts(query.facts).length, 1), MAX_TABLE_FACTS),
    query: SeriesTableQuerySchema,
    data: SeriesTableRowsSchema,
    meta: SeriesTableMetaSchema,
    notFound: true,
    reads: seriesTableReads,
    csvColumnsOf: (_rows, query) => tableColumns(query.facts),
    handler: async ({ query, now }) => {
      const { facts, ...window } = query;
      const table = await service.table(listedFacts(facts), window, now);
      return { data: table.rows, meta: table.meta };
    },
  });
}
