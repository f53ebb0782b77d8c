import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test, type TestContext } from 'node:test';
import { readSdmxMessage } from '../../src/ingest/sdmx-ml.ts';
import { parseSdmxObservations, type SdmxFile } from '../../src/ingest/importers/macro/sdmx-observations.ts';
import { NSO_SDMX_FILES } from '../../src/ingest/importers/macro/vietnam-sdmx.ts';
import { ImportError } from '../../src/ingest/source.ts';
import { publisherSample } from '../helpers/routes-fetch.ts';
import { recordedSeries } from '../helpers/sdmx-recording.ts';

/** The SDMX TWG's GenericTimeSeriesData sample (test/fixtures/macro/sdmx-ml/README.md). */
const GENERIC = readFileSync(new URL('../fixtures/macro/sdmx-ml/ecb_exr_ng_ts.xml', import.meta.url), 'utf8');
const CPI = publisherSample('nso', 'CPIVNM.xml').toString('utf8');
const cpiFile = NSO_SDMX_FILES.find((file) => file.fileName === 'CPIVNM.xml') as SdmxFile;

const refused = (run: () => unknown, message: RegExp) => assert.throws(run, (error: unknown) => error instanceof ImportError && message.test(error.message));

function withEnv(t: TestContext, name: string, value: string) {
  const previous = process.env[name];
  process.env[name] = value;
  t.after(() => {
    if (previous === undefined) delete process.env[name];
    else process.env[name] = previous;
  });
}

test("a structure-specific message (the statistics office's CPIVNM.xml): its Prepared time, each series' key and attributes, its observations by TIME_PERIOD", () => {
  const message = readSdmxMessage(CPI, 'CPIVNM.xml');
  assert.equal(message.kind, 'structure-specific');
  assert.equal(message.prepared, '2024-11-13T06:49:09Z');
  assert.deepEqual(message.dataSetAttributes, { COMMENT: 'Published' }, "the data set's own attribute; xsi:type and ss:* are the format's");
  assert.equal(message.series.length, 33);
  const core = message.series.find((series) => series.concepts.INDICATOR === 'PCPICO_PC_PP_PT');
  assert.deepEqual(core?.concepts, {
    DATA_DOMAIN: 'CPI',
    REF_AREA: 'VN',
    INDICATOR: 'PCPICO_PC_PP_PT',
    COUNTERPART_AREA: '_Z',
    FREQ: 'M',
    BASE_PER: '_Z',
    UNIT_MULT: '0',
  });
  assert.deepEqual(
    core?.observations.map((obs) => [obs.period, Number(obs.value)]),
    recordedSeries('nso', 'CPIVNM.xml', { INDICATOR: 'PCPICO_PC_PP_PT' }),
  );
  assert.deepEqual(core?.observations[0]?.attributes, {});
});

test('a generic message (the SDMX TWG sample): key and attributes by id, observations by ObsDimension and ObsValue, their attributes; any prefix', () => {
  const message = readSdmxMessage(GENERIC, 'ecb_exr_ng_ts.xml');
  assert.equal(message.kind, 'generic');
  assert.equal(message.prepared, '2010-01-04T16:21:49+01:00');
  assert.deepEqual(
    message.series.map((series) => series.concepts.CURRENCY),
    ['CHF', 'GBP', 'JPY', 'USD'],
  );
  const usd = message.series[3];
  assert.deepEqual(usd?.concepts, {
    FREQ: 'M',
    CURRENCY: 'USD',
    CURRENCY_DENOM: 'EUR',
    EXR_TYPE: 'SP00',
    EXR_VAR: 'E',
    DECIMALS: '4',
    UNIT_MEASURE: 'USD',
    UNIT_MULT: '0',
    COLL_METHOD: 'Average of observations through period',
    TITLE: 'ECB reference exchange rate, U.S. dollar/Euro',
  });
  assert.deepEqual(
    usd?.observations.map((obs) => [obs.period, obs.value, obs.attributes]),
    [
      ['2010-08', '1.2894', { OBS_STATUS: 'A', CONF_STATUS_OBS: 'F' }],
      ['2010-09', '1.3067', { OBS_STATUS: 'A', CONF_STATUS_OBS: 'F' }],
      ['2010-10', '1.3898', { OBS_STATUS: 'A', CONF_STATUS_OBS: 'F' }],
    ],
  );
  const renamed = readSdmxMessage(GENERIC.replaceAll('generic:', 'g:').replaceAll('message:', 'mes:'), 'renamed.xml');
  assert.deepEqual(renamed.series, message.series, 'namespace prefixes are not assumed');
  const escaped = GENERIC.replace('U.S. dollar/Euro', 'U.S. dollar &amp; &#x20AC;');
  assert.equal(readSdmxMessage(escaped, 'escaped.xml').series[3]?.concepts.TITLE, 'ECB reference exchange rate, U.S. dollar & €');
});

