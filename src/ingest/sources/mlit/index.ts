import { gunzipSync } from 'node:zlib';
import { ImportError } from '../../import-error.ts';
import { byteSize, LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';
import { Type, type Static } from 'typebox';
import { mlitTransactions, mlitXit001Importer, readXit001Answer } from '../../importers/real-estate/mlit-xit001.ts';
import {
  defineSource,
  parsedPayload,
  type CollectContext,
  type CollectResult,
  type ImportPayload,
  type SourceDefinition,
} from '../../sync/source-definition.ts';
import { parseQuarter, quartersToAsk } from './quarters.ts';
import { storedFacts } from '../../../facts/names.ts';

const API_KEY_ENV = 'MLIT_API_KEY';
const PATH = '/ex-api/external/XIT001';

const TransactionParams = Type.Object(
  {
    /** Prefecture codes (`area`, 2 digits, JIS X 0401): "01"–"47". */
    areas: Type.Array(Type.String({ pattern: '^(0[1-9]|[1-3]\\d|4[0-7])$' }), { minItems: 1 }),
    /** Quarters asked on the first run, ending with the last one that has ended. */
    initialQuarters: Type.Integer({ minimum: 1 }),
    /** `01` transaction prices, `02` contract prices (the API's `priceClassification`). */
    priceClassification: Type.Union([Type.Literal('01'), Type.Literal('02')]),
    /** Names in the answer: `en` (the hub's English prefecture and municipality names) or `ja`. */
    language: Type.Union([Type.Literal('en'), Type.Literal('ja')]),
  },
  { additionalProperties: false },
);

/**
 * The answer's JSON. MLIT serves it gzip-compressed; the runner undoes a `Content-Encoding`, and
 * a body that still starts with gzip's magic bytes (compressed without saying so) is
 * decompressed here, never to more than FDH_SYNC_MAX_INFLATED_MB. A truncated one throws, failing the run.
 */
function answerBytes(body: Buffer, fileName: string): Buffer {
  if (body[0] !== 0x1f || body[1] !== 0x8b) return body;
  const { maxInflatedBytes } = payloadLimits();
  try {
    return gunzipSync(body, { maxOutputLength: maxInflatedBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw error;
    throw new ImportError(
      `${fileName}: the gzip body inflates to more than the ${byteSize(maxInflatedBytes)} allowed (${LIMIT_SETTINGS.maxInflatedBytes.name})`,
    );
  }
}

async function collect(context: CollectContext<Static<typeof TransactionParams>>): Promise<CollectResult> {
  const apiKey = context.credentials[API_KEY_ENV];
  if (apiKey === undefined) throw new Error(`${API_KEY_ENV} is not set`);
  const { params } = context;
  const through = parseQuarter(context.cursor?.through);
  const payloads: ImportPayload[] = [];
  let loaded: string | undefined = through;
  for (const quarter of quartersToAsk(through, params.initialQuarters, context.now)) {
    let published = true;
    for (const area of params.areas) {
      const query = new URLSearchParams({
        year: quarter.slice(0, 4),
        quarter: quarter.slice(6, 7),
        area,
        priceClassification: params.priceClassification,
        language: params.language,
      });
      const result = await context.fetch({ url: `${context.baseUrl}${PATH}?${query}`, headers: { 'Ocp-Apim-Subscription-Key': apiKey } });
      if (result.notModified) continue;
      const fileName = `mlit-xit001-${area}-${quarter}.json`;
      const content = answerBytes(result.body, fileName);
      // Read once: an empty answer ends the quarters, any other becomes the importer's transactions.
      const answer = readXit001Answer(content, fileName);
      if (answer.data.length === 0) {
        published = false;
        continue;
      }
      payloads.push(parsedPayload(mlitXit001Importer, mlitTransactions(answer, fileName), { fileName, archiveHashes: [result.archiveHash] }));
    }
    // The cursor stops before the first quarter some prefecture has no answer for: it is asked again.
    if (!published) break;
    loaded = quarter;
  }
  return { payloads, cursor: loaded === undefined ? undefined : { through: loaded } };
}

export const mlitSources: SourceDefinition[] = [
  defineSource({
    id: 'mlit-transactions',
    publisher: 'mlit',
    description: 'MLIT Real Estate Information Library API XIT001: real-estate transaction prices by prefecture and quarter',
    defaultBaseUrl: 'https://www.reinfolib.mlit.go.jp',
    // MLIT adds a quarter's transactions a few months after it ends; asking monthly finds it.
    defaultSchedule: '0 6 1 * *',
    timeZone: 'Asia/Tokyo',
    params: TransactionParams,
    defaultParams: { areas: ['13'], initialQuarters: 4, priceClassification: '01', language: 'en' },
    credentials: [
      {
        env: API_KEY_ENV,
        required: true,
        howToGet:
          'Apply for a free API key on the Real Estate Information Library site (https://www.reinfolib.mlit.go.jp/, API manual: https://www.reinfolib.mlit.go.jp/help/apiManual/); it is sent in the Ocp-Apim-Subscription-Key header',
      },
    ],
    importers: [mlitXit001Importer],
    // The prefectures and municipalities of the transactions are written with them (names, no boundaries).
    feeds: [storedFacts.transactions('jp'), storedFacts.province('jp'), storedFacts.ward('jp')],
    // MLIT documents no rate; one request a second keeps the hub a light user.
    minRequestIntervalMs: 1_000,
    collect,
  }),
];
