import { Type } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { jpxPcfImporter } from '../../importers/etf/jpx-pcf.ts';
import { defineSource, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { archiveNames, archivesToFetch, archivePayloads } from './pcf-archive.ts';
import { storedFacts } from '../../../facts/names.ts';

const IceParams = Type.Object(
  {
    /** The newest daily archives a first run imports (ICE lists the last few business days'). */
    initialArchives: Type.Integer({ minimum: 1, maximum: 30 }),
  },
  { additionalProperties: false },
);

/**
 * Every portfolio composition file (PCF) ICE Data Services posts for the Tokyo-listed funds whose
 * indicative NAV it calculates, one zip a business day: `GET /pcf-download/listOfZips` names the
 * archives ICE holds (`all_pcf_YYYYMMDD.zip`), `GET /pcf-download/all/<name>` is one day's, a
 * member `<code>tsepcf_<date>.csv` per fund in the layout `jpx-etf-pcf` reads. A first run takes
 * the newest `initialArchives`; later runs every archive dated after the last one imported.
 */
export const icePcfSource = defineSource({
  id: 'ice-jpx-pcf',
  publisher: 'ice',
  description:
    "ICE Data Services' daily archive of the PCFs of every Tokyo-listed ETF it calculates: holdings, cash component and units outstanding, for each fund's NAV",
  defaultBaseUrl: 'https://inav.ice.com',
  // A day's PCFs are posted before the session opens.
  defaultSchedule: '30 8 * * 1-5',
  timeZone: 'Asia/Tokyo',
  params: IceParams,
  defaultParams: { initialArchives: 5 },
  credentials: [],
  importers: [jpxPcfImporter],
  // A holding's sector is the J-Quants issue list's, joined when holdings are read (etf.repo.ts).
  feeds: [storedFacts.table('etf_nav'), storedFacts.table('etf_holding'), storedFacts.etfHolding('sector')],
  async collect({ baseUrl, params, cursor, fetch }): Promise<CollectResult> {
    const listing = await fetch({ url: `${baseUrl}/pcf-download/listOfZips` });
    if (listing.notModified) return { payloads: [], cursor };
    const through = typeof cursor?.through === 'string' ? cursor.through : undefined;
    const wanted = archivesToFetch(archiveNames(listing.body), through, params.initialArchives);
    const payloads: ImportPayload[] = [];
    // Every archive and every member is read before any is imported: one refused file leaves the store as it was.
    for (const archive of wanted) {
      const answer = await fetch({ url: `${baseUrl}/pcf-download/all/${archive.name}`, conditional: false });
      if (answer.notModified) throw new ImportError(`${archive.name}: ICE answered 304 to an unconditional request`);
      payloads.push(...archivePayloads(archive.name, answer.body, answer.archiveHash));
    }
    const newest = wanted.at(-1)?.date ?? through;
    return { payloads, cursor: newest === undefined ? undefined : { through: newest } };
  },
});

export const iceSources: SourceDefinition[] = [icePcfSource];
