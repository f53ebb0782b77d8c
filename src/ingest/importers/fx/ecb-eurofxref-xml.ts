import { ImportError, type Importer } from '../../source.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { ecbEurofxrefImporter, euroDay, type EcbRate } from './ecb-eurofxref.ts';
import { count, LIMIT_SETTINGS, payloadLimits } from '../../limits.ts';
import { euroRateInstrument } from '../../../domains/instruments/dollar-quotes.ts';
import { child, descendants, lineFinder, parseXmlTree } from '../../xml-tree.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/**
 * The ECB's XML of the euro reference rates, `eurofxref-daily.xml` (and the `-hist`/`-hist-90d`
 * files in the same layout): a `gesmes:Envelope` holding `<Cube>`, in it one
 * `<Cube time='YYYY-MM-DD'>` per day, each holding `<Cube currency='USD' rate='1.0705'/>` per
 * currency, in units of the currency per euro. The rates become the same stored figures as the
 * CSV's (ecb-eurofxref.ts). Read with the XML parser of xml-tree.ts (bounded, no regular
 * expression over the document).
 */
export function parseEurofxrefXml(content: string, fileName: string): EcbRate[] {
  const lineAt = lineFinder(content);
  const envelope = content.includes('http://www.ecb.int/vocabulary/2002-08-01/eurofxref')
    ? child(parseXmlTree(content, fileName), 'gesmes:Envelope')
    : undefined;
  if (envelope === undefined) throw new ImportError(`${fileName}: line 1: not the ECB's gesmes:Envelope of euro reference rates`);
  if (!envelope.closed) throw new ImportError(`${fileName}: line ${lineAt(content.length)}: the file ends before </gesmes:Envelope>`);
  const { maxRows } = payloadLimits();
  const rates: EcbRate[] = [];
  const seen = new Set<string>();
  const days = descendants(envelope, 'Cube').filter((cube) => cube.attributes.time !== undefined);
  for (const day of days) {
    const timeText = day.attributes.time ?? '';
    const date = calendarDate(timeText);
    if (date === undefined) throw new ImportError(`${fileName}: line ${lineAt(day.at)}: time "${timeText}" is not a calendar date (YYYY-MM-DD)`);
    if (seen.has(date)) throw new ImportError(`${fileName}: line ${lineAt(day.at)}: ${date} appears twice`);
    seen.add(date);
    const perEuro = new Map<string, number>();
    for (const cube of day.children.filter((c) => c.name === 'Cube')) {
      const where = `${fileName}: line ${lineAt(cube.at)}`;
      const currency = cube.attributes.currency ?? '';
      const rateText = cube.attributes.rate ?? '';
      if (!/^[A-Z]{3}$/.test(currency)) throw new ImportError(`${where}: currency "${currency}" is not a currency code`);
      const rate = publisherFigure(rateText, `fx.close:EUR/${currency}`, where);
      if (perEuro.has(currency)) throw new ImportError(`${where}: ${currency} appears twice on ${date}`);
      perEuro.set(currency, rate);
    }
    if (perEuro.size === 0) throw new ImportError(`${fileName}: line ${lineAt(day.at)}: ${date} holds no rate`);
    rates.push(...euroDay(date, perEuro, `${fileName}: line ${lineAt(day.at)}`));
    if (rates.length > maxRows)
      throw new ImportError(`${fileName}: line ${lineAt(day.at)}: more than ${count(maxRows)} rates (${LIMIT_SETTINGS.maxRows.name})`);
  }
  if (days.length === 0) throw new ImportError(`${fileName}: no <Cube time='…'> day in the envelope`);
  if (!rates.some((rate) => rate.instrument === euroRateInstrument('USD'))) throw new ImportError(`${fileName}: no day with a USD rate`);
  return rates;
}

/** The CSV importer's tables and publisher, read from the XML. */
export const ecbEurofxrefXmlImporter: Importer<EcbRate[]> = {
  ...ecbEurofxrefImporter,
  dataset: 'ecb-eurofxref-xml',
  description: 'ECB euro reference rates XML (eurofxref-daily.xml): the euro rates as published, dollar crosses derived via EUR',
  parse: parseEurofxrefXml,
};
