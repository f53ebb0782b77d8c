import { Type, type Static } from 'typebox';
import { estatDashboardDataImporter } from '../../importers/macro/estat-dashboard-data.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';
import { defineSource, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

const PATH = '/api/1.0/Json/getData';

/** One hub series and the dashboard indicator element that holds it. */
const DashboardSeriesSchema = Type.Object(
  {
    /** The hub's macro series key (`jp.retail-sales`): the payload is named after it. */
    key: Type.String({ pattern: '^jp(\\.[a-z0-9-]+)+$' }),
    /** The dashboard's 19-digit indicator code (系列コード). */
    indicatorCode: Type.String({ pattern: '^\\d{19}$' }),
    /** `1` original figures, `2` seasonally adjusted (IsSeasonalAdjustment). */
    seasonal: Type.Union([Type.Literal('1'), Type.Literal('2')]),
  },
  { additionalProperties: false },
);
type DashboardSeries = Static<typeof DashboardSeriesSchema>;

const DashboardParams = Type.Object({ series: Type.Array(DashboardSeriesSchema, { minItems: 1 }) }, { additionalProperties: false });

/**
 * The dashboard's indicators of the figures no other source feeds; docs/data-sources.md says
 * where each code comes from.
 */
const DASHBOARD_DEFAULT_SERIES: readonly DashboardSeries[] = [
  // 小売業販売額（名目）: METI's Current Survey of Commerce, retail trade sales value, monthly, in 億円; the dashboard has it as original figures only.
  { key: 'jp.retail-sales', indicatorCode: '0601010201010010000', seasonal: '1' },
];

/**
 * Japanese monthly series from the Statistics Bureau's Statistics Dashboard Web API (version
 * 1.0, JSON, no registration): one `getData` request per series for Japan (RegionCode 00000),
 * monthly (Cycle 1), its whole history each run — the dashboard carries METI's revisions, and an
 * answer whose figures did not change is the release already loaded. The dashboard keeps one
 * indicator code per series across the publishers' annual revisions, so no code goes stale the
 * way an e-Stat table id does.
 */
export const estatDashboardSource = defineSource({
  id: 'estat-dashboard',
  publisher: 'estat-dashboard',
  description: "Statistics Dashboard getData: Japan's monthly retail sales value (METI's Current Survey of Commerce)",
  defaultBaseUrl: 'https://dashboard.e-stat.go.jp',
  // METI releases the Current Survey of Commerce at 08:50 JST near the month's end; the dashboard follows within the day.
  defaultSchedule: '0 12 * * 1-5',
  timeZone: 'Asia/Tokyo',
  params: DashboardParams,
  defaultParams: { series: [...DASHBOARD_DEFAULT_SERIES] },
  credentials: [],
  importers: [estatDashboardDataImporter],
  feeds: DASHBOARD_DEFAULT_SERIES.map((series) => storedFacts.macro(series.key)),
  // The API documentation asks clients not to send many requests in a short time.
  minRequestIntervalMs: 1000,
  async collect(context): Promise<CollectResult> {
    const payloads: ImportPayload[] = [];
    for (const series of context.params.series) {
      const query = new URLSearchParams({
        Lang: 'JP',
        IndicatorCode: series.indicatorCode,
        RegionCode: '00000',
        Cycle: '1',
        IsSeasonalAdjustment: series.seasonal,
        MetaGetFlg: 'Y',
      });
      const answer = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}${PATH}?${query.toString()}` });
      payloads.push({ importer: estatDashboardDataImporter, fileName: `${series.key}.json`, content: answer.body, archiveHashes: [answer.archiveHash] });
    }
    return { payloads, cursor: undefined };
  },
});

export const estatDashboardSources: SourceDefinition[] = [estatDashboardSource];
