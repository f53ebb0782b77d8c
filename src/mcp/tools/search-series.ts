import { Type } from 'typebox';
import { API_PREFIX } from '../../edge/route.ts';
import { SeriesListQuerySchema, type SeriesEntry } from '../../domains/series/series.schemas.ts';
import { toolAnswer } from '../tool-results.ts';
import { defineTool, restCall, withQuery } from './tool.ts';

const SearchSeriesInput = Type.Object(
  { ...Type.Required(Type.Pick(Type.Object(SeriesListQuerySchema), ['q'])).properties, domain: SeriesListQuerySchema.domain },
  { additionalProperties: false },
);

/** What a search result keeps of a series' entry: enough to choose one and read it. */
const found = ({ id, name, unit, frequency, firstDate, lastDate, sources }: SeriesEntry) => ({ id, name, unit, frequency, firstDate, lastDate, sources });

export const searchSeries = defineTool({
  name: 'search_series',
  description:
    "Finds the series (one statistic, price or rate over time) this API key's plan may read, best match first: words of a series' id, name, " +
    'instrument code or common name (`consumer price`, `toyota`, `bitcoin`, `yen`), either case, accents ignored; `domain` keeps one domain. ' +
    'Each result gives the `id` to pass to get_series or get_table, its name, unit, frequency, sources, and the first and last date the hub holds. ' +
    'A series the plan may not read is not listed. It is the REST call GET /openapi/v1/series?q=…, charged as that call.',
  input: SearchSeriesInput,
  run: ({ q, domain }, context) => {
    const path = withQuery(`${API_PREFIX}/series`, { q, domain });
    return restCall(context, path, ({ data, meta }) => {
      const entries = data as SeriesEntry[];
      const nextCursor = meta.nextCursor;
      const more =
        typeof nextCursor === 'string'
          ? {
              more: `More series match: call_endpoint ${JSON.stringify({ path: `${API_PREFIX}/series`, params: { q, ...(domain === undefined ? {} : { domain }), cursor: nextCursor } })}`,
            }
          : {};
      return toolAnswer({ count: entries.length, series: entries.map(found), ...more });
    });
  },
});
