import { ImportError } from './import-error.ts';
import { count, LIMIT_SETTINGS, payloadLimits } from './limits.ts';
import { decodeXmlText, lineFinder, parseXmlTree, type XmlElement } from './xml-tree.ts';

/** One observation: its period (the dimension at the observation), its value as written, its other attributes. */
export interface SdmxObservation {
  period: string;
  /** OBS_VALUE as written; undefined when the observation states none. */
  value: string | undefined;
  attributes: Readonly<Record<string, string>>;
  /** Its line in the document, for a message. */
  line: number;
}

/** One series: the values of its key and its series-level attributes (UNIT_MULT, BASE_PER, …) by concept id, and its observations. */
export interface SdmxSeries {
  /**
   * Key and attribute values together: a structure-specific message writes both as the
   * `<Series>`'s attributes and only its structure tells them apart; a generic one's key comes
   * first, its attributes over it.
   */
  concepts: Readonly<Record<string, string>>;
  observations: SdmxObservation[];
  line: number;
}

export interface SdmxMessage {
  kind: 'structure-specific' | 'generic';
  /** The header's `Prepared` as written (an xs:dateTime), if it states one. */
  prepared: string | undefined;
  /** The data sets' own attributes (COMMENT, …), later data sets over earlier ones. */
  dataSetAttributes: Readonly<Record<string, string>>;
  series: SdmxSeries[];
}

const STRUCTURE_SPECIFIC = ['StructureSpecificData', 'StructureSpecificTimeSeriesData'];
const GENERIC = ['GenericData', 'GenericTimeSeriesData'];
/** Attributes of structure-specific elements that are the format's own, not concepts (`xsi:type`, `ss:dataScope`, `action`, …). */
const FORMAT_ATTRIBUTES = new Set([
  'type',
  'dataScope',
  'structureRef',
  'action',
  'setID',
  'validFromDate',
  'validToDate',
  'publicationYear',
  'publicationPeriod',
  'reportingBeginDate',
  'reportingEndDate',
]);

/** `message:Series` → `Series`: SDMX messages use any namespace prefix, so elements are matched by local name. */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);
const childrenNamed = (element: XmlElement, name: string): XmlElement[] => element.children.filter((c) => localName(c.name) === name);
const firstNamed = (element: XmlElement | undefined, name: string): XmlElement | undefined => element?.children.find((c) => localName(c.name) === name);

/**
 * An SDMX-ML 2.1 data message: StructureSpecificData (series and observations as attributes of
 * `<Series>` and `<Obs>`, the IMF's e-GDDS files) or GenericData (`<generic:SeriesKey>` and
 * `<generic:Attributes>` of `<generic:Value id= value=>`, each `<generic:Obs>` with its
 * `<generic:ObsDimension value=>` and `<generic:ObsValue value=>`), and their time-series forms.
 * Elements are matched by local name (no prefix is assumed); attribute values are decoded; the
 * dimension at the observation is the header's `dimensionAtObservation` (TIME_PERIOD unless
 * stated), and a flat message (AllDimensions) is refused. Read with the bounded XML tree
 * (xml-tree.ts); a value longer than FDH_SYNC_MAX_LINE_KB is refused too. A file cut short, an
 * HTML page or any other document is refused naming the file and the line.
 */
export function readSdmxMessage(content: string, fileName: string): SdmxMessage {
  const lineAt = lineFinder(content);
  const maxChars = payloadLimits().maxLineChars;
  const root = parseXmlTree(content, fileName).children[0];
  const rootName = root === undefined ? '' : localName(root.name);
  const kind = STRUCTURE_SPECIFIC.includes(rootName) ? 'structure-specific' : GENERIC.includes(rootName) ? 'generic' : undefined;
  if (root === undefined || kind === undefined)
    throw new ImportError(
      `${fileName}: line ${lineAt(root?.at ?? 0)}: not an SDMX-ML 2.1 data message (${root === undefined ? 'no element' : `<${root.name}>`})`,
    );
  if (!root.closed) throw new ImportError(`${fileName}: line ${lineAt(content.length)}: the file ends before </${root.name}>: cut short`);

  const where = (element: XmlElement) => `${fileName}: line ${lineAt(element.at)}`;
  const decoded = (element: XmlElement, value: string): string => {
    if (value.length > maxChars)
      throw new ImportError(
        `${where(element)}: <${element.name}> has a value of more than ${count(maxChars)} characters (${LIMIT_SETTINGS.maxLineChars.name})`,
      );
    return decodeXmlText(value, () => where(element));
  };
  const conceptsOf = (element: XmlElement): Record<string, string> =>
    Object.fromEntries(
      Object.entries(element.attributes)
        .filter(([name]) => !name.startsWith('xmlns') && !name.includes(':') && !FORMAT_ATTRIBUTES.has(name))
        .map(([name, value]) => [name, decoded(element, value)]),
    );
  const idValues = (element: XmlElement | undefined): Record<string, string> =>
    Object.fromEntries(
      (element === undefined ? [] : childrenNamed(element, 'Value')).map((value) => {
        const id = value.attributes.id;
        if (id === undefined) throw new ImportError(`${where(value)}: <${value.name}> without an id`);
        return [id, decoded(value, value.attributes.value ?? '')];
      }),
    );

  const header = firstNamed(root, 'Header');
  const preparedElement = firstNamed(header, 'Prepared');
  const prepared =
    preparedElement === undefined
      ? undefined
      : decoded(
          preparedElement,
          preparedElement.texts
            .map((t) => t.text)
            .join('')
            .trim(),
        );
  const atObservation = firstNamed(header, 'Structure')?.attributes.dimensionAtObservation ?? 'TIME_PERIOD';
  if (atObservation === 'AllDimensions')
    throw new ImportError(`${fileName}: a flat message (dimensionAtObservation="AllDimensions"): the hub reads series with their observations by period`);

  const dataSets = childrenNamed(root, 'DataSet');
  if (dataSets.length === 0) throw new ImportError(`${fileName}: the message holds no DataSet`);
  const series: SdmxSeries[] = [];
  let dataSetAttributes: Record<string, string> = {};
  for (const dataSet of dataSets) {
    dataSetAttributes = { ...dataSetAttributes, ...(kind === 'generic' ? idValues(firstNamed(dataSet, 'Attributes')) : conceptsOf(dataSet)) };
    for (const element of childrenNamed(dataSet, 'Series')) {
      const observations = childrenNamed(element, 'Obs').map((obs): SdmxObservation => {
        if (kind === 'generic') {
          const period = firstNamed(obs, 'ObsDimension')?.attributes.value;
          if (period === undefined) throw new ImportError(`${where(obs)}: <${obs.name}> without an ObsDimension value`);
          const value = firstNamed(obs, 'ObsValue')?.attributes.value;
          return {
            period: decoded(obs, period),
            value: value === undefined ? undefined : decoded(obs, value),
            attributes: idValues(firstNamed(obs, 'Attributes')),
            line: lineAt(obs.at),
          };
        }
        const { [atObservation]: period, OBS_VALUE: value, ...attributes } = conceptsOf(obs);
        if (period === undefined) throw new ImportError(`${where(obs)}: <${obs.name}> without ${atObservation}`);
        return { period, value, attributes, line: lineAt(obs.at) };
      });
      const concepts =
        kind === 'generic' ? { ...idValues(firstNamed(element, 'SeriesKey')), ...idValues(firstNamed(element, 'Attributes')) } : conceptsOf(element);
      series.push({ concepts, observations, line: lineAt(element.at) });
    }
  }
  return { kind, prepared, dataSetAttributes, series };
}
