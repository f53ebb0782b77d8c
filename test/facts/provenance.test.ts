import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestHub, type TestHub } from '../helpers/app.ts';
import { countQueries, queriesOf } from '../helpers/query-counter.ts';
import { syncSetup } from '../ingest/sync/helpers.ts';
import { allPublishersHub } from '../helpers/all-publishers-hub.ts';
import { sources as shippedSources } from '../../src/ingest/sources/index.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { importFile } from '../../src/ingest/source.ts';
import { tiborJbaImporter } from '../../src/ingest/importers/macro/tibor-jba.ts';
import { ecbEurofxrefImporter } from '../../src/ingest/importers/fx/ecb-eurofxref.ts';
import { READING_ENDPOINTS } from '../../src/domains/index.ts';
import { factsRead, Provenance } from '../../src/facts/provenance.ts';
import type { ReadingEndpoint, ValidatedRequest } from '../../src/edge/route-reads.ts';
import { storedFact } from '../../src/facts/names.ts';
import { overlaps } from '../../src/facts/patterns.ts';
import type { FigureSource } from '../../src/edge/envelope.ts';

const TIBOR_FILE = fileURLToPath(new URL('../fixtures/macro/jba-tibor-2026-06.csv', import.meta.url));
const TIBOR_CORRECTED = fileURLToPath(new URL('../fixtures/macro/jba-tibor-2026-06-corrected.csv', import.meta.url));
const TIBOR_FACTS = ['macro:jp.tibor.1m', 'macro:jp.tibor.1w', 'macro:jp.tibor.3m', 'macro:jp.tibor.6m'];

/** The data endpoints with fields of their own: all but `/series/{fact}`, which reads any fact by its name. */
const FIELD_ENDPOINTS = READING_ENDPOINTS.filter(({ reads }) => Object.keys(reads.fields).length > 0);

function endpoint(path: string): ReadingEndpoint {
  const found = READING_ENDPOINTS.find((candidate) => candidate.path === path);
  assert.ok(found, `${path} is a data endpoint`);
  return found;
}

/**
 * A request's path parameters and query as the router and the validator hand them over
 * (defaults left out), of the types the route's declared reads expect.
 */
function requestOf(path: string, url: string): ValidatedRequest<never, never> {
  const [route = '', search = ''] = url.split('?');
  const names = path.split('/');
  const params = Object.fromEntries(route.split('/').flatMap((part, index) => (names[index]?.startsWith(':') ? [[names[index].slice(1), part]] : [])));
  return { params, query: Object.fromEntries(new URLSearchParams(search)) } as ValidatedRequest<never, never>;
}

const read = (path: string, url: string) => factsRead(endpoint(path).reads, requestOf(path, url)).sort();

async function sourcesOf(hub: TestHub, key: string, url: string): Promise<FigureSource[]> {
  const answer = await hub.get(`/openapi/v1${url}`, key);
  assert.equal(answer.statusCode, 200, `${url}: ${answer.body.slice(0, 300)}`);
  const meta = answer.json().meta as { sources: FigureSource[]; timestamp: string };
  assert.deepEqual(Object.keys(meta).slice(-2), ['sources', 'timestamp'], `${url}: sources comes just before the timestamp, which stays last`);
  return meta.sources;
}

/** This process's answer-cache lookups with this result so far (the cache's metric counts each). */
function cacheLookups(hub: TestHub, result: 'hit' | 'miss'): number {
  return hub.runtime.metrics.counter('fdh_answer_cache_lookups_total', { help: '', labelNames: ['result'] }).series(result).count;
}

