import { Type, type Static } from 'typebox';
import { caoGdpCsvImporter } from '../../importers/macro/cao-gdp-csv.ts';
import { ImportError } from '../../import-error.ts';
import { fetchPageLinks } from '../page-links.ts';
import { utf8From } from '../text-encoding.ts';
import { defineSource, type CollectContext, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

const ID = 'cao-gdp';
/** The folder of one quarterly estimate: `<year>/qe<yy><quarter>`, `_2` for the second preliminary (2025/qe253_2: 2025 Q3, second preliminary). */
const RELEASE = /^(\d{2})(\d{2})\/qe(\d{2})([1-4])(_2)?$/;

/** ESRI's release archive: one page per year, each listing that year's estimates, newest first. */
const ARCHIVE = '/en/sna/data/sokuhou/files/toukei_top.html';
/** A year's page of the archive, `<year>/toukei_<year>.html`. */
const YEAR_PAGE = /\/en\/sna\/data\/sokuhou\/files\/(\d{4})\/toukei_\1\.html$/;
/** An estimate's menu page, `<year>/qe<yy><quarter>[_2]/gdemenuea.html` (no `_2`: the first preliminary). */
const MENU_PAGE = /\/en\/sna\/data\/sokuhou\/files\/(\d{2})(\d{2})\/qe(\d{2})([1-4])(_2)?\/gdemenuea\.html$/;

const CaoParams = Type.Object(
  {
    /**
     * The estimate to read, as ESRI's folders name it: `<year>/qe<yy><quarter>` (first
     * preliminary) or `…_2` (second), the year's last two digits again. Absent (the default):
     * the newest the release archive lists.
     */
    release: Type.Optional(Type.String({ pattern: '^\\d{2}(\\d{2})/qe\\1[1-4](_2)?$' })),
  },
  { additionalProperties: false },
);

/**
 * Real (`gaku-jk`) and nominal (`gaku-mk`) seasonally adjusted GDP levels of one release, named
 * `<table><yy><quarter><estimate>.csv` in the release's `tables/` folder.
 */
function tableFiles(release: string): string[] {
  const [, , , yy = '', quarter = '', second] = RELEASE.exec(release) ?? [];
  return ['gaku-jk', 'gaku-mk'].map((table) => `${table}${yy}${quarter}${second === undefined ? '1' : '2'}.csv`);
}

/** Estimates in ESRI's order: by quarter, the second preliminary after the first. */
const order = (release: string) =>
  release.replace(/^\d{4}\/qe(\d{3})(_2)?$/, (_, quarter: string, second?: string) => `${quarter}${second === undefined ? 1 : 2}`);

/**
 * The newest estimate ESRI's release archive lists: its newest year's page (or the year before,
 * early in a year whose page lists nothing yet), and there the newest estimate. The menu pages
 * are the English archive's; the CSVs are the Japanese site's, in the same folder (the English
 * pages link their PDFs there).
 */
async function newestRelease(context: CollectContext<unknown>): Promise<string> {
  const years = (await fetchPageLinks(context.fetch, `${context.baseUrl}${ARCHIVE}`))
    .map((link) => YEAR_PAGE.exec(link.url.pathname))
    .filter((match) => match !== null)
    .map((match) => match[1] ?? '')
    .sort()
    .reverse();
  if (years.length === 0) throw new ImportError(`${ID}: ${ARCHIVE} links no year's page (…/<year>/toukei_<year>.html); has its layout changed?`);
  for (const year of years.slice(0, 2)) {
    const releases = (await fetchPageLinks(context.fetch, `${context.baseUrl}/en/sna/data/sokuhou/files/${year}/toukei_${year}.html`))
      .map((link) => MENU_PAGE.exec(link.url.pathname))
      .filter((match) => match !== null && match[2] === match[3])
      .map((match) => `${match?.[1] ?? ''}${match?.[2] ?? ''}/qe${match?.[3] ?? ''}${match?.[4] ?? ''}${match?.[5] ?? ''}`);
    const newest = releases.sort((a, b) => order(a).localeCompare(order(b))).pop();
    if (newest !== undefined) return newest;
  }
  throw new ImportError(`${ID}: the archive pages of ${years.slice(0, 2).join(' and ')} list no estimate (…/qe<yy><quarter>[_2]/gdemenuea.html)`);
}

async function collect(context: CollectContext<Static<typeof CaoParams>>): Promise<CollectResult> {
  const release = context.params.release ?? (await newestRelease(context));
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
 * Shift_JIS. ESRI puts each estimate in a folder of its own, listed by its release archive:
 * each run reads the archive and takes the newest estimate, so a new one is read the morning it
 * is listed, with no setting to move. `params.release` pins one instead (an old estimate's folder
 * can disappear after an annual revision: its 404 fails the run, saying so).
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
  defaultParams: {},
  credentials: [],
  importers: [caoGdpCsvImporter],
  feeds: [storedFacts.macro('jp.gdp.real'), storedFacts.macro('jp.gdp.nominal')],
  // ESRI documents no rate; one request a second.
  minRequestIntervalMs: 1_000,
  collect,
});

export const caoSources: SourceDefinition[] = [caoGdpSource];
