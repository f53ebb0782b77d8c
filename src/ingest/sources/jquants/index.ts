import { Type } from 'typebox';
import { barsDailyImporter } from '../../importers/equities/daily-quotes.ts';
import { equitiesMasterImporter } from '../../importers/equities/listed-info.ts';
import { finsSummaryImporter } from '../../importers/equities/statements.ts';
import { jquantsIndicesImporter, jquantsTopixImporter } from '../../importers/indices/jquants-indices.ts';
import type { JQuantsImporter } from '../../importers/equities/json-records.ts';
import { defineSource, NoParams, type CollectResult, type CredentialSpec, type SourceDefinition } from '../../sync/source-definition.ts';
import { cursorDate, dateWindow, type DateWindowParams } from './date-window.ts';
import { tokyoDay } from '../../../kernel/dates.ts';
import { API_KEY_ENV, fetchAllPages, mergedPayload } from './pages.ts';
import { storedFacts, type StoredFact } from '../../../facts/names.ts';

const PUBLISHER = 'jquants';
/** API v2's documented base: every path below is appended to it (the sources file may replace it). */
const BASE_URL = 'https://api.jquants.com';
const TIME_ZONE = 'Asia/Tokyo';
/** The Free plan allows 5 requests a minute (Light 60, Standard 120, Premium 500): every plan keeps to it. */
const REQUEST_INTERVAL_MS = 12_000;

const CREDENTIALS: CredentialSpec[] = [
  {
    env: API_KEY_ENV,
    required: true,
    howToGet: 'Sign up at https://jpx-jquants.com/, choose a plan (a Free plan exists) and issue a key on the dashboard\'s "API Keys" page',
  },
];