test('the facts an answer reads: the instruments its request names, the fields its type shows, the country it names', () => {
  assert.deepEqual(read('/fx/table', '/fx/table?pairs=EUR/USD, usd/jpy'), ['instrument_close:fx:EUR/USD', 'instrument_close:fx:USD/JPY']);
  assert.ok(read('/fx/table', '/fx/table').length > 2, 'without pairs, the default pairs');
  assert.deepEqual(read('/fx/correlation', '/fx/correlation?assets=DXY,XAU/USD'), [
    'instrument_close:commodity:gold',
    'instrument_close:index:USDX-ECB-REPLICA',
  ]);
  assert.deepEqual(read('/commodities/:id/history', '/commodities/wti-crude/history'), ['instrument_close:commodity:wti-crude']);
  // Every instrument the service may read for the pair: the stored pair, its inverse, and the legs through the euro and the dollar.
  assert.deepEqual(
    read('/macro/exchange-rate', '/macro/exchange-rate?currency1=usd&currency2=JPY'),
    ['EUR/JPY', 'EUR/USD', 'JPY/EUR', 'JPY/USD', 'USD/EUR', 'USD/JPY'].map((pair) => `instrument_close:fx:${pair}`),
  );
  assert.deepEqual(read('/macro/economic-data', '/macro/economic-data?type=cpi&country=us'), ['macro_observation:us.cpi', 'macro_observation:us.cpi.core']);
  assert.deepEqual(read('/macro/economic-data', '/macro/economic-data?type=pce&country=JP'), [], 'Japan publishes no PCE: nothing is read');
  assert.deepEqual(
    read('/calendar/events', '/calendar/events?country=VN').filter((fact) => fact.startsWith('calendar_event')),
    ['calendar_event:vn', 'calendar_event:vn.forecast'],
  );
  assert.ok(read('/calendar/events', '/calendar/events?country=VN').every((fact) => /:vn(\.|$)/.test(fact)));
  const vietnam = read('/real-estate/:country/geojson', '/real-estate/vn/geojson');
  assert.ok(vietnam.includes('re_ward:vn.boundary') && vietnam.includes('re_road_price'), vietnam.join());
  assert.ok(
    vietnam.every((fact) => !fact.includes(':jp')),
    `no Japanese fact: ${vietnam.join()}`,
  );
  assert.deepEqual(read('/real-estate/:country/provinces', '/real-estate/all/provinces').length, 4, '`all`: every country');
  assert.deepEqual(read('/series/:fact', '/series/index.close:N225'), ['instrument_close:index:N225']);
  assert.deepEqual(read('/series/:fact', '/series/equity.bar:7203'), ['equity_bar'], "a table-grain family's instrument is its table's");
  const fund = read('/etf/:code/info', '/etf/1306/info');
  assert.ok(
    fund.includes('etf_fund:trust_fee') && fund.every((fact) => fact.startsWith('etf_fund:')),
    `a fund's attributes at their family's grain: ${fund.join()}`,
  );
});

test('a store with an fdh import: the answer names its publisher, dataset, release, content hash and knowledge time; asOf before the release names none', async (t) => {
  const hub = await createTestHub(t);
  const key = await hub.key();
  const db = hub.runtime.store.db;
  const url = '/macro/interbank-rates/jp/tibor';
  assert.deepEqual(await sourcesOf(hub, key, url), [], 'an empty store: no source, every figure null');

  const loaded = await importFile(db, tiborJbaImporter, TIBOR_FILE, {
    knowledgeAt: new Date('2026-06-10T09:00:00.000Z'),
    loadedAt: new Date('2026-06-10T09:05:00.000Z'),
  });
  assert.equal(loaded.status, 'loaded');
  const release = await db.selectFrom('release').selectAll().where('id', '=', loaded.releaseId).executeTakeFirstOrThrow();
  const imported: FigureSource = {
    origin: 'import',
    publisher: tiborJbaImporter.source,
    dataset: 'jp-tibor-jba',
    source: null,
    release: loaded.releaseId,
    archive: [],
    contentHash: release.content_hash,
    knowledgeAt: '2026-06-10T09:00:00.000Z',
    facts: TIBOR_FACTS,
  };
  assert.match(imported.contentHash, /^[0-9a-f]{64}$/);
  assert.deepEqual(await sourcesOf(hub, key, url), [imported]);
  assert.deepEqual(await sourcesOf(hub, key, `${url}?asOf=2026-06-10`), [imported], 'known on its knowledge day');
  assert.deepEqual(await sourcesOf(hub, key, `${url}?asOf=2026-06-09`), [], 'asOf before its knowledge day: the release is not named');

  const corrected = await importFile(db, tiborJbaImporter, TIBOR_CORRECTED, {
    knowledgeAt: new Date('2026-06-15T09:00:00.000Z'),
    loadedAt: new Date('2026-06-15T09:00:00.000Z'),
  });
  assert.equal(corrected.status, 'loaded');
  const [latest] = await sourcesOf(hub, key, url);
  assert.deepEqual([latest?.release, latest?.knowledgeAt], [corrected.releaseId, '2026-06-15T09:00:00.000Z'], 'the newest release holding each fact');
  assert.deepEqual(
    (await sourcesOf(hub, key, `${url}?asOf=2026-06-12`)).map((source) => source.release),
    [loaded.releaseId],
    'asOf between them: the first',
  );
});

