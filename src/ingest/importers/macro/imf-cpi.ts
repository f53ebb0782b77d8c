import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { calendarMonth } from '../../calendar-dates.ts';
import { recordObservations } from '../../../store/vintage.ts';
import { countrySeries, type MacroCountry } from '../../../domains/macro/series.ts';
import { datedObservations, macroFact, type LocatedObservation } from '../../figure-facts.ts';
import { publisherFigure } from '../../publisher-figures.ts';
import { Type, type Static } from 'typebox';
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

/** `2026-M03` → `2026-03`. */
function monthOf(period: string | undefined): string | undefined {
  const match = period === undefined ? null : /^(\d{4})-M(\d{2})$/.exec(period);
  return match === null ? undefined : calendarMonth(`${match[1]}-${match[2]}`);
}

const IdSchema = Type.Object({ id: Type.String() });
/** A series dimension: its `values` are what the positions of a series key (`0:0:0:0:0`) index. */
const SeriesDimensionSchema = Type.Object({ id: Type.String(), values: Type.Array(IdSchema) });
/** The observation dimension (TIME_PERIOD): its `values` are what the observation keys index. */
const ObservationDimensionSchema = Type.Object({ id: Type.String(), values: Type.Array(Type.Object({ value: Type.String() })) });
/**
 * An observation: `OBS_VALUE` first (a decimal string, or null for a month without a figure),
 * then the indices and values of its attributes.
 */
const ObservationSchema = Type.Tuple([Type.Union([Type.String(), Type.Null()])], { additionalItems: true });
const StructureSchema = Type.Object({
  dimensions: Type.Object({ series: Type.Array(SeriesDimensionSchema), observation: Type.Array(ObservationDimensionSchema) }),
  measures: Type.Object({ observation: Type.Array(IdSchema) }),
});
const DataSetSchema = Type.Object({
  series: Type.Record(Type.String(), Type.Object({ observations: Type.Record(Type.String(), ObservationSchema) })),
});
const SdmxDataSchema = Type.Object({ data: Type.Object({ structures: Type.Array(StructureSchema), dataSets: Type.Array(DataSetSchema) }) });
type SeriesDimension = Static<typeof SeriesDimensionSchema>;

/** The codes a series key (`0:0:0:0:0`) stands for, by its positions in the series dimensions' values. */
const seriesCodes = (seriesKey: string, dimensions: readonly SeriesDimension[]): (string | undefined)[] =>
  seriesKey.split(':').map((position, index) => dimensions[index]?.values[Number(position)]?.id);

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
  const { data } = readJsonDocument(SdmxDataSchema, content, fileName);
  const [structure] = data.structures;
  const [dataSet] = data.dataSets;
  const seriesDimensions = structure?.dimensions.series ?? [];
  const time = structure?.dimensions.observation[0];
  if (
    dataSet === undefined ||
    seriesDimensions.length !== IMF_CPI_KEY.length ||
    IMF_CPI_KEY.some(([id], index) => seriesDimensions[index]?.id !== id) ||
    time?.id !== 'TIME_PERIOD' ||
    structure?.measures.observation[0]?.id !== 'OBS_VALUE'
  ) {
    throw new ImportError(
      `${fileName}: expected the IMF CPI dataflow's SDMX-JSON (dimensions ${IMF_CPI_KEY.map(([id]) => id).join(', ')}, TIME_PERIOD; measure OBS_VALUE)`,
    );
  }
  const periods = time.values.map((period) => period.value);
  if (Object.keys(dataSet.series).length === 0) throw new ImportError(`${fileName}: the IMF answered no CPI series for this key`);
  const rows: LocatedObservation[] = [];
  for (const [seriesKey, { observations }] of Object.entries(dataSet.series)) {
    const codes = seriesCodes(seriesKey, seriesDimensions);
    const wrong = IMF_CPI_KEY.findIndex(([, expected], index) => expected !== undefined && codes[index] !== expected);
    if (codes.length !== IMF_CPI_KEY.length || wrong !== -1) {
      throw new ImportError(
        `${fileName}: series ${codes.join('.')} is not the all-items monthly CPI index (${IMF_CPI_KEY.map(([id, code]) => `${id}=${code ?? '…'}`).join(', ')})`,
      );
    }
    const country = (Object.keys(IMF_COUNTRIES) as MacroCountry[]).find((code) => IMF_COUNTRIES[code] === codes[0]);
    if (country === undefined)
      throw new ImportError(`${fileName}: COUNTRY ${JSON.stringify(codes[0])} is not one the hub serves (${Object.values(IMF_COUNTRIES).join(', ')})`);
    const cpi = countrySeries(country, 'cpi');
    for (const [position, [value]] of Object.entries(observations)) {
      const where = `${fileName}: series ${seriesKey} observation ${position}`;
      const timePeriod = periods[Number(position)];
      const period = monthOf(timePeriod);
      if (period === undefined) throw new ImportError(`${where}: TIME_PERIOD ${JSON.stringify(timePeriod)} is not a month (YYYY-Mmm)`);
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
