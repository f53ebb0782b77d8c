import type { CollectContext, CollectResult, ImportPayload, SourceDefinition } from '../../sync/source-definition.ts';
import { ZipError, zipEntry } from '../zip-entry.ts';

const IMPORTER = 'real-estate-mlit-n03';

interface BoundaryParams {
  /** Prefecture codes (2 digits): one download each. */
  areas: string[];
  /** The edition's year (`N03-2024`) and its reference date (`20240101`), as in the file names. */
  edition: string;
  asOf: string;
}

function boundaryParams(params: Record<string, unknown>): BoundaryParams {
  const { areas, edition, asOf } = params;
  if (!Array.isArray(areas) || areas.length === 0 || !areas.every((a) => typeof a === 'string' && /^\d{2}$/.test(a) && Number(a) >= 1 && Number(a) <= 47)) {
    throw new Error(`mlit-ksj-n03: params.areas must list prefecture codes "01"–"47" (got ${JSON.stringify(areas)})`);
  }
  if (typeof edition !== 'string' || !/^\d{4}$/.test(edition)) throw new Error(`mlit-ksj-n03: params.edition must be the edition's year, such as "2024" (got ${JSON.stringify(edition)})`);
  if (typeof asOf !== 'string' || !/^\d{8}$/.test(asOf)) throw new Error(`mlit-ksj-n03: params.asOf must be the edition's date as YYYYMMDD, such as "20240101" (got ${JSON.stringify(asOf)})`);
  return { areas: areas as string[], edition, asOf };
}

/**
 * One zip per prefecture, `/ksj/gml/data/N03/N03-<edition>/N03-<asOf>_<area>_GML.zip`, holding
 * the GeoJSON `N03-<asOf>_<area>.geojson` (besides the shapefile and GML), which is passed on.
 */
async function collect({ baseUrl, params, fetch }: CollectContext): Promise<CollectResult> {
  const { areas, edition, asOf } = boundaryParams(params);
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
    payloads.push({ importer: IMPORTER, fileName, content, archiveHashes: [answer.archiveHash] });
  }
  return { payloads, cursor: undefined };
}

export const mlitKsjSources: SourceDefinition[] = [
  {
    id: 'mlit-ksj-n03',
    publisher: 'mlit-ksj',
    description: "MLIT National Land Numerical Information N03 (行政区域): municipality boundaries by prefecture, simplified",
    defaultBaseUrl: 'https://nlftp.mlit.go.jp',
    // One edition a year (boundaries as of 1 January); a monthly conditional GET costs a 304.
    defaultSchedule: '0 4 3 * *',
    timeZone: 'Asia/Tokyo',
    defaultParams: { areas: ['13'], edition: '2024', asOf: '20240101' },
    credentials: [],
    importers: [IMPORTER],
    feeds: ['re_ward', 're_province'],
    collect,
  },
];