test('a synced store: the answer names the sync source and its archived payloads, which are in the archive', async (t) => {
  const { hub, sync } = await syncSetup(t);
  const key = await hub.key();
  const [outcome] = await sync.run(['ecb-test-rates']);
  assert.equal(outcome?.status, 'succeeded', JSON.stringify(outcome));
  const [source, ...others] = await sourcesOf(hub, key, '/fx/table?pairs=EUR/USD,USD/JPY');
  assert.deepEqual(others, []);
  assert.equal(source?.origin, 'sync');
  assert.equal(source?.source, 'ecb-test-rates');
  assert.equal(source?.publisher, ecbEurofxrefImporter.source);
  assert.equal(source?.dataset, ecbEurofxrefImporter.dataset);
  assert.deepEqual(source?.facts, ['fx.close:EUR/USD', 'fx.close:USD/JPY']);
  assert.ok((source?.archive.length ?? 0) > 0, 'a sync release names its payloads');
  for (const hash of source?.archive ?? []) {
    assert.match(hash, /^[0-9a-f]{64}$/);
    assert.ok(existsSync(join(hub.dataDir, 'archive', hash)), `archive/${hash} is there`);
  }
});

test('a store synced from every shipped source: each answer names only sync releases of shipped sources, whose payloads are in the archive', async (t) => {
  const { hub } = await allPublishersHub(t);
  const key = await hub.key();
  const sourceIds = new Set(shippedSources.map((source) => source.id));
  const named = new Set<string>();
  let answersNamingSources = 0;
  for (const { reads: data } of FIELD_ENDPOINTS) {
    const answer = await hub.get(`/openapi/v1${data.example}`, key);
    // An example the samples cannot answer (an issue or a ward they lack) is a 404 with no meta.sources.
    if (answer.statusCode !== 200) continue;
    const sources = answer.json().meta.sources as FigureSource[];
    if (sources.length > 0) answersNamingSources++;
    for (const source of sources) {
      assert.equal(source.origin, 'sync', data.example);
      assert.ok(source.source !== null && sourceIds.has(source.source), `${data.example}: ${source.source} is a shipped source`);
      assert.ok(source.archive.length > 0, `${data.example}: ${source.release} names its payloads`);
      for (const hash of source.archive) assert.ok(existsSync(join(hub.dataDir, 'archive', hash)), `${data.example}: archive/${hash}`);
      named.add(source.source);
    }
  }
  t.diagnostic(`${answersNamingSources} of ${FIELD_ENDPOINTS.length} answers name their sources; ${named.size} sources named`);
  assert.ok(answersNamingSources >= 50, `${answersNamingSources} of ${FIELD_ENDPOINTS.length} answers name their sources`);
  assert.ok(named.size >= 25, `${named.size} sources named: ${[...named].join(', ')}`);
});

