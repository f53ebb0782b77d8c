import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { doubleSources } from '../../helpers/all-publishers-hub.ts';
import { recordedPrepared, recordedSeries } from '../../helpers/sdmx-recording.ts';
import { nsoNsdpSource } from '../../../src/ingest/sources/nso/index.ts';
import { NSO_SDMX_FILES } from '../../../src/ingest/importers/macro/vietnam-sdmx.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { percentChange } from '../../../src/domains/macro/periods.ts';
import { roundTo } from '../../../src/kernel/numbers.ts';

interface Table {
  columns: { period: string }[];
  rows: { country: string; values: (number | null)[]; basis: string; available: boolean }[];
}

/** Each mapped series' recorded figures, read from the recording itself. */
const recorded = (fileName: string, indicator: string) => new Map(recordedSeries('nso', fileName, { INDICATOR: indicator, REF_AREA: 'VN' }));

async function storedSeries(hub: TestHub, series: string): Promise<[string, number | null][]> {
  const rows = await hub.runtime.store.db.selectFrom('macro_observation').select(['period', 'value']).where('series', '=', series).orderBy('period').execute();
  return rows.map((row) => [row.period, row.value === null ? null : Number(row.value)]);
}

async function vietnamRow(hub: TestHub, key: string, name: string, periods: number) {
  const answer = await hub.get(`/openapi/v1/macro/indicators/${name}?periods=${periods}`, key);
  assert.equal(answer.statusCode, 200, answer.body);
  const table = answer.json().data as Table;
  const row = table.rows.find((r) => r.country === 'VN');
  return { months: table.columns.map((c) => c.period), values: row?.values ?? [], basis: row?.basis };
}

test("nso-nsdp syncs the statistics office's SDMX files from the double at their paths; the stored figures are the recordings', known from each file's Prepared time", async (t) => {
  const { double, sourcesFile } = await doubleSources(t, [nsoNsdpSource]);
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  const [outcome] = await sync.run([nsoNsdpSource.id]);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  assert.deepEqual(
    double.requests.map((request) => request.path),
    NSO_SDMX_FILES.map((file) => `/GSO-chung/SDMXFiles/GSO/${file.fileName}`),
  );

  for (const file of NSO_SDMX_FILES) {
    for (const mapping of file.series) {
      const figures = recordedSeries('nso', file.fileName, mapping.key);
      assert.ok(figures.length > 20, `${mapping.series}: the recording holds its history`);
      assert.deepEqual(await storedSeries(hub, mapping.series), figures, `${mapping.series} is ${file.fileName}'s ${mapping.key.INDICATOR} as written`);
      const known = await hub.runtime.store.db.selectFrom('macro_observation').select('knowledge_at').distinct().where('series', '=', mapping.series).execute();
      assert.deepEqual(
        known.map((row) => new Date(row.knowledge_at).toISOString()),
        [new Date(recordedPrepared('nso', file.fileName)).toISOString()],
        `${mapping.series} is known from ${file.fileName}'s Prepared time`,
      );
    }
  }
  assert.deepEqual(await storedSeries(hub, 'vn.cpi'), [], "the all-items CPI index stays the IMF's (imf-cpi): the office's file does not feed it");

  const [again] = await sync.run([nsoNsdpSource.id]);
  assert.equal(again?.status, 'succeeded', JSON.stringify(again));
  assert.equal((await storedSeries(hub, 'vn.exports')).length, recorded('METVNM.xml', 'TXG_FOB_USD').size, 'the same files again write nothing twice');
});

test("the indicator tables' Vietnam rows: core inflation as published, industrial production YoY, the trade balance, and the quarterly unemployment rate at each quarter's last month only", async (t) => {
  const { sourcesFile } = await doubleSources(t, [nsoNsdpSource]);
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  assert.equal((await sync.run([nsoNsdpSource.id]))[0]?.status, 'succeeded');
  await hub.changed('macro');
  const key = await hub.key();
  // The recordings end in October 2024 (the test clock is 2026-06-19): 24 columns reach back to November 2022.
  const months = Array.from({ length: 24 }, (_, i) => `${2022 + Math.floor((10 + i) / 12)}-${String(((10 + i) % 12) + 1).padStart(2, '0')}`);

  const core = recorded('CPIVNM.xml', 'PCPICO_PC_PP_PT');
  const coreRow = await vietnamRow(hub, key, 'core-inflation-rate', 24);
  assert.deepEqual(coreRow.months, months);
  assert.deepEqual(
    coreRow.values,
    months.map((month) => core.get(month)),
  );
  assert.equal(coreRow.basis, 'published YoY');

  const iip = recorded('IIPVNM.xml', 'AIP_ISIC4_IX');
  const year = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`;
  const iipRow = await vietnamRow(hub, key, 'industrial-production-growth', 24);
  assert.deepEqual(iipRow.months, months);
  assert.deepEqual(
    iipRow.values,
    months.map((month) => percentChange(iip.get(month), iip.get(year(month)))),
  );

  const exports = recorded('METVNM.xml', 'TXG_FOB_USD');
  const imports = recorded('METVNM.xml', 'TMG_CIF_USD');
  const tradeRow = await vietnamRow(hub, key, 'trade-balance', 24);
  assert.deepEqual(tradeRow.months, months);
  // The file has no month of January to September 2023: those cells are null.
  const balance = (month: string) => {
    const [x, m] = [exports.get(month), imports.get(month)];
    return x === undefined || m === undefined ? null : roundTo(x - m, 2);
  };
  assert.deepEqual(tradeRow.values, months.map(balance));
  assert.equal(tradeRow.values.filter((value) => value === null).length, 9);

  const unemployment = recorded('LMIVNM.xml', 'LUR_PT');
  const quarterOf = (month: string) => `${month.slice(0, 4)}-Q${Number(month.slice(5, 7)) / 3}`;
  const unemploymentRow = await vietnamRow(hub, key, 'unemployment-rate', 24);
  // The survey's last quarter, 2024-Q3, makes the table's last column September 2024.
  const toSeptember = Array.from({ length: 24 }, (_, i) => `${2022 + Math.floor((9 + i) / 12)}-${String(((9 + i) % 12) + 1).padStart(2, '0')}`);
  assert.deepEqual(unemploymentRow.months, toSeptember);
  assert.deepEqual(
    unemploymentRow.values,
    toSeptember.map((month) => (Number(month.slice(5, 7)) % 3 === 0 ? unemployment.get(quarterOf(month)) : null)),
    'no month is invented between the quarters',
  );
  assert.equal(unemploymentRow.basis, "quarterly, shown at the quarter's last month");

  const gdpRow = await vietnamRow(hub, key, 'gdp-growth-rate', 8);
  assert.ok(
    gdpRow.values.every((value) => value === null),
    'the file states no growth rate, and the published year-to-date rate is not computed from its levels',
  );
});
