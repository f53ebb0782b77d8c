import { utf8From } from '../text-encoding.ts';
import type { CollectContext, CollectResult, ImportPayload, SourceDefinition } from '../../sync/source-definition.ts';

const ID = 'cao-gdp';
/** The CSVs of one quarterly estimate: `<year>/qe<yy><quarter>_<estimate>` (2025/qe253_2: 2025 Q3, second preliminary). */
const RELEASE = /^(\d{2})(\d{2})\/qe(\d{2})([1-4])_([12])$/;

function releaseParam(params: Record<string, unknown>): string {
  const { release } = params;
  const match = typeof release === 'string' ? RELEASE.exec(release) : null;
  if (match === null || match[2] !== match[3]) {
    throw new Error(`${ID}: params.release must name a quarterly estimate as ESRI's paths do, "<year>/qe<yy><quarter>_<1 or 2>" such as "2025/qe253_2" (got ${JSON.stringify(release)})`);
  }
  return release as string;
}

/**
 * Real (`gaku-jk`) and nominal (`gaku-mk`) seasonally adjusted GDP levels of one release, named
 * `<table><yy><quarter><estimate>.csv` in the release's `tables/` folder.
 */
function tableFiles(release: string): string[] {
  const [, , , yy = '', quarter = '', estimate = ''] = RELEASE.exec(release) ?? [];
  return ['gaku-jk', 'gaku-mk'].map((table) => `${table}${yy}${quarter}${estimate}.csv`);
}

async function collect(context: CollectContext): Promise<CollectResult> {
  const release = releaseParam(context.params);
  const payloads: ImportPayload[] = [];
  for (const fileName of tableFiles(release)) {
    const answer = await context.fetch({ url: `${context.baseUrl}/jp/sna/data/data_list/sokuhou/files/${release}/tables/${fileName}` });
    if (answer.notModified) continue;
    payloads.push({ importer: 'cao-gdp-csv', fileName, content: utf8From(answer.body, 'shift_jis', fileName, ID), archiveHashes: [answer.archiveHash] });
  }
  return { payloads, cursor: undefined };
}

/**
 * The Cabinet Office's quarterly GDP release (ESRI, 四半期別GDP速報): the CSVs of real and
 * nominal seasonally adjusted GDP levels, billion yen, 1994 to the release's quarter, in
 * Shift_JIS. ESRI puts each estimate in a folder of its own and links it from its release
 * pages only, so `params.release` names the estimate to read; every quarter the operator moves
 * it to the newest (docs/data-sources.md). An old estimate's folder can disappear after an
 * annual revision: its 404 fails the run, saying so.
 */
export const caoGdpSource: SourceDefinition = {
  id: ID,
  publisher: 'cao',
  description: 'Cabinet Office (ESRI) quarterly GDP release: real and nominal seasonally adjusted GDP levels (gaku-jk/gaku-mk CSV)',
  defaultBaseUrl: 'https://www.esri.cao.go.jp',
  // ESRI publishes in the Tokyo morning; a conditional GET of the same files costs a 304.
  defaultSchedule: '0 10 * * 1-5',
  timeZone: 'Asia/Tokyo',
  defaultParams: { release: '2025/qe253_2' },
  credentials: [],
  importers: ['cao-gdp-csv'],
  feeds: ['macro_observation:jp.gdp.real', 'macro_observation:jp.gdp.nominal'],
  // ESRI documents no rate; one request a second.
  minRequestIntervalMs: 1_000,
  collect,
};

export const caoSources: SourceDefinition[] = [caoGdpSource];