test('the demo store: every data endpoint names its sources, each one the demo, each fact one the answer reads', async (t) => {
  const hub = await createTestHub(t, { seed: demoGenerators });
  const key = await hub.key();
  // The small demo lists 200 issues, not the examples' 8697: its first stands in.
  const [issue] = (await hub.get('/openapi/v1/market/jp/equities?limit=1', key)).json().data as { code: string }[];
  assert.ok(issue);
  for (const { path, reads: data } of FIELD_ENDPOINTS) {
    for (const example of new Set([data.example, ...Object.values(data.fieldExamples ?? {})])) {
      // The demo's Tokyo wards are numbered from 11301, not by their municipality codes; its funds are its own, not the recorded archives' (2080, 2081).
      const url: string = example
        .replace('/equities/8697', `/equities/${issue.code}`)
        .replace('/wards/1013102/', '/wards/11301/')
        .replace(/\/etf\/208[01]\//, '/etf/1306/')
        .replace('codes=2080,2081', 'codes=1306,1321')
        .replace('code1=2080&code2=2081', 'code1=1305&code2=1306');
      const sources = await sourcesOf(hub, key, url);
      assert.ok(sources.length > 0, `${url}: the demo fed its figures`);
      const readFacts = factsRead(data, requestOf(path, url));
      for (const source of sources) {
        assert.deepEqual([source.origin, source.publisher, source.source, source.archive], ['demo', 'demo', null, []], url);
        assert.ok(source.facts.length > 0, url);
        for (const name of source.facts) {
          const stored = storedFact(name);
          assert.ok(stored !== undefined && readFacts.some((fact) => overlaps(fact, stored)), `${url}: ${name} is a fact it reads`);
        }
      }
    }
  }
});

test('the lookup is one query per prepared answer, on either store, and none for an answer sent again from the cache', async (t) => {
  const hub = await createTestHub(t, { seed: demoGenerators });
  const key = await hub.key();
  const counted = countQueries(hub.runtime.store.db);
  const provenance = new Provenance(counted.db);
  for (const url of ['/macro/indicators', '/commodities', '/fx/table?pairs=EUR/USD', '/market/jp/equities/8697']) {
    const data = READING_ENDPOINTS.find((candidate) => new RegExp(`^${candidate.path.replace(/:\w+/g, '[^/?]+')}(\\?|$)`).test(url));
    assert.ok(data, url);
    const lookup = provenance.of(data.reads);
    let found: FigureSource[] = [];
    assert.equal(await queriesOf(counted, async () => (found = await lookup(requestOf(data.path, url)))), 1, `${url}: one query`);
    assert.ok(found.length > 0, url);
  }
  const usage = await hub.get('/openapi/v1/usage', key);
  assert.equal(usage.statusCode, 200, usage.body.slice(0, 300));
  assert.equal('sources' in usage.json().meta, false, '/usage serves no stored fact: it declares no reads, and its answers name no sources');

  // With the data versions, answers without asOf share one read of every fact's newest release per version.
  const shared = new Provenance(counted.db, hub.runtime.versions);
  const lookups = ['/macro/indicators', '/commodities', '/fx/table'].map((path) => ({ path, lookup: shared.of(endpoint(path).reads) }));
  const sent = await queriesOf(counted, async () => {
    for (const { path, lookup } of lookups) assert.ok((await lookup(requestOf(path, path))).length > 0, path);
  });
  assert.equal(sent, 1, 'one read for three answers of one data version');
  const direct = await new Provenance(counted.db).of(endpoint('/commodities').reads)(requestOf('/commodities', '/commodities'));
  assert.deepEqual(await lookups[1]?.lookup?.(requestOf('/commodities', '/commodities')), direct, 'the shared read names what a lookup of its own would');
  await hub.changed('instruments');
  assert.equal(
    await queriesOf(counted, async () => void (await lookups[1]?.lookup?.(requestOf('/commodities', '/commodities')))),
    1,
    'a new data version is read again',
  );
  const asOf = await queriesOf(counted, async () => void (await lookups[1]?.lookup?.(requestOf('/commodities', '/commodities?asOf=2026-01-05'))));
  assert.equal(asOf, 1, 'an answer as of a day asks for its own cut-off');

  // A kept answer is sent without being prepared again, so without a lookup; the store may still be
  // read for the data versions (the polling watcher reads them when its copy is 250 ms old).
  const first = await hub.get('/openapi/v1/macro/indicators', key);
  const misses = cacheLookups(hub, 'miss');
  const hits = cacheLookups(hub, 'hit');
  const again = await hub.get('/openapi/v1/macro/indicators', key);
  assert.deepEqual(
    [cacheLookups(hub, 'miss'), cacheLookups(hub, 'hit')],
    [misses, hits + 1],
    'the answer again is a kept one: nothing is prepared, nothing looked up',
  );
  assert.equal(again.headers.etag, first.headers.etag);
  assert.deepEqual(again.json().meta.sources, first.json().meta.sources);
});