const DateWindowSchema = Type.Object(
  {
    initialDays: Type.Integer({ minimum: 1 }),
    maxDays: Type.Integer({ minimum: 1 }),
    delayDays: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

const DATE_WINDOW_DEFAULTS: DateWindowParams = { initialDays: 7, maxDays: 31, delayDays: 0 };

/**
 * A source asking one v2 endpoint for every listed issue, one `date=` request per day from its
 * cursor on, one payload per day that has records (weekends and holidays have none).
 */
function byDateSource(options: {
  id: string;
  path: string;
  importer: JQuantsImporter<unknown>;
  description: string;
  schedule: string;
  feeds: StoredFact[];
  enabledByDefault?: boolean;
}) {
  return defineSource({
    id: options.id,
    publisher: PUBLISHER,
    description: options.description,
    defaultBaseUrl: BASE_URL,
    defaultSchedule: options.schedule,
    timeZone: TIME_ZONE,
    params: DateWindowSchema,
    defaultParams: { ...DATE_WINDOW_DEFAULTS },
    ...(options.enabledByDefault === undefined ? {} : { enabledByDefault: options.enabledByDefault }),
    credentials: CREDENTIALS,
    importers: [options.importer],
    feeds: options.feeds,
    minRequestIntervalMs: REQUEST_INTERVAL_MS,
    async collect(context): Promise<CollectResult> {
      const window = dateWindow(cursorDate(context.cursor), context.params, context.now);
      const name = options.path.slice(1).replaceAll('/', '-');
      const payloads = [];
      for (const date of window.dates) {
        const answer = await fetchAllPages(context, options.path, { date });
        if (answer === undefined || answer.records.length === 0) continue;
        payloads.push(mergedPayload(options.importer, `jquants-${name}-${date}.json`, answer));
      }
      return { payloads, cursor: window.through === undefined ? context.cursor : { through: window.through } };
    },
  });
}

const equitiesMaster = defineSource({
  id: 'jquants-equities-master',
  publisher: PUBLISHER,
  description: 'J-Quants API v2 listed issues (/v2/equities/master): names, 33-sector and market of every issue',
  defaultBaseUrl: BASE_URL,
  // The next business day's list is served from 17:30 JST.
  defaultSchedule: '0 18 * * 1-5',
  timeZone: TIME_ZONE,
  params: NoParams,
  defaultParams: {},
  credentials: CREDENTIALS,
  importers: [equitiesMasterImporter],
  feeds: [storedFacts.table('equity_issue')],
  minRequestIntervalMs: REQUEST_INTERVAL_MS,
  async collect(context) {
    const answer = await fetchAllPages(context, '/v2/equities/master', {});
    if (answer === undefined) return { payloads: [], cursor: undefined };
    return { payloads: [mergedPayload(equitiesMasterImporter, `jquants-equities-master-${tokyoDay(context.now)}.json`, answer)], cursor: undefined };
  },
});

/**
 * TOPIX's daily bars from `/v2/indices/bars/daily/topix`, the index endpoint of the Light plan:
 * one `from`/`to` request covers the days after the cursor (the last `initialDays` on the
 * first run, at most `maxDays`), so a Light key gets the TOPIX close the Standard plan's
 * `jquants-indices-bars-daily` also carries. Off by default, like every index source: the endpoint needs a paid plan.
 */
const indicesTopix = defineSource({
  id: 'jquants-indices-topix',
  publisher: PUBLISHER,
  description: 'J-Quants API v2 TOPIX bars (/v2/indices/bars/daily/topix?from=&to=, Light plan up): TOPIX closes',
  defaultBaseUrl: BASE_URL,
  // Index bars are published with the daily bars, after the close.
  defaultSchedule: '30 18 * * 1-5',
  timeZone: TIME_ZONE,
  params: DateWindowSchema,
  defaultParams: { ...DATE_WINDOW_DEFAULTS },
  enabledByDefault: false,
  credentials: CREDENTIALS,
  importers: [jquantsTopixImporter],
  feeds: [storedFacts.close('index:TOPIX')],
  minRequestIntervalMs: REQUEST_INTERVAL_MS,
  async collect(context): Promise<CollectResult> {
    const window = dateWindow(cursorDate(context.cursor), context.params, context.now);
    const from = window.dates[0];
    const to = window.dates.at(-1);
    if (from === undefined || to === undefined) return { payloads: [], cursor: context.cursor };
    const answer = await fetchAllPages(context, '/v2/indices/bars/daily/topix', { from, to });
    const payloads =
      answer === undefined || answer.records.length === 0
        ? []
        : [mergedPayload(jquantsTopixImporter, `jquants-indices-bars-daily-topix-${from}-${to}.json`, answer)];
    return { payloads, cursor: window.through === undefined ? context.cursor : { through: window.through } };
  },
});

export const jquantsSources: SourceDefinition[] = [
  equitiesMaster,
  byDateSource({
    id: 'jquants-equities-bars-daily',
    path: '/v2/equities/bars/daily',
    importer: barsDailyImporter,
    description:
      'J-Quants API v2 daily bars (/v2/equities/bars/daily?date=): close, volume, trading value and adjustment factor of every issue; the bars of listed ETFs go to the ETF prices',
    // Bars are updated after the close of each business day.
    schedule: '30 18 * * 1-5',
    feeds: [storedFacts.table('equity_bar'), storedFacts.table('equity_session'), storedFacts.table('equity_action'), storedFacts.table('etf_price')],
  }),
  byDateSource({
    id: 'jquants-fins-summary',
    path: '/v2/fins/summary',
    importer: finsSummaryImporter,
    description: 'J-Quants API v2 financial statements summary (/v2/fins/summary?date=): the disclosures of each day',
    // Statements are updated at 18:00 and 24:30 JST; the day is asked again on the next run.
    schedule: '45 18 * * *',
    feeds: [storedFacts.table('equity_statement')],
  }),
  byDateSource({
    id: 'jquants-indices-bars-daily',
    path: '/v2/indices/bars/daily',
    importer: jquantsIndicesImporter,
    description: 'J-Quants API v2 index bars (/v2/indices/bars/daily?date=): closes of TOPIX, TOPIX Core30, TSE Growth Market 250 and TSE REIT',
    // Index bars are published with the daily bars, after the close.
    schedule: '30 18 * * 1-5',
    feeds: ['index:TOPIX', 'index:TOPIXC30', 'index:TSEG250', 'index:TSEREIT'].map(storedFacts.close),
    // The indices endpoint is served from the Standard plan up: a Free or Light key is refused.
    enabledByDefault: false,
  }),
  indicesTopix,
];
