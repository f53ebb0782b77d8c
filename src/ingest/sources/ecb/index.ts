import { ecbEurofxrefImporter } from '../../importers/fx/ecb-eurofxref.ts';
import { ecbEurofxrefXmlImporter } from '../../importers/fx/ecb-eurofxref-xml.ts';
import type { AnyImporter } from '../../source.ts';
import { defineSource, NoParams, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { zipEntry } from '../zip-entry.ts';
import { dollarRateInstrument, euroRateInstrument } from '../../../domains/instruments/dollar-quotes.ts';
import { DOLLAR_INDEX } from '../../../domains/instruments/instruments.catalogue.ts';
import { storedFacts } from '../../../facts/names.ts';

/** The currencies the ECB publishes reference rates for (its eurofxref-daily.xml of 2024-06-28; BGN until 2025-12-31), USD first. */
const ECB_CURRENCIES = [
  'USD',
  'JPY',
  'BGN',
  'CZK',
  'DKK',
  'GBP',
  'HUF',
  'PLN',
  'RON',
  'SEK',
  'CHF',
  'ISK',
  'NOK',
  'TRY',
  'AUD',
  'BRL',
  'CAD',
  'CNY',
  'HKD',
  'IDR',
  'ILS',
  'INR',
  'KRW',
  'MXN',
  'MYR',
  'NZD',
  'PHP',
  'SGD',
  'THB',
  'ZAR',
];
/**
 * Each euro rate as published (EUR/USD, EUR/JPY …), the dollar pair of each currency crossed
 * through the euro, and the dollar-index replica computed from six of them.
 */
const ECB_FEEDS = [...ECB_CURRENCIES.map(euroRateInstrument), ...ECB_CURRENCIES.slice(1).map(dollarRateInstrument), DOLLAR_INDEX].map(storedFacts.close);

/** The CSV the ECB's history zip holds, its only entry. */
const HIST_CSV = 'eurofxref-hist.csv';

/**
 * A source of one ECB file, fetched conditionally: the ECB rewrites its files once a working
 * day, so the ETag / Last-Modified answer 304 until the next publication and nothing is
 * imported. `read` turns the bytes as published into the importer's file.
 */
function ecbFile(options: { id: string; description: string; path: string; importer: AnyImporter; fileName: string; read: (body: Buffer) => Buffer }) {
  return defineSource({
    id: options.id,
    publisher: 'ecb',
    description: options.description,
    defaultBaseUrl: 'https://www.ecb.europa.eu',
    // The ECB publishes the reference rates "around 16:00 CET" (Frankfurt time) on TARGET working days.
    defaultSchedule: '30 16 * * 1-5',
    timeZone: 'Europe/Berlin',
    params: NoParams,
    defaultParams: {},
    credentials: [],
    importers: [options.importer],
    feeds: ECB_FEEDS,
    async collect({ baseUrl, fetch }): Promise<CollectResult> {
      const answer = await fetch({ url: `${baseUrl}${options.path}` });
      if (answer.notModified) return { payloads: [], cursor: undefined };
      return {
        payloads: [{ importer: options.importer, fileName: options.fileName, content: options.read(answer.body), archiveHashes: [answer.archiveHash] }],
        cursor: undefined,
      };
    },
  });
}

/** The whole history since 1999, `eurofxref-hist.zip` as published: the CSV inside it. */
export const ecbHistSource = ecbFile({
  id: 'ecb-eurofxref-hist',
  description: 'ECB euro reference rates, full history (eurofxref-hist.zip): every dollar cross since 1999',
  path: '/stats/eurofxref/eurofxref-hist.zip',
  importer: ecbEurofxrefImporter,
  fileName: HIST_CSV,
  read: (zip) => zipEntry(zip, HIST_CSV),
});

/** The latest day only, `eurofxref-daily.xml`: a few kilobytes, imported as published. */
export const ecbDailySource = ecbFile({
  id: 'ecb-eurofxref-daily',
  description: "ECB euro reference rates, latest day (eurofxref-daily.xml): that day's dollar crosses",
  path: '/stats/eurofxref/eurofxref-daily.xml',
  importer: ecbEurofxrefXmlImporter,
  fileName: 'eurofxref-daily.xml',
  read: (xml) => xml,
});

export const ecbSources: SourceDefinition[] = [ecbHistSource, ecbDailySource];
