import { ImportError, type Importer } from '../../source.ts';
import { calendarMonth, calendarQuarter, isoDateTime } from '../../calendar-dates.ts';
import { recordObservations } from '../../../store/vintage.ts';
import { withdrawnPeriods } from './whole-history.ts';
import { datedObservations, macroFact, type LocatedObservation } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';
import { readSdmxMessage, type SdmxSeries } from '../../sdmx-ml.ts';

/** How the hub stores one series of a publisher's SDMX file. */
export interface SdmxSeriesMapping {
  /** The concept values that pick the series out of the file (INDICATOR, FREQ, REF_AREA …). */
  key: Readonly<Record<string, string>>;
  /** The hub's series key (`vn.exports`). */
  series: string;
  /** Its periods: `month` (TIME_PERIOD `YYYY-MM`) or `quarter` (`YYYY-Qn`), stored as written. */
  frequency: 'month' | 'quarter';
  /**
   * The UNIT_MULT the series states (the power of ten its figures are in), or undefined where it
   * states none. The figures are stored as written, in that unit; a file stating another
   * multiplier is refused rather than served a thousand times off.
   */
  unitMult: string | undefined;
}

/** One SDMX file of a publisher: where it is and which of its series the hub stores. */
export interface SdmxFile {
  /** The name of its payloads and releases. */
  fileName: string;
  /** Its path on the publisher's host, with the query where the address has one. */
  path: string;
  series: readonly SdmxSeriesMapping[];
}

/** One file's figures, and the header's Prepared time (the instant the publisher's system wrote the file) when it states one with its zone. */
export interface SdmxObservations {
  fileName: string;
  prepared: string | undefined;
  rows: LocatedObservation[];
}

/** An observation SDMX writes without a figure (NaN is SDMX's missing value): null, never 0. */
const NO_FIGURE = new Set(['', 'NaN']);
const PERIOD_READERS = { month: calendarMonth, quarter: calendarQuarter } as const;
const PERIOD_LAYOUTS = { month: 'YYYY-MM', quarter: 'YYYY-Qn' } as const;

const keyText = (key: Readonly<Record<string, string>>): string =>
  Object.entries(key)
    .map(([id, value]) => `${id}=${value}`)
    .join(', ');

function mappedRows(series: SdmxSeries, mapping: SdmxSeriesMapping, fileName: string): LocatedObservation[] {
  const stated = series.concepts.UNIT_MULT;
  if (stated !== mapping.unitMult) {
    throw new ImportError(
      `${fileName}: line ${series.line}: series ${keyText(mapping.key)} states UNIT_MULT ${stated === undefined ? 'none' : JSON.stringify(stated)} where ${mapping.unitMult === undefined ? 'none' : JSON.stringify(mapping.unitMult)} is expected: its figures would be stored in another unit than ${mapping.series}'s`,
    );
  }
  const fact = macroFact(mapping.series);
  const seen = new Set<string>();
  return series.observations.map((observation) => {
    const where = `${fileName}: line ${observation.line}`;
    const period = PERIOD_READERS[mapping.frequency](observation.period);
    if (period === undefined)
      throw new ImportError(
        `${where}: ${mapping.series} TIME_PERIOD ${JSON.stringify(observation.period)} is not a ${mapping.frequency} (${PERIOD_LAYOUTS[mapping.frequency]})`,
      );
    if (seen.has(period)) throw new ImportError(`${where}: ${mapping.series} has a second observation of ${period}`);
    seen.add(period);
    const text = observation.value ?? '';
    return { series: mapping.series, period, value: NO_FIGURE.has(text) ? null : publisherFigure(text, fact, where, { exponent: true }), marker: null, where };
  });
}

/**
 * The mapped series of one of a publisher's SDMX-ML files (sdmx-ml.ts reads either message
 * kind): each mapping must pick exactly one series of the file, whose UNIT_MULT is the one the
 * mapping expects; the file's other series are left (an e-GDDS file carries dozens the hub does
 * not serve). Each figure is held to its series' figure rules, its period to the mapping's
 * frequency, naming the line.
 */
export function parseSdmxObservations(content: string, file: SdmxFile): SdmxObservations {
  const { fileName } = file;
  const message = readSdmxMessage(content, fileName);
  const rows = file.series.flatMap((mapping) => {
    const matching = message.series.filter((series) => Object.entries(mapping.key).every(([id, value]) => series.concepts[id] === value));
    if (matching.length !== 1) {
      throw new ImportError(
        `${fileName}: ${matching.length === 0 ? 'no series' : `${matching.length} series`} with ${keyText(mapping.key)} where the hub reads ${mapping.series} from one: a changed file?`,
      );
    }
    const [series] = matching;
    return series === undefined ? [] : mappedRows(series, mapping, fileName);
  });
  const prepared = message.prepared === undefined ? undefined : isoDateTime(message.prepared);
  return { fileName, prepared, rows };
}

/**
 * The importer of one publisher's SDMX files (`files`, by file name): a file is each of its
 * series' whole history, so a stored period the file no longer holds is withdrawn (a null), and
 * a file ending before what the same source stored is refused (whole-history.ts).
 */
export function sdmxObservationsImporter(info: {
  dataset: string;
  description: string;
  source: string;
  files: readonly SdmxFile[];
}): Importer<SdmxObservations> {
  const byName = new Map(info.files.map((file) => [file.fileName, file]));
  return {
    dataset: info.dataset,
    datasets: ['macro'],
    description: info.description,
    source: info.source,
    parse(content, fileName) {
      const file = byName.get(fileName);
      if (file === undefined) throw new ImportError(`${fileName}: not one of the files ${info.dataset} reads (${[...byName.keys()].join(', ')})`);
      return parseSdmxObservations(content, file);
    },
    async load(db, { rows: located, fileName }, release) {
      const rows = datedObservations(located, release.knowledgeAt);
      const withdrawn = await withdrawnPeriods(db, rows, release, fileName);
      return recordObservations(db, release, [...rows, ...withdrawn]);
    },
  };
}
