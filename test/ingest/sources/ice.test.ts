import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { startPublisherDouble, type Fault } from '../../helpers/publisher-double.ts';
import { collectFromRoutes, publisherSample, routesFetch, payloadRecords } from '../../helpers/routes-fetch.ts';
import { icePcfSource } from '../../../src/ingest/sources/ice/index.ts';
import { parsePcf } from '../../../src/ingest/importers/etf/jpx-pcf.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';

const API = '/openapi/v1';
const SAMPLE = publisherSample('ice', '2080.csv').toString('utf8');

/** The recorded PCF's figures, read here from its lines: the header (cash, units, date) and each holding. */
function sampleFigures() {
  const lines = SAMPLE.trim().split('\n');
  const [, , cash = '', units = '', date = ''] = (lines[1] ?? '').split(',');
  const holdings = lines.slice(4).map((line) => {
    const [code = '', , , , currency = '', shares = '', price = ''] = line.split(',');
    return { code, currency, shares: Number(shares), price: Number(price) };
  });
  // Every holding is in yen: the net assets are the cash plus each holding at its price.
  assert.ok(holdings.every((h) => h.currency === 'JPY'));
  const totalNetAssets = Number(cash) + holdings.reduce((sum, h) => sum + h.shares * h.price, 0);
  return { date: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`, units: Number(units), holdings, totalNetAssets };
}

/** A store with no demo whose sources file points JPX, the ECB and ICE at the double; the PCF source asks for fund 2080. */
async function syncedHub(t: TestContext) {
  const double = await startPublisherDouble({ publishers: ['jpx', 'ecb', 'ice'] });
  t.after(() => double.close());
  const dir = mkdtempSync(join(tmpdir(), 'fdh-ice-pcf-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(
    sourcesFile,
    JSON.stringify({
      publishers: Object.fromEntries(['jpx', 'ecb', 'ice'].map((id) => [id, { baseUrl: double.baseUrl, minRequestIntervalMs: 0 }])),
      sources: { 'ice-jpx-pcf': { params: { codes: ['2080'] } } },
    }),
  );
  const hub = await createTestHub(t, {
    env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '1', FDH_SYNC_RETRY_BASE_MS: '20', FDH_SYNC_REQUEST_TIMEOUT_MS: '500' },
  });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  const key = await hub.key();
  const data = async (path: string) => {
    const answer = await hub.get(`${API}${path}`, key);
    assert.equal(answer.statusCode, 200, `${path}: ${answer.body}`);
    return answer.json().data;
  };
  return { hub, sync, double, data };
}

test("each configured fund's PCF is asked at ICE's path /pcf-download/<code>.csv and handed to the PCF importer as <code>.csv", async () => {
  const { result, requests } = await collectFromRoutes(icePcfSource, { params: { codes: ['2080'] } });
  assert.deepEqual(requests.map((r) => r.url), ['http://publisher.test/pcf-download/2080.csv']);
  assert.notEqual(requests[0]?.conditional, false, 'a conditional GET');
  assert.deepEqual(result.payloads.map((p) => [p.importer.dataset, p.fileName, payloadRecords(p)]), [['jpx-etf-pcf', '2080.csv', parsePcf(SAMPLE)]], 'the file read once into its PCF');
  assert.deepEqual(icePcfSource.defaultParams, { codes: ['1306', '1321', '1348', '2080'] });
});

test('an unchanged PCF (304) gives no payload; codes that are not TSE fund codes are refused', async () => {
  const fake = routesFetch('ice', { notModified: () => true });
  const context = { baseUrl: 'https://inav.ice.com', credentials: {}, cursor: undefined, now: new Date('2026-08-21T00:00:00Z'), fetch: fake.fetch };
  assert.deepEqual(await icePcfSource.collect({ ...context, params: { codes: ['2080'] } }), { payloads: [], cursor: undefined });
  for (const codes of [[], ['20800'], '2080', [2080]]) {
    assert.throws(() => sourceParams(icePcfSource, { codes }), /\/sources\/ice-jpx-pcf\/params\/codes/, JSON.stringify(codes));
  }
});

test('after the ETF list, the FX rates and the PCF sync (no demo), the ETF endpoints show exactly the NAV and holdings of the fetched PCF', async (t) => {
  const { hub, sync, data } = await syncedHub(t);
  const outcomes = await sync.run(['jpx-etf-list', 'ecb-eurofxref-daily', 'ice-jpx-pcf']);
  assert.deepEqual(outcomes.map((o) => [o.sourceId, o.status]), [['ecb-eurofxref-daily', 'succeeded'], ['jpx-etf-list', 'succeeded'], ['ice-jpx-pcf', 'succeeded']]);
  const expected = sampleFigures();

  const navs = await hub.runtime.store.db.selectFrom('etf_nav').selectAll().execute();
  assert.deepEqual(
    navs.map((n) => [n.fund_code, n.date, n.total_net_assets, n.units_outstanding, n.nav]),
    [['2080', expected.date, expected.totalNetAssets, expected.units, expected.totalNetAssets / expected.units]],
  );
  const list = await data('/etf');
  assert.deepEqual(
    list.map((item: Record<string, unknown>) => [item.etfCode, item.aum]),
    [['1306', null], ['1321', null], ['2080', expected.totalNetAssets]],
  );
  const detail = await data('/etf/2080/detail');
  // With no exchange price stored, the detail quotes the NAV per unit.
  assert.deepEqual([detail.totalAssetValue, detail.currentPrice, detail.lastUpdateDate], [expected.totalNetAssets, expected.totalNetAssets / expected.units, expected.date]);
  const holdings = await data('/etf/2080/holdings');
  assert.deepEqual(
    holdings.map((h: Record<string, unknown>) => [h.code, h.sharesAmount]).sort(),
    expected.holdings.map((h) => [h.code, h.shares.toFixed(6)]).sort(),
  );
  // The PCF names no holding's asset class or sector: none is invented.
  const stored = await hub.runtime.store.db.selectFrom('etf_holding').select(['asset_class', 'sector']).execute();
  assert.deepEqual(new Set(stored.map((h) => `${h.asset_class}/${h.sector}`)), new Set(['null/null']));
  const composition = await data('/etf/2080/composition');
  assert.deepEqual(composition.assetAllocation, { total: expected.totalNetAssets, currency: 'JPY', month: expected.date.slice(0, 7) }, 'the split into stocks, bonds and others is unknown');
  assert.deepEqual(composition.sectorAllocation, []);
  assert.equal(composition.portfolio.length, expected.holdings.length);
});

test('through fdh sync: HTML with 200, a cut body or a changed layout fails the ice-jpx-pcf run naming the file, and changes nothing served', async (t) => {
  const { hub, sync, double, data } = await syncedHub(t);
  const [first] = await sync.run(['ice-jpx-pcf']);
  assert.equal(first?.status, 'succeeded', JSON.stringify(first));
  const stored = async () => ({
    navs: await hub.runtime.store.db.selectFrom('etf_nav').select(['fund_code', 'date', 'nav']).execute(),
    holdings: (await hub.runtime.store.db.selectFrom('etf_holding').select('id').execute()).length,
    releases: (await hub.runtime.store.db.selectFrom('release').select('id').execute()).length,
    served: await data('/etf/2080/holdings'),
  });
  const before = await stored();
  assert.equal(before.holdings, sampleFigures().holdings.length);
  // A next day's file whose holdings header was renamed, and one that is another fund's PCF.
  const nextDay = SAMPLE.replace('20260821', '20260824');
  const faults: [Fault, RegExp][] = [
    [{ kind: 'html-200' }, /2080\.csv: line 1: expected the PCF fund header/],
    [{ kind: 'cut' }, /connection was cut after \d+ bytes of \d+/],
    [{ kind: 'body', body: nextDay.replace('Shares Amount', 'Quantity') }, /2080\.csv: line 4: expected the PCF holdings header/],
    [{ kind: 'body', body: nextDay.replace('\n2080,', '\n1306,') }, /2080\.csv: the file is the PCF of fund 1306, not of 2080/],
  ];
  for (const [fault, reason] of faults) {
    double.fail(fault, { times: fault.kind === 'cut' ? 2 : 1 });
    const [outcome] = await sync.run(['ice-jpx-pcf']);
    assert.equal(outcome?.status, 'failed', fault.kind);
    assert.match(outcome?.status === 'failed' ? outcome.error : '', reason, fault.kind);
    assert.deepEqual(await stored(), before, `${fault.kind}: nothing changed`);
  }
});