test('hostile or broken input is refused naming the file and the line: HTML, a cut file, a flat message, a bad character reference, too many elements, too long a value', (t) => {
  refused(
    () => readSdmxMessage('<!DOCTYPE html><html><body>Maintenance</body></html>', 'CPIVNM.xml'),
    /^CPIVNM\.xml: line 1: not an SDMX-ML 2\.1 data message \(<html>\)/,
  );
  refused(() => readSdmxMessage('', 'CPIVNM.xml'), /not an SDMX-ML 2\.1 data message \(no element\)/);
  refused(() => readSdmxMessage(CPI.slice(0, 50_000), 'CPIVNM.xml'), /^CPIVNM\.xml: line 1: the file ends before <\/message:StructureSpecificData>: cut short/);
  refused(
    () => readSdmxMessage(GENERIC.replace('dimensionAtObservation="TIME_PERIOD"', 'dimensionAtObservation="AllDimensions"'), 'flat.xml'),
    /^flat\.xml: a flat message/,
  );
  refused(() => readSdmxMessage(GENERIC.replace('U.S. dollar/Euro', 'dollar &#0;'), 'bad.xml'), /^bad\.xml: line 148: invalid character reference &#0;/);
  refused(
    () => readSdmxMessage(GENERIC.replace('<generic:ObsDimension value="2010-09"/>', ''), 'bad.xml'),
    /^bad\.xml: line \d+: <generic:Obs> without an ObsDimension value/,
  );
  const million = `<message:StructureSpecificData><message:DataSet><Series A="1">${'<Obs TIME_PERIOD="2020-01" OBS_VALUE="1"/>'.repeat(60)}</Series></message:DataSet></message:StructureSpecificData>`;
  withEnv(t, 'FDH_SYNC_MAX_LINE_KB', '1');
  refused(
    () => readSdmxMessage(GENERIC.replace('U.S. dollar/Euro', 'x'.repeat(2000)), 'long.xml'),
    /^long\.xml: line 148: <generic:Value> has a value of more than 1,024 characters \(FDH_SYNC_MAX_LINE_KB\)/,
  );
  withEnv(t, 'FDH_SYNC_MAX_ROWS', '50');
  refused(() => readSdmxMessage(million, 'many.xml'), /^many\.xml: more than 50 XML elements \(FDH_SYNC_MAX_ROWS\)/);
});

test("a mapping: only the mapped series are read (the file's others left), each at its period; a changed UNIT_MULT, a missing or doubled series, a bad period or value is refused", () => {
  const { rows, prepared } = parseSdmxObservations(CPI, cpiFile);
  assert.equal(prepared, '2024-11-13T06:49:09.000Z');
  assert.ok(rows.every((row) => row.series === 'vn.cpi.core-yoy'));
  assert.deepEqual(
    rows.map((row) => [row.period, row.value]),
    recordedSeries('nso', 'CPIVNM.xml', { INDICATOR: 'PCPICO_PC_PP_PT' }),
  );
  const core = '<Series DATA_DOMAIN="CPI" REF_AREA="VN" INDICATOR="PCPICO_PC_PP_PT" COUNTERPART_AREA="_Z" FREQ="M" BASE_PER="_Z" UNIT_MULT="0">';
  assert.ok(CPI.includes(core));
  refused(
    () => parseSdmxObservations(CPI.replace(core, core.replace('UNIT_MULT="0"', 'UNIT_MULT="3"')), cpiFile),
    /^CPIVNM\.xml: line 1: series REF_AREA=VN, INDICATOR=PCPICO_PC_PP_PT, FREQ=M states UNIT_MULT "3" where "0" is expected: its figures would be stored in another unit than vn\.cpi\.core-yoy's/,
  );
  refused(() => parseSdmxObservations(CPI.replace(core, core.replace(' UNIT_MULT="0"', '')), cpiFile), /states UNIT_MULT none where "0" is expected/);
  refused(
    () => parseSdmxObservations(CPI.replace(core, core.replace('PCPICO_PC_PP_PT', 'PCPICO_PC_CP_A_PT')), cpiFile),
    /^CPIVNM\.xml: no series with REF_AREA=VN, INDICATOR=PCPICO_PC_PP_PT, FREQ=M where the hub reads vn\.cpi\.core-yoy from one: a changed file\?/,
  );
  refused(() => parseSdmxObservations(CPI.replace('</message:DataSet>', `${core}</Series></message:DataSet>`), cpiFile), /^CPIVNM\.xml: 2 series with/);
  const last = 'TIME_PERIOD="2024-10" OBS_VALUE="2.68"';
  assert.ok(CPI.includes(last));
  refused(
    () => parseSdmxObservations(CPI.replace(last, 'TIME_PERIOD="2024-Q4" OBS_VALUE="2.68"'), cpiFile),
    /vn\.cpi\.core-yoy TIME_PERIOD "2024-Q4" is not a month \(YYYY-MM\)/,
  );
  refused(
    () => parseSdmxObservations(CPI.replace(last, 'TIME_PERIOD="2024-09" OBS_VALUE="2.68"'), cpiFile),
    /vn\.cpi\.core-yoy has a second observation of 2024-09/,
  );
  refused(
    () => parseSdmxObservations(CPI.replace(last, 'TIME_PERIOD="2024-10" OBS_VALUE="2,68"'), cpiFile),
    /^CPIVNM\.xml: line 1: macro:vn\.cpi\.core-yoy "2,68" is not a decimal number/,
  );
  assert.equal(
    parseSdmxObservations(CPI.replace(last, 'TIME_PERIOD="2024-10" OBS_VALUE="NaN"'), cpiFile).rows.at(-1)?.value,
    null,
    "SDMX's missing value is null, never 0",
  );
});
