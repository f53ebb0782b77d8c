import { Type } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { jpxPcfImporter, parsePcf } from '../../importers/etf/jpx-pcf.ts';
import { defineSource, parsedPayload, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';

const IceParams = Type.Object(
  {
    /** The 4-character TSE codes of funds whose PCF ICE publishes. */
    codes: Type.Array(Type.String({ pattern: '^[0-9][0-9A-Z]{3}$' }), { minItems: 1 }),
  },
  { additionalProperties: false },
);

/**
 * The portfolio composition file (PCF) of each listed fund whose indicative NAV ICE Data Services
 * calculates for the Tokyo Stock Exchange: `GET /pcf-download/<code>.csv`, the file JPX's iNAV/PCF
 * page links from each fund's name. Funds calculated by S&P Global or Solactive are not there:
 * for them, and outside its service hours (07:50–23:55 JST on business days), ICE answers with an
 * HTML page and status 200, which fails the run naming the file.
 */
export const icePcfSource = defineSource({
  id: 'ice-jpx-pcf',
  publisher: 'ice',
  description: "ICE Data Services' PCF of each configured Tokyo-listed ETF: holdings, cash component and units outstanding, for the fund's NAV",
  defaultBaseUrl: 'https://inav.ice.com',
  // A fund's PCF for the day is posted before the session opens.
  defaultSchedule: '30 8 * * 1-5',
  timeZone: 'Asia/Tokyo',
  // Funds public readers have downloaded from this address (docs/data-sources.md).
  params: IceParams,
  defaultParams: { codes: ['1306', '1321', '1348', '2080'] },
  credentials: [],
  importers: [jpxPcfImporter],
  feeds: ['etf_nav', 'etf_holding'],
  async collect({ baseUrl, params, fetch }): Promise<CollectResult> {
    const payloads: ImportPayload[] = [];
    for (const code of params.codes) {
      const fileName = `${code}.csv`;
      const answer = await fetch({ url: `${baseUrl}/pcf-download/${fileName}` });
      if (answer.notModified) continue;
      // Every file is checked before any is imported: one refused file leaves the store as it was.
      // Each file is read once, here.
      let pcf: ReturnType<typeof parsePcf>;
      try {
        pcf = parsePcf(answer.body.toString('utf8'));
      } catch (error) {
        throw new ImportError(`${fileName}: ${(error as Error).message}`, { cause: error });
      }
      if (pcf.fundCode !== code) throw new ImportError(`${fileName}: the file is the PCF of fund ${pcf.fundCode}, not of ${code}`);
      payloads.push(parsedPayload(jpxPcfImporter, pcf, { fileName, archiveHashes: [answer.archiveHash] }));
    }
    return { payloads, cursor: undefined };
  },
});

export const iceSources: SourceDefinition[] = [icePcfSource];
