import { ImportError, type Importer } from '../../source.ts';
import { calendarMonth } from '../../calendar-dates.ts';
import { csvCells } from '../../csv.ts';
import { csvRecordLines } from '../../file-lines.ts';
import { recordObservations } from '../../../store/vintage.ts';
import { withdrawnPeriods } from './whole-history.ts';
import { countrySeries, type MacroCountry } from '../../../domains/macro/series.ts';
import { datedObservations, macroFact, type LocatedObservation } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';

/** The BIS `REF_AREA` codes (ISO 3166 alpha-2) of the hub's countries the policy-rate data set covers; Vietnam is not among its economies. */
export const BIS_AREAS = { US: 'US', JP: 'JP' } as const satisfies Partial<Record<MacroCountry, string>>;
export type BisCountry = keyof typeof BIS_AREAS;

/** The columns the hub reads of the SDMX-CSV answer; the others (attributes such as COMPILATION) are left. */
const COLUMNS = ['FREQ', 'REF_AREA', 'TIME_PERIOD', 'OBS_VALUE'] as const;
/** A month the BIS holds no rate for (Japan under base-money targeting, 2013–2016) is written empty or NaN. */
const NO_FIGURE = new Set(['', 'NaN']);

/** One answer's figures: the monthly series of each country it holds. */
export interface BisPolicyRates {
  fileName: string;
  rows: LocatedObservation[];
}

/** `M` or, in a labelled export, `M: Monthly` → `M`. */
const codeOf = (cell: string): string => cell.split(':')[0]?.trim() ?? '';

/**
 * The BIS SDMX API's data answer in SDMX-CSV (`GET /api/v2/data/dataflow/BIS/WS_CBPOL/1.0/M.JP
 * ?format=csv`): a heading line naming the columns (`STRUCTURE,STRUCTURE_ID,ACTION,FREQ,REF_AREA,
 * TIME_PERIOD,OBS_VALUE,…` and the attributes), then one line per observation. Only monthly (`M`)
 * series of the hub's countries are read; a month with no figure is null, never 0. Each rate is
 * held to the figure rules of the series (publisher-figures.ts), and its month to the date rule
 * when the answer is loaded, naming its line.
 */
export function parseBisPolicyRates(content: string, fileName: string): BisPolicyRates {
  const records = csvRecordLines(content, fileName);
  const heading = csvCells(records[0] ?? '').map((cell) => cell.split(':')[0]?.trim().toUpperCase() ?? '');
  const index = Object.fromEntries(COLUMNS.map((column) => [column, heading.indexOf(column)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((column) => index[column] === -1);
  if (missing.length > 0) throw new ImportError(`${fileName}: expected the BIS SDMX-CSV heading with ${COLUMNS.join(', ')}; ${missing.join(', ')} missing`);
  const rows: LocatedObservation[] = [];
  records.slice(1).forEach((record, at) => {
    const line = at + 2;
    const cells = csvCells(record);
    if (cells.length < heading.length) throw new ImportError(`${fileName}:${line}: ${cells.length} cells for the heading's ${heading.length}`);
    const cell = (column: (typeof COLUMNS)[number]) => cells[index[column]] ?? '';
    const frequency = codeOf(cell('FREQ'));
    if (frequency !== 'M')
      throw new ImportError(
        `${fileName}:${line}: FREQ ${JSON.stringify(cell('FREQ'))}: the hub reads the monthly series (M, the rate at the month's last observation)`,
      );
    const area = codeOf(cell('REF_AREA'));
    const country = (Object.keys(BIS_AREAS) as BisCountry[]).find((code) => BIS_AREAS[code] === area);
    if (country === undefined)
      throw new ImportError(`${fileName}:${line}: REF_AREA ${JSON.stringify(area)} is not one the hub serves (${Object.values(BIS_AREAS).join(', ')})`);
    const period = calendarMonth(cell('TIME_PERIOD'));
    if (period === undefined) throw new ImportError(`${fileName}:${line}: TIME_PERIOD ${JSON.stringify(cell('TIME_PERIOD'))} is not a month (YYYY-MM)`);
    const text = cell('OBS_VALUE');
    const series = countrySeries(country, 'policyRate');
    const where = `${fileName}:${line}`;
    rows.push({ series, period, value: NO_FIGURE.has(text) ? null : publisherFigure(text, macroFact(series), where), marker: null, where });
  });
  if (rows.length === 0) throw new ImportError(`${fileName}: the BIS answered no observations`);
  return { fileName, rows };
}

export const bisCbpolImporter: Importer<BisPolicyRates> = {
  dataset: 'bis-cbpol',
  datasets: ['macro'],
  description: 'BIS SDMX API data answer (SDMX-CSV) of the WS_CBPOL central bank policy rates dataflow: monthly policy rates, each series whole',
  source: 'Bank for International Settlements, central bank policy rates (WS_CBPOL)',
  parse: parseBisPolicyRates,
  // The answer is each series' whole history: a figure another publisher once stored under the key (the BOJ's basic loan rate, served as Japan's policy rate before this source) is withdrawn.
  async load(db, { rows: located, fileName }, release) {
    const rows = datedObservations(located, release.knowledgeAt);
    const withdrawn = await withdrawnPeriods(db, rows, release, fileName);
    return recordObservations(db, release, [...rows, ...withdrawn]);
  },
};
