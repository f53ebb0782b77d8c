import { gunzipSync } from 'node:zlib';
import { ImportError } from '../../import-error.ts';
import { byteSize, LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';
import type { CollectContext, CollectResult, ImportPayload, SourceDefinition } from '../../sync/source-definition.ts';
import { parseQuarter, quartersToAsk } from './quarters.ts';

const API_KEY_ENV = 'MLIT_API_KEY';
const PATH = '/ex-api/external/XIT001';

interface TransactionParams {
  /** Prefecture codes (`area`, 2 digits, JIS X 0401). */
  areas: string[];
  /** Quarters asked on the first run, ending with the last one that has ended. */
  initialQuarters: number;
  /** `01` transaction prices, `02` contract prices (the API's `priceClassification`). */
  priceClassification: '01' | '02';
  /** Names in the answer: `en` (the hub's English prefecture and municipality names) or `ja`. */
  language: 'en' | 'ja';
}

function transactionParams(params: Record<string, unknown>): TransactionParams {
  const { areas, initialQuarters, priceClassification, language } = params;
  if (!Array.isArray(areas) || areas.length === 0 || !areas.every((a) => typeof a === 'string' && /^\d{2}$/.test(a) && Number(a) >= 1 && Number(a) <= 47)) {
    throw new Error(`MLIT parameter areas must list prefecture codes "01"–"47" (got ${JSON.stringify(areas)})`);
  }
  if (typeof initialQuarters !== 'number' || !Number.isInteger(initialQuarters) || initialQuarters < 1) {
    throw new Error(`MLIT parameter initialQuarters must be an integer ≥ 1 (got ${JSON.stringify(initialQuarters)})`);
  }
  if (priceClassification !== '01' && priceClassification !== '02') throw new Error(`MLIT parameter priceClassification must be "01" or "02" (got ${JSON.stringify(priceClassification)})`);
  if (language !== 'en' && language !== 'ja') throw new Error(`MLIT parameter language must be "en" or "ja" (got ${JSON.stringify(language)})`);
  return { areas: areas as string[], initialQuarters, priceClassification, language };
}

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
    throw new ImportError(`${fileName}: the gzip body inflates to more than the ${byteSize(maxInflatedBytes)} allowed (${LIMIT_SETTINGS.maxInflatedBytes.name})`);
  }
}

/** Whether an answer is `{"status":"OK","data":[]}`: a quarter not published (or without transactions) yet. */
function isEmptyAnswer(body: Buffer): boolean {
  try {
    const answer = JSON.parse(body.toString('utf8')) as { status?: unknown; data?: unknown };
    return answer.status === 'OK' && Array.isArray(answer.data) && answer.data.length === 0;
  } catch {
    // Not JSON: the importer refuses it with the reason.
    return false;
  }
}

async function collect(context: CollectContext): Promise<CollectResult> {
  const apiKey = context.credentials[API_KEY_ENV];
  if (apiKey === undefined) throw new Error(`${API_KEY_ENV} is not set`);
  const params = transactionParams(context.params);
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
      if (isEmptyAnswer(content)) {
        published = false;
        continue;
      }
      payloads.push({ importer: 'real-estate-mlit-xit001', fileName, content, archiveHashes: [result.archiveHash] });
    }
    // The cursor stops before the first quarter some prefecture has no answer for: it is asked again.
    if (!published) break;
    loaded = quarter;
  }
  return { payloads, cursor: loaded === undefined ? undefined : { through: loaded } };
}

export const mlitSources: SourceDefinition[] = [
  {
    id: 'mlit-transactions',
    publisher: 'mlit',
    description: 'MLIT Real Estate Information Library API XIT001: real-estate transaction prices by prefecture and quarter',
    defaultBaseUrl: 'https://www.reinfolib.mlit.go.jp',
    // MLIT adds a quarter's transactions a few months after it ends; asking monthly finds it.
    defaultSchedule: '0 6 1 * *',
    timeZone: 'Asia/Tokyo',
    defaultParams: { areas: ['13'], initialQuarters: 4, priceClassification: '01', language: 'en' },
    credentials: [
      {
        env: API_KEY_ENV,
        required: true,
        howToGet: 'Apply for a free API key on the Real Estate Information Library site (https://www.reinfolib.mlit.go.jp/, API manual: https://www.reinfolib.mlit.go.jp/help/apiManual/); it is sent in the Ocp-Apim-Subscription-Key header',
      },
    ],
    importers: ['real-estate-mlit-xit001'],
    // The prefectures and municipalities of the transactions are written with them (names, no boundaries).
    feeds: ['re_transaction:jp', 're_province:jp', 're_ward:jp'],
    // MLIT documents no rate; one request a second keeps the hub a light user.
    minRequestIntervalMs: 1_000,
    collect,
  },
];
