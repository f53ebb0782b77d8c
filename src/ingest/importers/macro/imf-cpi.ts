import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { calendarMonth } from '../../calendar-dates.ts';
import { recordObservations } from '../../../store/vintage.ts';
import { countrySeries, type MacroCountry } from '../../../domains/macro/series.ts';
import { datedObservations, macroFact, type LocatedObservation } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';
import { Type } from 'typebox';
import { readJsonDocument } from '../../publisher-document.ts';

/** The IMF's ISO 3166 alpha-3 `COUNTRY` codes of the hub's countries. */
export const IMF_COUNTRIES: Readonly<Record<MacroCountry, string>> = { US: 'USA', JP: 'JPN', VN: 'VNM' };

/**
 * The one series of the IMF.STA CPI dataflow the hub reads per country: the all-items
 * (`COICOP_1999=_T`) consumer price index (`INDEX_TYPE=CPI`) as an index (`IX`), monthly (`M`).
 * Its key, in the dataflow's dimension order.
 */
export const IMF_CPI_KEY: ReadonlyArray<readonly [string, string | undefined]> = [
  ['COUNTRY', undefined],
  ['INDEX_TYPE', 'CPI'],
  ['COICOP_1999', '_T'],
  ['TYPE_OF_TRANSFORMATION', 'IX'],
  ['FREQUENCY', 'M'],
];

export const imfCpiSeriesKey = (country: MacroCountry): string => [IMF_COUNTRIES[country], ...IMF_CPI_KEY.slice(1).map(([, code]) => code)].join('.');

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const idOf = (value: unknown): unknown => (isRecord(value) ? value.id : undefined);

/** `2026-M03` → `2026-03`. */
function monthOf(period: unknown): string | undefined {
  const match = typeof period === 'string' ? /^(\d{4})-M(\d{2})$/.exec(period) : null;
  return match === null ? undefined : calendarMonth(`${match[1]}-${match[2]}`);
}

/**
 * The IMF's SDMX 3.0 data answer in SDMX-JSON (`GET /external/sdmx/3.0/data/dataflow/IMF.STA/CPI/+/{key}
 * ?attributes=dsd&measures=all`): `data.structures[0].dimensions` lists the series dimensions
 * (their `values` indexed by the `0:0:0:0:0` series keys) and `TIME_PERIOD` (`2026-M03`, indexed by
 * the observation keys); `data.dataSets[0].series[key].observations[i][0]` is `OBS_VALUE`, a
 * decimal string (an xs:double: it may have an exponent), or null (a month without a figure:
 * null, never 0). Each figure is held to the figure rules of the series and its month to the
 * date rule when the answer is loaded, naming the series and observation key.
 */
export function parseImfCpi(content: string, fileName: string): LocatedObservation[] {
  const document = readJsonDocument(Type.Unknown(), content, fileName);
  const data = isRecord(document) && isRecord(document.data) ? document.data : undefined;
  const structure = list(data?.structures)[0];
  const dataSet = list(data?.dataSets)[0];
  const dimensions = isRecord(structure) && isRecord(structure.dimensions) ? structure.dimensions : undefined;
  const measures = isRecord(structure) && isRecord(structure.measures) ? list(structure.measures.observation) : [];
  const seriesDimensions = list(dimensions?.series);
  const time = list(dimensions?.observation)[0];
  if (
    !isRecord(dataSet) ||
    seriesDimensions.length !== IMF_CPI_KEY.length ||
    IMF_CPI_KEY.some(([id], index) => idOf(seriesDimensions[index]) !== id) ||
    idOf(time) !== 'TIME_PERIOD' ||
    idOf(measures[0]) !== 'OBS_VALUE'
  ) {
    throw new ImportError(
      `${fileName}: expected the IMF CPI dataflow's SDMX-JSON (dimensions ${IMF_CPI_KEY.map(([id]) => id).join(', ')}, TIME_PERIOD; measure OBS_VALUE)`,
    );
  }
  const periods = list(isRecord(time) ? time.values : undefined).map((value) => (isRecord(value) ? value.value : undefined));
  const series = isRecord(dataSet.series) ? dataSet.series : {};
  if (Object.keys(series).length === 0) throw new ImportError(`${fileName}: the IMF answered no CPI series for this key`);
  const rows: LocatedObservation[] = [];
  for (const [seriesKey, item] of Object.entries(series)) {
    const codes = seriesKey
      .split(':')
      .map((position, index) => idOf(list(isRecord(seriesDimensions[index]) ? seriesDimensions[index].values : undefined)[Number(position)]));
    const wrong = IMF_CPI_KEY.findIndex(([, expected], index) => expected !== undefined && codes[index] !== expected);
    if (codes.length !== IMF_CPI_KEY.length || wrong !== -1) {
      throw new ImportError(
        `${fileName}: series ${codes.join('.')} is not the all-items monthly CPI index (${IMF_CPI_KEY.map(([id, code]) => `${id}=${code ?? '…'}`).join(', ')})`,
      );
    }
    const country = (Object.keys(IMF_COUNTRIES) as MacroCountry[]).find((code) => IMF_COUNTRIES[code] === codes[0]);
    if (country === undefined)
      throw new ImportError(`${fileName}: COUNTRY ${JSON.stringify(codes[0])} is not one the hub serves (${Object.values(IMF_COUNTRIES).join(', ')})`);
    const observations = isRecord(item) && isRecord(item.observations) ? item.observations : {};
    const cpi = countrySeries(country, 'cpi');
    for (const [position, observation] of Object.entries(observations)) {
      const where = `${fileName}: series ${seriesKey} observation ${position}`;
      const period = monthOf(periods[Number(position)]);
      if (period === undefined) throw new ImportError(`${where}: TIME_PERIOD ${JSON.stringify(periods[Number(position)])} is not a month (YYYY-Mmm)`);
      const value = Array.isArray(observation) ? observation[0] : undefined;
      if (value !== null && typeof value !== 'string')
        throw new ImportError(`${where}: ${period}: OBS_VALUE ${JSON.stringify(value)} is not a decimal string or null`);
      rows.push({ series: cpi, period, value: value === null ? null : publisherFigure(value, macroFact(cpi), where, { exponent: true }), marker: null, where });
    }
  }
  return rows;
}

export const imfCpiImporter: Importer<LocatedObservation[]> = {
  dataset: 'imf-cpi',
  datasets: ['macro'],
  description: 'IMF SDMX 3.0 data answer (SDMX-JSON) of the IMF.STA CPI dataflow: all-items monthly CPI index',
  source: 'IMF Consumer Price Index (CPI) dataflow',
  canonicalForm: canonicalJson,
  parse: parseImfCpi,
  load: (db, rows, release) => (rows.length === 0 ? Promise.resolve(0) : recordObservations(db, release, datedObservations(rows, release.knowledgeAt))),
};
