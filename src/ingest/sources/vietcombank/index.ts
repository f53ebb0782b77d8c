import { vietcombankExrateXmlImporter } from '../../importers/fx/vietcombank-exrate-xml.ts';
import { defineSource, NoParams, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/**
 * Vietcombank's exchange-rate XML, fetched conditionally: the bank's current rates, of which
 * the USD transfer rate becomes the day's USD/VND close (vietcombank-exrate-xml.ts). Asked once
 * in the late afternoon in Hanoi, the rate then standing is the day's last.
 */
export const vietcombankExrateSource = defineSource({
  id: 'vietcombank-exrate',
  publisher: 'vietcombank',
  description: "Vietcombank exchange rates (pXML.aspx): the USD transfer rate as the day's USD/VND",
  defaultBaseUrl: 'https://portal.vietcombank.com.vn',
  defaultSchedule: '0 17 * * 1-5',
  timeZone: 'Asia/Ho_Chi_Minh',
  params: NoParams,
  defaultParams: {},
  credentials: [],
  importers: [vietcombankExrateXmlImporter],
  feeds: [storedFacts.close('fx:USD/VND')],
  // The answer's own first line: "For reference only. Only one request every 5 minutes!"
  minRequestIntervalMs: 5 * 60 * 1000,
  async collect({ baseUrl, fetch }): Promise<CollectResult> {
    const answer = await fetch({ url: `${baseUrl}/Usercontrols/TVPortal.TyGia/pXML.aspx` });
    if (answer.notModified) return { payloads: [], cursor: undefined };
    return {
      payloads: [{ importer: vietcombankExrateXmlImporter, fileName: 'vietcombank-exrate.xml', content: answer.body, archiveHashes: [answer.archiveHash] }],
      cursor: undefined,
    };
  },
});

export const vietcombankSources: SourceDefinition[] = [vietcombankExrateSource];
