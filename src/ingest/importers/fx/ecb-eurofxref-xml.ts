import { ImportError, type Importer } from '../../source.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { dollarCrosses, ecbEurofxrefImporter, type EcbRate } from './ecb-eurofxref.ts';

/** The line of an offset in `content`. */
const lineAt = (content: string, index: number) => content.slice(0, index).split('\n').length;

const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*(?:'([^']*)'|"([^"]*)")`).exec(attributes)?.slice(1).find((v) => v !== undefined);

/**
 * The ECB's XML of the euro reference rates, `eurofxref-daily.xml` (and the `-hist`/`-hist-90d`
 * files in the same layout): a `gesmes:Envelope` holding `<Cube>`, in it one
 * `<Cube time='YYYY-MM-DD'>` per day, each holding `<Cube currency='USD' rate='1.0705'/>` per
 * currency, in units of the currency per euro. The rates become the same dollar crosses as the
 * CSV's (ecb-eurofxref.ts).
 */
export function parseEurofxrefXml(content: string, fileName: string): EcbRate[] {
  if (!/<gesmes:Envelope[\s>]/.test(content) || !content.includes('http://www.ecb.int/vocabulary/2002-08-01/eurofxref')) {
    throw new ImportError(`${fileName}: line 1: not the ECB's gesmes:Envelope of euro reference rates`);
  }
  if (!/<\/gesmes:Envelope>\s*(<!--[\s\S]*?-->\s*)*$/.test(content)) throw new ImportError(`${fileName}: line ${lineAt(content, content.length)}: the file ends before </gesmes:Envelope>`);
  const rates: EcbRate[] = [];
  const seen = new Set<string>();
  const days = [...content.matchAll(/<Cube\s+time\s*=\s*['"]([^'"]*)['"]\s*>([\s\S]*?)<\/Cube>/g)];
  for (const day of days) {
    const [, timeText = '', body = ''] = day;
    const dayIndex = day.index;
    const date = calendarDate(timeText);
    if (date === undefined) throw new ImportError(`${fileName}: line ${lineAt(content, dayIndex)}: time "${timeText}" is not a calendar date (YYYY-MM-DD)`);
    if (seen.has(date)) throw new ImportError(`${fileName}: line ${lineAt(content, dayIndex)}: ${date} appears twice`);
    seen.add(date);
    const perEuro = new Map<string, number>();
    for (const cube of body.matchAll(/<Cube\b([^>]*?)\/?>/g)) {
      const where = `${fileName}: line ${lineAt(content, dayIndex + day[0].indexOf(body) + cube.index)}`;
      const currency = attribute(cube[1] ?? '', 'currency') ?? '';
      const rateText = attribute(cube[1] ?? '', 'rate') ?? '';
      if (!/^[A-Z]{3}$/.test(currency)) throw new ImportError(`${where}: currency "${currency}" is not a currency code`);
      const rate = Number(rateText);
      if (!/^\d+(\.\d+)?$/.test(rateText) || rate <= 0) throw new ImportError(`${where}: ${currency} rate "${rateText}" is not a positive number`);
      if (perEuro.has(currency)) throw new ImportError(`${where}: ${currency} appears twice on ${date}`);
      perEuro.set(currency, rate);
    }
    if (perEuro.size === 0) throw new ImportError(`${fileName}: line ${lineAt(content, dayIndex)}: ${date} holds no rate`);
    rates.push(...dollarCrosses(date, perEuro));
  }
  if (days.length === 0) throw new ImportError(`${fileName}: no <Cube time='…'> day in the envelope`);
  if (rates.length === 0) throw new ImportError(`${fileName}: no day with a USD rate`);
  return rates;
}

/** The CSV importer's tables and publisher, read from the XML. */
export const ecbEurofxrefXmlImporter: Importer<EcbRate[]> = {
  ...ecbEurofxrefImporter,
  dataset: 'ecb-eurofxref-xml',
  description: 'ECB euro reference rates XML (eurofxref-daily.xml); dollar crosses derived via EUR',
  parse: parseEurofxrefXml,
};
