import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble, type Fault } from '../../helpers/publisher-double.ts';
import { collectFromRoutes, publisherSample, routesFetch, payloadRecords } from '../../helpers/routes-fetch.ts';
import { buildZip, deflated } from '../hostile/payloads.ts';
import { icePcfSource } from '../../../src/ingest/sources/ice/index.ts';
import { parsePcf, type PcfFile } from '../../../src/ingest/importers/etf/jpx-pcf.ts';
import { readZipEntry, zipDirectory } from '../../../src/ingest/sources/zip-entry.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';
import { roundTo } from '../../../src/kernel/numbers.ts';

const API = '/openapi/v1';
const ARCHIVES = ['all_pcf_20260810.zip', 'all_pcf_20260812.zip', 'all_pcf_20260821.zip'];

/** Each recorded archive's members as text, by member name. */
function members(archive: string): Map<string, string> {
  const zip = publisherSample('ice', archive);
  return new Map(zipDirectory(zip).map((entry) => [entry.name, readZipEntry(zip, entry).toString('utf8')]));
}

/** The recorded PCFs, parsed, and each one's net assets (every holding is in yen: the cash plus each holding at its price). */
function recordedPcfs(): { archive: string; member: string; pcf: PcfFile; totalNetAssets: number }[] {
  return ARCHIVES.flatMap((archive) =>
    [...members(archive)].map(([member, text]) => {
      const pcf = parsePcf(text);
      assert.ok(pcf.holdings.every((h) => h.currency === 'JPY'));
      return { archive, member, pcf, totalNetAssets: pcf.cash + pcf.holdings.reduce((sum, h) => sum + h.shares * h.price, 0) };
    }),
  );
}

test("ICE's list of archives is read, then each archive; every member is one fund's PCF, named <archive>/<member>, and the cursor is the newest day", async () => {
  const { result, requests } = await collectFromRoutes(icePcfSource, { params: icePcfSource.defaultParams });
  assert.deepEqual(
    requests.map((r) => r.url),
    ['http://publisher.test/pcf-download/listOfZips', ...ARCHIVES.map((name) => `http://publisher.test/pcf-download/all/${name}`)],
  );
  const expected = recordedPcfs();
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName, payloadRecords(p)]),
    expected.map((e) => ['jpx-etf-pcf', `${e.archive}/${e.member}`, e.pcf]),
  );
  assert.deepEqual(new Set(expected.map((e) => e.pcf.fundCode)), new Set(['2080', '2081']));
  assert.deepEqual(result.cursor, { through: '2026-08-21' });
  assert.deepEqual(icePcfSource.defaultParams, { initialArchives: 5 });
});

test('a later run takes only the archives dated after its cursor; a first run the newest initialArchives; the params are checked', async () => {
  const fake = routesFetch('ice');
  const context = { baseUrl: 'https://inav.ice.com', credentials: {}, now: new Date('2026-08-13T00:00:00Z'), fetch: fake.fetch };
  const after10 = await icePcfSource.collect({ ...context, cursor: { through: '2026-08-10' }, params: { initialArchives: 5 } });
  assert.deepEqual([...new Set(after10.payloads.map((p) => p.fileName.split('/')[0]))], ['all_pcf_20260812.zip', 'all_pcf_20260821.zip']);
  const upToDate = await icePcfSource.collect({ ...context, cursor: { through: '2026-08-21' }, params: { initialArchives: 5 } });
  assert.deepEqual(upToDate, { payloads: [], cursor: { through: '2026-08-21' } });
  const newestOnly = await icePcfSource.collect({ ...context, cursor: undefined, params: { initialArchives: 1 } });
  assert.deepEqual([...new Set(newestOnly.payloads.map((p) => p.fileName.split('/')[0]))], ['all_pcf_20260821.zip']);
  for (const initialArchives of [0, 31, 1.5, '5']) {
    assert.throws(() => sourceParams(icePcfSource, { initialArchives }), /\/sources\/ice-jpx-pcf\/params\/initialArchives/, JSON.stringify(initialArchives));
  }
  assert.throws(() => sourceParams(icePcfSource, { codes: ['2080'] }), /\/sources\/ice-jpx-pcf\/params/);
});

