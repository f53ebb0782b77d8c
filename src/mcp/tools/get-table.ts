import { Type } from 'typebox';
import { API_PREFIX } from '../../edge/route.ts';
import { SeriesParamsSchema } from '../../domains/series/series.schemas.ts';
import { MAX_TABLE_FACTS } from '../../domains/series/series-table.ts';
import { compactList, WHOLE_UP_TO } from '../compact.ts';
import { toolAnswer } from '../tool-results.ts';
import { SeriesWindowInput } from './series-window.ts';
import { defineTool, restCall, withQuery } from './tool.ts';

const GetTableInput = Type.Object(
  {
    facts: Type.Array(SeriesParamsSchema.fact, {
      minItems: 1,
      maxItems: MAX_TABLE_FACTS,
      description: `1 to ${MAX_TABLE_FACTS} distinct series ids, as search_series gives them (\`["macro:us.cpi", "index.close:N225"]\`)`,
    }),
    ...SeriesWindowInput,
  },
  { additionalProperties: false },
);

export const getTable = defineTool({
  name: 'get_table',
  description:
    `Several series (up to ${MAX_TABLE_FACTS}) aligned on dates: a row per date, \`{ "date": "2025-01-01", "<fact>": figure, … }\`, null where a series has no figure that day; ` +
    'each series read as get_series reads it with the same from, to, asOf, frequency, aggregation and units (a common `frequency` such as `monthly` lines up a statistic and a daily close). ' +
    `\`meta.series\` names each series with its unit and sources. More than ${WHOLE_UP_TO} rows are summarised (count, first and last 5). ` +
    "It is the REST call GET /openapi/v1/series/table?facts=…, charged per fact as that call and needing every fact's domain feature.",
  input: GetTableInput,
  run: ({ facts, ...window }, context) => {
    const path = withQuery(`${API_PREFIX}/series/table`, { facts: facts.join(','), ...window });
    return restCall(context, path, ({ data, meta }) => {
      const rows = data as unknown[];
      const more = `${rows.length} rows: for all of them ask get_table again with from/to narrowed to at most ${WHOLE_UP_TO} rows, or GET ${path} on the hub with your key (format=csv for a CSV file).`;
      return toolAnswer({ ...compactList('rows', rows, more), meta });
    });
  },
});
