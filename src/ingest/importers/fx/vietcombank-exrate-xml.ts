import { replaceCloses } from '../../instrument-closes.ts';
import { fxInstrument } from '../../../domains/instruments/instruments.catalogue.ts';
import { ImportError, type Importer } from '../../source.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { zonedInstant } from '../../../kernel/dates.ts';
import { earlierOf } from './known-at.ts';
import { child, lineFinder, parseXmlTree } from '../../xml-tree.ts';
import { closeFact } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

export interface VndRate {
  pair: 'USD/VND';
  date: string;
  close: number;
  /** The instant the bank stamped the list with, which is when the rate was known. */
  knowledgeAt: string;
  /** The file and line of the rate, for the messages of a refused file; never stored. */
  where: string;
}

/** Vietnam's time, in which the bank stamps its list (no daylight saving time). */
const BANK_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** `9/2/2026 5:38:54 PM` (month/day/year, Vietnam time, as the bank prints it) → `2026-09-02` and the instant it names. */
function stampOf(text: string): { date: string; at: string } | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))? ([AP]M)$/.exec(text.trim());
  if (match === null) return undefined;
  const [, month = '', day = '', year = '', hourText = '', minute = '', second = '0', half = ''] = match;
  const date = calendarDate(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
  const hour12 = Number(hourText);
  if (date === undefined || hour12 < 1 || hour12 > 12 || Number(minute) > 59 || Number(second) > 59) return undefined;
  const hour = (hour12 % 12) + (half === 'PM' ? 12 : 0);
  const minuteStart = zonedInstant(date, `${String(hour).padStart(2, '0')}:${minute}`, BANK_TIME_ZONE).getTime();
  return { date, at: new Date(minuteStart + Number(second) * 1000).toISOString() };
}

/**
 * Vietcombank's exchange-rate XML (`/Usercontrols/TVPortal.TyGia/pXML.aspx`): after a comment
 * ("For reference only…"), `<ExrateList>` holding `<DateTime>M/D/YYYY h:mm:ss AM</DateTime>`
 * (Vietnam time: the instant the list was stamped, each rate's knowledge time), one `<Exrate CurrencyCode="USD" CurrencyName="…" Buy="25,850.00"
 * Transfer="25,880.00" Sell="26,260.00" />` per currency in VND per unit with thousands commas
 * (a column the bank does not quote is empty or `-`), and `<Source>`. The hub stores the USD
 * transfer rate as that day's USD/VND close, held to the figure rules of fx.close:USD/VND; the
 * other currencies are not dollar pairs. Read with
 * the XML parser of xml-tree.ts (bounded, no regular expression over the document).
 */
export function parseVietcombankXml(content: string, fileName: string): VndRate[] {
  const lineAt = lineFinder(content);
  const list = child(parseXmlTree(content, fileName), 'ExrateList');
  if (list === undefined) throw new ImportError(`${fileName}: line 1: not Vietcombank's <ExrateList> of exchange rates`);
  if (!list.closed) throw new ImportError(`${fileName}: line ${lineAt(content.length)}: the file ends before </ExrateList>`);
  const stamp = child(list, 'DateTime');
  if (stamp === undefined) throw new ImportError(`${fileName}: line ${lineAt(list.at)}: no <DateTime> in the list`);
  const stampText = stamp.texts.map((t) => t.text).join('');
  const stamped = stampOf(stampText);
  if (stamped === undefined) throw new ImportError(`${fileName}: line ${lineAt(stamp.at)}: DateTime "${stampText}" is not the bank's M/D/YYYY h:mm:ss AM|PM`);
  const usd = list.children.filter((rate) => rate.name === 'Exrate' && rate.attributes.CurrencyCode === 'USD');
  if (usd.length !== 1) throw new ImportError(`${fileName}: ${usd.length === 0 ? 'no' : usd.length} <Exrate CurrencyCode="USD"> in the list`);
  const [rate] = usd;
  const where = `${fileName}: line ${lineAt(rate?.at ?? 0)}`;
  const close = publisherFigure(rate?.attributes.Transfer ?? '', closeFact(fxInstrument('USD/VND')), `${where}: USD Transfer`, { grouping: true });
  return [{ pair: 'USD/VND', date: stamped.date, close, knowledgeAt: stamped.at, where }];
}

export const vietcombankExrateXmlImporter: Importer<VndRate[]> = {
  dataset: 'vietcombank-exrate-xml',
  datasets: ['instruments'],
  description: "Vietcombank exchange-rate XML (pXML.aspx): the USD transfer rate as that day's USD/VND",
  source: 'Vietcombank (Joint Stock Commercial Bank for Foreign Trade of Vietnam) exchange rates',
  parse: parseVietcombankXml,
  load(db, rates, release) {
    return replaceCloses(
      db,
      rates.map((rate) => ({
        instrument: fxInstrument(rate.pair),
        date: rate.date,
        close: rate.close,
        where: rate.where,
        knowledgeAt: earlierOf(rate.knowledgeAt, release.knowledgeAt),
      })),
      release,
    );
  },
};