/** A store with no demo whose sources file points JPX, the ECB, J-Quants and ICE at the double. */
async function syncedHub(t: TestContext) {
  const publishers = ['jpx', 'ecb', 'ice', 'jquants'];
  const double = await startPublisherDouble({ publishers });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-ice-pcf-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify({ publishers: Object.fromEntries(publishers.map((id) => [id, { baseUrl: double.baseUrl, minRequestIntervalMs: 0 }])) }),
  );
  const hub = await createTestHub(t, {
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '20', FDH_SYNC_REQUEST_TIMEOUT_MS: '500' },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: { JQUANTS_API_KEY: 'jquants-test-key' } });
  t.after(() => sync.close());
  const key = await hub.key();
  const data = async (path: string) => {
    const answer = await hub.get(`${API}${path}`, key);
    assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
    return answer.json().data;
  };
  return { hub, sync, double, data };
}

test('after the ETF list, the FX rates, the issue list and the archives sync (no demo), the ETF endpoints show the NAVs and holdings of every day, with the issue list’s sectors', async (t) => {
  const { hub, sync, data } = await syncedHub(t);
  const outcomes = await sync.run(['jpx-etf-list', 'ecb-eurofxref-daily', 'jquants-equities-master', 'ice-jpx-pcf']);
  assert.ok(
    outcomes.every((o) => o.status === 'succeeded'),
    JSON.stringify(outcomes),
  );
  const expected = recordedPcfs();

  const navs = await hub.runtime.store.db.selectFrom('etf_nav').selectAll().orderBy('fund_code').orderBy('date').execute();
  assert.deepEqual(
    navs.map((n) => [n.fund_code, n.date, n.total_net_assets, n.units_outstanding, n.nav]),
    expected
      .map((e) => [e.pcf.fundCode, e.pcf.fundDate, e.totalNetAssets, e.pcf.unitsOutstanding, e.totalNetAssets / e.pcf.unitsOutstanding])
      .sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
  );
  const latest = (code: string) => expected.filter((e) => e.pcf.fundCode === code).at(-1)!;
  const list = await data('/etf');
  assert.deepEqual(
    list.map((item: Record<string, unknown>) => [item.etfCode, item.aum]),
    [
      ['1306', null],
      ['1321', null],
      ['2080', latest('2080').totalNetAssets],
      ['2081', latest('2081').totalNetAssets],
    ],
  );
  const holdings = await data('/etf/2081/holdings');
  assert.deepEqual(
    holdings.map((h: Record<string, unknown>) => [h.code, h.sharesAmount, h.fundDate]).sort(),
    latest('2081')
      .pcf.holdings.map((h) => [h.code, h.shares.toFixed(6), latest('2081').pcf.fundDate])
      .sort(),
  );
  // Stored as the PCF gives them: no sector or class is written into the holdings.
  const stored = await hub.runtime.store.db.selectFrom('etf_holding').select(['asset_class', 'sector']).execute();
  assert.deepEqual(new Set(stored.map((h) => `${h.asset_class}/${h.sector}`)), new Set(['null/null']));
  // Read with the issue list's sector: 7203 is in the J-Quants sample (Transportation Equipment), the others are not.
  const composition = await data('/etf/2081/composition');
  const toyota = latest('2081').pcf.holdings.find((h) => h.code === '7203')!;
  assert.deepEqual(
    composition.sectorAllocation.map((s: Record<string, unknown>) => [s.sectorName, s.value]),
    [['Transportation Equipment', toyota.shares * toyota.price]],
  );
  assert.deepEqual(
    composition.assetAllocation,
    { total: latest('2081').totalNetAssets, currency: 'JPY', month: '2026-08' },
    'holdings of unknown class: only the total',
  );
  const detail = await data('/etf/2081/detail');
  assert.deepEqual(
    new Set(detail.sectorWeight.map((s: Record<string, unknown>) => s.sector)),
    new Set(['Transportation Equipment', null]),
    'holdings the issue list does not name group under null',
  );
  // 2026-08-10 to 21 give no month's change.
  assert.deepEqual(await data('/etf/top-performance'), []);
  // 2080's units grew from 08-12 to 08-21 (creations), valued at the 21st's NAV; 2081's did not change: no flow.
  const [before2080, latest2080] = expected.filter((e) => e.pcf.fundCode === '2080').slice(-2);
  assert.ok(before2080 !== undefined && latest2080 !== undefined);
  const inflow = (latest2080.pcf.unitsOutstanding - before2080.pcf.unitsOutstanding) * (latest2080.totalNetAssets / latest2080.pcf.unitsOutstanding);
  assert.ok(inflow > 0);
  assert.deepEqual(
    (await data('/etf/top-netflow')).map((f: Record<string, unknown>) => [f.etfCode, f.netflow, f.netflowAumPercentage]),
    [['2080', roundTo(inflow, 0), roundTo((inflow / latest2080.totalNetAssets) * 100, 2)]],
  );
  assert.deepEqual(await data('/etf/top-netflow?type=negative'), []);
  const growth = await data('/etf/compare/nav-growth?code1=2080&code2=2081');
  assert.equal(growth.etf1.etfCode, '2080');
});

