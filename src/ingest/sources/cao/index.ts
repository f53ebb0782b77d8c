import { Type, type Static } from 'typebox';
import { caoGdpCsvImporter } from '../../importers/macro/cao-gdp-csv.ts';
import { utf8From } from '../text-encoding.ts';
import { defineSource, type CollectContext, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';

const ID = 'cao-gdp';
/** The CSVs of one quarterly estimate: `<year>/qe<yy><quarter>_<estimate>` (2025/qe253_2: 2025 Q3, second preliminary). */
const RELEASE = /^(\d{2})(\d{2})\/qe(\d{2})([1-4])_([12])$/;

const CaoParams = Type.Object(
  {
    /** The estimate to read, as ESRI's paths name it: `<year>/qe<yy><quarter>_<1 or 2>` (the year's last two digits again). */
    release: Type.String({ pattern: '^\\d{2}(\\d{2})/qe\\1[1-4]_[12]$' }),
  },
  { additionalProperties: false },
);

/**
 * Real (`gaku-jk`) and nominal (`gaku-mk`) seasonally adjusted GDP levels of one release, named
 * `<table><yy><quarter><estimate>.csv` in the release's `tables/` folder.
 */
function tableFiles(release: string): string[] {
  const [, , , yy = '', quarter = '', estimate = ''] = RELEASE.exec(release) ?? [];
  return ['gaku-jk', 'gaku-mk'].map((table) => `${table}${yy}${quarter}${estimate}.csv`);
}

async function collect(context: CollectContext<Static<typeof CaoParams>>): Promise<CollectResult> {
  const { release } = context.params;
  const payloads: ImportPayload[] = [];
  for (const fileName of tableFiles(release)) {
    const answer = await context.fetch({ url: `${context.baseUrl}/jp/sna/data/data_list/sokuhou/files/${release}/tables/${fileName}` });
    if (answer.notModified) continue;
    payloads.push({ importer: caoGdpCsvImporter, fileName, content: utf8From(answer.body, 'shift_jis', fileName, ID), archiveHashes: [answer.archiveHash] });
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
export const caoGdpSource = defineSource({
  id: ID,
  publisher: 'cao',
  description: 'Cabinet Office (ESRI) quarterly GDP release: real and nominal seasonally adjusted GDP levels (gaku-jk/gaku-mk CSV)',
  defaultBaseUrl: 'https://www.esri.cao.go.jp',
  // ESRI publishes in the Tokyo morning; a conditional GET of the same files costs a 304.
  defaultSchedule: '0 10 * * 1-5',
  timeZone: 'Asia/Tokyo',
  params: CaoParams,
  defaultParams: { release: '2025/qe253_2' },
  credentials: [],
  importers: [caoGdpCsvImporter],
  feeds: ['macro_observation:jp.gdp.real', 'macro_observation:jp.gdp.nominal'],
  // ESRI documents no rate; one request a second.
  minRequestIntervalMs: 1_000,
  collect,
});

export const caoSources: SourceDefinition[] = [caoGdpSource];
