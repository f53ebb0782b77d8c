import { Type, type Static } from 'typebox';
import { mlitN03Importer } from '../../importers/real-estate/mlit-n03.ts';
import { ImportError } from '../../import-error.ts';
import {
  defineSource,
  type CollectContext,
  type CollectResult,
  type FetchResult,
  type ImportPayload,
  type SourceDefinition,
} from '../../sync/source-definition.ts';
import { ZipError, zipEntry } from '../zip-entry.ts';
import { storedFacts } from '../../../facts/names.ts';

const BoundaryParams = Type.Object(
  {
    /** Prefecture codes (2 digits, "01"–"47"): one download each. */
    areas: Type.Array(Type.String({ pattern: '^(0[1-9]|[1-3]\\d|4[0-7])$' }), { minItems: 1 }),
    /** Pins an edition by its year (`N03-2024`), as in the file names; absent (the default): the newest published. */
    edition: Type.Optional(Type.String({ pattern: '^\\d{4}$' })),
    /** The pinned edition's reference date as YYYYMMDD (`20240101`), as in the file names; absent: 1 January of the edition's year. */
    asOf: Type.Optional(Type.String({ pattern: '^\\d{8}$' })),
  },
  { additionalProperties: false },
);
type BoundaryParams = Static<typeof BoundaryParams>;

/** Editions looked for when none is pinned: this year's, and the two before it (an edition comes out within its year). */
const EDITIONS_TRIED = 3;

interface Edition {
  edition: string;
  asOf: string;
}

/** One prefecture's zip of an edition: `/ksj/gml/data/N03/N03-<edition>/N03-<asOf>_<area>_GML.zip`. */
const zipPath = ({ edition, asOf }: Edition, area: string) => `/ksj/gml/data/N03/N03-${edition}/N03-${asOf}_${area}_GML.zip`;

/** The GeoJSON entry of one answer, passed on as the importer's payload. */
function payloadOf(answer: FetchResult, { asOf }: Edition, area: string): ImportPayload | undefined {
  if (answer.notModified) return undefined;
  const zipName = `N03-${asOf}_${area}_GML.zip`;
  const fileName = `N03-${asOf}_${area}.geojson`;
  let content: Buffer;
  try {
    content = zipEntry(answer.body, fileName);
  } catch (error) {
    if (error instanceof ZipError) throw new ZipError(`${zipName}: ${error.message}`);
    throw error;
  }
  return { importer: mlitN03Importer, fileName, content, archiveHashes: [answer.archiveHash] };
}

/**
 * The newest edition and the first prefecture's answer in it. Since 2020 an edition is named by
 * its year and holds the boundaries of 1 January (`N03-2024/N03-20240101_13_GML.zip`): this
 * year's edition is asked for first, then the year before, and so on; a zip not published yet
 * (404) means an older edition is the newest.
 */
async function newestEdition({ baseUrl, fetch, now }: CollectContext<unknown>, area: string): Promise<{ edition: Edition; answer: FetchResult }> {
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(now));
  for (let back = 0; back < EDITIONS_TRIED; back++) {
    const edition = { edition: String(year - back), asOf: `${year - back}0101` };
    const answer = await fetch({ url: `${baseUrl}${zipPath(edition, area)}`, absentOk: true });
    if (!answer.notModified || answer.absent !== true) return { edition, answer };
  }
  throw new ImportError(
    `mlit-ksj-n03: no N03 edition of ${year - EDITIONS_TRIED + 1} to ${year} is published for prefecture ${area} (${zipPath({ edition: '<year>', asOf: '<year>0101' }, area)})`,
  );
}

/**
 * One zip per prefecture of the newest edition (or the one pinned), holding the GeoJSON
 * `N03-<asOf>_<area>.geojson` (besides the shapefile and GML), which is passed on.
 */
async function collect(context: CollectContext<BoundaryParams>): Promise<CollectResult> {
  const { baseUrl, params, fetch } = context;
  const answers: { area: string; answer: FetchResult }[] = [];
  let edition: Edition;
  let rest: string[];
  if (params.edition === undefined) {
    const [first = '', ...others] = params.areas;
    const found = await newestEdition(context, first);
    edition = found.edition;
    answers.push({ area: first, answer: found.answer });
    rest = others;
  } else {
    edition = { edition: params.edition, asOf: params.asOf ?? `${params.edition}0101` };
    rest = params.areas;
  }
  for (const area of rest) answers.push({ area, answer: await fetch({ url: `${baseUrl}${zipPath(edition, area)}` }) });
  const payloads = answers.map(({ area, answer }) => payloadOf(answer, edition, area)).filter((payload) => payload !== undefined);
  return { payloads, cursor: undefined };
}

export const mlitKsjSources: SourceDefinition[] = [
  defineSource({
    id: 'mlit-ksj-n03',
    publisher: 'mlit-ksj',
    description: 'MLIT National Land Numerical Information N03 (行政区域): municipality boundaries by prefecture, simplified',
    defaultBaseUrl: 'https://nlftp.mlit.go.jp',
    // One edition a year (boundaries as of 1 January), found by its name; a monthly conditional GET costs a 304.
    defaultSchedule: '0 4 3 * *',
    timeZone: 'Asia/Tokyo',
    params: BoundaryParams,
    defaultParams: { areas: ['13'] },
    credentials: [],
    importers: [mlitN03Importer],
    // Municipalities' outlines (and a prefecture's bounding box is its municipalities'); a place
    // missing from the store is created with the file's names (jp-municipalities.ts).
    feeds: [storedFacts.wardBoundary('jp'), storedFacts.provinceBoundary('jp'), storedFacts.ward('jp'), storedFacts.province('jp')],
    collect,
  }),
];
