import { Type } from 'typebox';
import { API_PREFIX } from '../../edge/route.ts';
import { SeriesParamsSchema, SeriesQuerySchema } from '../../domains/series/series.schemas.ts';
import { seriesPath } from '../../domains/series/series-names.ts';
import { compactList, WHOLE_UP_TO } from '../compact.ts';
import { toolAnswer } from '../tool-results.ts';
import { SeriesWindowInput } from './series-window.ts';
import { defineTool, restCall, withQuery } from './tool.ts';

const GetSeriesInput = Type.Object({ ...SeriesParamsSchema, ...SeriesWindowInput }, { additionalProperties: false });

/** One page as long as REST allows: a series is summarised from all its points, not from its first page's. */
const WHOLE_PAGE = (SeriesQuerySchema.limit as { maximum?: number }).maximum;

export const getSeries = defineTool({
  name: 'get_series',
  description:
    "One series' figures (`fact`: an id search_series gives, e.g. `macro:us.cpi`, `index.close:N225`, `fx.close:USD/JPY`, `equity.bar:7203`), " +
    'between `from` and `to` (YYYY-MM-DD, inclusive), as the hub knew them at the end of `asOf` (a macro statistic before later revisions), ' +
    "aggregated to `frequency` by `aggregation` and transformed by `units` (FRED's: `pch` percent change, `pc1` from a year ago, `log`, …). " +
    `Answers each point's date, period and value (a bar's open, high, low, close, volume) and \`meta\`: name, unit, sources, and knowledgeAt for a statistic. ` +
    `More than ${WHOLE_UP_TO} points are summarised (count, first and last 5): narrow from/to to see the rest. ` +
    "It is the REST call GET /openapi/v1/series/{fact}, charged as that call and needing the feature of the fact's domain.",
  input: GetSeriesInput,
  run: ({ fact, ...window }, context) => {
    const path = withQuery(`${API_PREFIX}${seriesPath(fact)}`, { ...window, limit: WHOLE_PAGE });
    return restCall(context, path, ({ data, meta }) => {
      const points = data as unknown[];
      const continues = meta.nextCursor === null ? '' : ` up to ${String(meta.nextCursor)} (the series goes on after it)`;
      const more = `${points.length} points${continues}: for all of them ask get_series again with from/to narrowed to at most ${WHOLE_UP_TO} points, or GET ${path} on the hub with your key (format=csv for a CSV file).`;
      return toolAnswer({ fact, ...compactList('points', points, more), meta });
    });
  },
});
