import { Type, type Static } from 'typebox';
import { mlitN03Importer } from '../../importers/real-estate/mlit-n03.ts';
import { defineSource, type CollectContext, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { ZipError, zipEntry } from '../zip-entry.ts';


const BoundaryParams = Type.Object(
  {
    /** Prefecture codes (2 digits, "01"–"47"): one download each. */
    areas: Type.Array(Type.String({ pattern: '^(0[1-9]|[1-3]\\d|4[0-7])$' }), { minItems: 1 }),
    /** The edition's year (`N03-2024`), as in the file names. */
    edition: Type.String({ pattern: '^\\d{4}$' }),
    /** The edition's reference date as YYYYMMDD (`20240101`), as in the file names. */
    asOf: Type.String({ pattern: '^\\d{8}$' }),
  },
  { additionalProperties: false },
);

/**
 * One zip per prefecture, `/ksj/gml/data/N03/N03-<edition>/N03-<asOf>_<area>_GML.zip`, holding
 * the GeoJSON `N03-<asOf>_<area>.geojson` (besides the shapefile and GML), which is passed on.
 */
async function collect({ baseUrl, params, fetch }: CollectContext<Static<typeof BoundaryParams>>): Promise<CollectResult> {
  const { areas, edition, asOf } = params;
  const payloads: ImportPayload[] = [];
  for (const area of areas) {
    const zipName = `N03-${asOf}_${area}_GML.zip`;
    const answer = await fetch({ url: `${baseUrl}/ksj/gml/data/N03/N03-${edition}/${zipName}` });
    if (answer.notModified) continue;
    const fileName = `N03-${asOf}_${area}.geojson`;
    let content: Buffer;
    try {
      content = zipEntry(answer.body, fileName);
    } catch (error) {
      if (error instanceof ZipError) throw new ZipError(`${zipName}: ${error.message}`);
      throw error;
    }
    payloads.push({ importer: mlitN03Importer, fileName, content, archiveHashes: [answer.archiveHash] });
  }
  return { payloads, cursor: undefined };
}

export const mlitKsjSources: SourceDefinition[] = [
  defineSource({
    id: 'mlit-ksj-n03',
    publisher: 'mlit-ksj',
    description: "MLIT National Land Numerical Information N03 (行政区域): municipality boundaries by prefecture, simplified",
    defaultBaseUrl: 'https://nlftp.mlit.go.jp',
    // One edition a year (boundaries as of 1 January); a monthly conditional GET costs a 304.
    defaultSchedule: '0 4 3 * *',
    timeZone: 'Asia/Tokyo',
    params: BoundaryParams,
    defaultParams: { areas: ['13'], edition: '2024', asOf: '20240101' },
    credentials: [],
    importers: [mlitN03Importer],
    // Municipalities' outlines (and a prefecture's bounding box is its municipalities'); a place
    // missing from the store is created with the file's names (jp-municipalities.ts).
    feeds: ['re_ward:jp.boundary', 're_province:jp.boundary', 're_ward:jp', 're_province:jp'],
    collect,
  }),
];