test('through fdh sync: HTML with 200, a cut archive or a member of another layout fails the ice-jpx-pcf run naming the file, and changes nothing served', async (t) => {
  const { hub, sync, double, data } = await syncedHub(t);
  // ICE lists only the first day at first: that day is imported, then the next day is listed.
  double.setBody('/pcf-download/listOfZips', JSON.stringify([ARCHIVES[0]]));
  const [first] = await sync.run(['ice-jpx-pcf']);
  assert.equal(first?.status, 'succeeded', JSON.stringify(first));
  double.setBody('/pcf-download/listOfZips', JSON.stringify(ARCHIVES));
  const stored = async () => ({
    navs: await hub.runtime.store.db.selectFrom('etf_nav').select(['fund_code', 'date', 'nav']).execute(),
    holdings: (await hub.runtime.store.db.selectFrom('etf_holding').select('id').execute()).length,
    releases: (await hub.runtime.store.db.selectFrom('release').select('id').execute()).length,
    served: await data('/etf/2080/holdings'),
  });
  const before = await stored();
  assert.deepEqual(new Set(before.navs.map((n) => n.date)), new Set(['2026-08-10']));
  const archivePath = `/pcf-download/all/${ARCHIVES[1]}`;
  const recorded = publisherSample('ice', ARCHIVES[1]!);
  const pcf = members(ARCHIVES[1]!).get('2080tsepcf_Aug122026.csv')!;
  const archiveOf = (text: string) => buildZip([deflated('2080tsepcf_Aug122026.csv', text)]);
  const faults: [string, Fault | Buffer, RegExp][] = [
    ['/pcf-download/listOfZips', { kind: 'html-200' }, /listOfZips: not JSON/],
    [archivePath, { kind: 'cut' }, /connection was cut after \d+ bytes of \d+/],
    [archivePath, Buffer.from('<html>maintenance</html>'), /all_pcf_20260812\.zip: not a zip archive/],
    [archivePath, archiveOf(pcf.replace('Shares Amount', 'Quantity')), /2080tsepcf_Aug122026\.csv: line 4: expected the PCF holdings header/],
    [archivePath, archiveOf(pcf.replace('\n2080,', '\n1306,')), /2080tsepcf_Aug122026\.csv: the file is the PCF of fund 1306, not of 2080/],
  ];
  for (const [path, fault, reason] of faults) {
    if (Buffer.isBuffer(fault)) double.setBody(path, fault);
    else double.fail(fault, { times: fault.kind === 'cut' ? 2 : 1, path });
    const [outcome] = await sync.run(['ice-jpx-pcf']);
    double.setBody(archivePath, recorded);
    assert.equal(outcome?.status, 'failed', reason.source);
    assert.match(outcome?.status === 'failed' ? outcome.error : '', reason, reason.source);
    assert.deepEqual(await stored(), before, `${reason.source}: nothing changed`);
  }
  const [last] = await sync.run(['ice-jpx-pcf']);
  assert.equal(last?.status, 'succeeded', 'the next day, served whole, is imported');
  assert.deepEqual(new Set((await stored()).navs.map((n) => n.date)), new Set(['2026-08-10', '2026-08-12', '2026-08-21']));
});
