import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { operatorFixture } from '../../helpers/operator-files.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { operatorFilesSource } from '../../../src/ingest/sources/operator/index.ts';
import { storedFacts } from '../../../src/facts/names.ts';

/** A hub whose sources file enables operator-files with `params`, and its sync service. */
async function operatorHub(t: TestContext, params: Record<string, string[]>) {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-operator-files-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sourcesFile = join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify({ sources: { 'operator-files': { enabled: true, params } } }));
  const hub = await createTestHub(t, { env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  return { hub, sync };
}

test('operator-files is off until the operator names files, and declares the licensed facts no publisher source fills', () => {
  assert.equal(operatorFilesSource.enabledByDefault, false);
  assert.deepEqual(operatorFilesSource.defaultParams, { geography: [], instruments: [], observations: [], events: [] });
  for (const fact of [
    storedFacts.close('index:UKX'),
    storedFacts.macro('us.pmi.*'),
    storedFacts.cryptoMetric('whale_tx_count'),
    storedFacts.calendarEvents('jp'),
    storedFacts.table('re_road_price'),
  ]) {
    assert.ok(operatorFilesSource.feeds?.includes(fact), fact);
  }
  assert.ok(!operatorFilesSource.feeds?.includes(storedFacts.macro('us.cpi')), "a publisher's fact is reported as the publisher's");
});

test('on the sync schedule, operator-files loads the files it is given in order (places, instruments, figures, events); a file loaded before adds nothing', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-operator-fund-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const fund = join(dir, 'fund-1306.csv');
  writeFileSync(fund, 'fact,key,value\netf.name,1306,NEXT FUNDS TOPIX ETF\netf.manager,1306,Nomura Asset Management\n');
  const { hub, sync } = await operatorHub(t, {
    // Listed out of order on purpose: the land prices need the wards, the trust fee the fund.
    observations: [operatorFixture('examples/hanoi-land-prices.csv'), operatorFixture('examples/ftse-100-closes.csv')],
    instruments: [fund, operatorFixture('examples/fund-1306-trust-fee.csv')],
    geography: [operatorFixture('examples/vietnam-provinces-wards.geojson')],
    events: [operatorFixture('examples/japan-cpi-release.csv')],
  });
  const [first] = await sync.run(['operator-files']);
  assert.equal(first?.status, 'succeeded', JSON.stringify(first));
  const key = await hub.key('pro');
  const data = async (path: string) => (await hub.get(`/openapi/v1${path}`, key)).json().data;
  assert.equal((await data('/etf/1306/info')).trustFee, 0.0638);
  assert.equal((await data('/market/global-indices')).find((index: { code: string }) => index.code === 'UKX')?.level, 8917.12);
  assert.equal((await data('/real-estate/vn/provinces/2/wards')).length, 3);
  const { db } = hub.runtime.store;
  const releases = await db.selectFrom('release').select(['dataset', 'origin', 'source_id']).orderBy('loaded_at').orderBy('id').execute();
  assert.equal(releases.length, 6);
  assert.ok(releases.every((release) => release.origin === 'sync' && release.source_id === 'operator-files'));
  assert.deepEqual([...new Set(releases.map((release) => release.dataset))].sort(), [
    'operator-events',
    'operator-geography',
    'operator-instruments',
    'operator-observations',
  ]);
  const [again] = await sync.run(['operator-files']);
  assert.equal(again?.status, 'succeeded');
  assert.equal((await db.selectFrom('release').select('id').execute()).length, 6, 'the same files are the releases already made');
});

test('a file that is missing or malformed fails the run naming it, and imports nothing', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-operator-bad-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const bad = join(dir, 'closes.csv');
  writeFileSync(bad, 'fact,key,period,value\nindex.close,UKX,2026-06-18,8917.12\nindex.close,FTSE,2026-06-18,8917.12\n');
  const { hub, sync } = await operatorHub(t, {
    observations: [operatorFixture('examples/us-manufacturing-pmi.csv'), bad],
    geography: [],
    instruments: [],
    events: [],
  });
  const [outcome] = await sync.run(['operator-files']);
  assert.equal(outcome?.status, 'failed');
  assert.match(JSON.stringify(outcome), /closes\.csv:3: index\.close has no key \\"FTSE\\"/);
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 0, 'a failed run imports nothing');
  const { sync: missing } = await operatorHub(t, { observations: [join(dir, 'absent.csv')], geography: [], instruments: [], events: [] });
  const [absent] = await missing.run(['operator-files']);
  assert.equal(absent?.status, 'failed');
  assert.match(JSON.stringify(absent), /absent\.csv/);
});
