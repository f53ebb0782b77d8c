import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { answersOf, collectLying, quotedText, refusedFor } from './lying-publisher.ts';
import { fredCommoditiesSource, fredIndicesSource } from '../../../src/ingest/sources/fred/index.ts';
import { fredMacroSource } from '../../../src/ingest/sources/fred/macro.ts';
import { fredObservationsImporter } from '../../../src/ingest/importers/indices/fred-observations.ts';
import { fredVintagesImporter, vintageKnowledgeAt } from '../../../src/ingest/importers/macro/fred-vintages.ts';

/**
 * Plausible lies in FRED's answers: one value or one observation changed in a recorded answer.
 * Each is refused naming the file and the observation, through the source (`fdh sync`) and
 * through the importer of a saved answer (`fdh import`), and every answer of the series served
 * stays byte for byte what it was.
 */

const KEY = { FRED_API_KEY: 'abcdefghijklmnopqrstuvwxyz123456' };

interface Observation {
  realtime_start: string;
  realtime_end: string;
  date: string;
  value: string;
}

/** The recorded answer `file` with `change` made to its observations, its count kept true. */
function changed(file: string, change: (observations: Observation[]) => void): string {
  const answer = JSON.parse(publisherSample('fred', file).toString('utf8')) as { count: number; observations: Observation[] };
  change(answer.observations);
  answer.count = answer.observations.length;
  return JSON.stringify(answer);
}

const releaseCount = async (hub: TestHub) => (await hub.runtime.store.db.selectFrom('release').select('id').execute()).length;

/** Values FRED never wrote for an index level; each replaces SP500's close of 2026-06-16, observation 2. */
const INDEX_VALUE_LIES = [
  { value: '1e308', problem: 'is not a decimal number' },
  { value: '5e-324', problem: 'is not a decimal number' },
  { value: '0x10', problem: 'is not a decimal number' },
  { value: ' 5447.87 ', problem: 'is not a decimal number' },
  { value: '-5447.87', problem: 'is outside what a index\\.close figure can be' },
  { value: '5447870000', problem: 'is outside what a index\\.close figure can be' },
];

const INDEX_PATHS = ['/market/global-indices', '/series/index.close:SPX', '/series/index.close:SPX?format=csv'];

test('FRED index closes: a value lie or a row dated 2099 or 1799 is refused naming the observation, through the source and fdh import; the index answers stay byte for byte', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(fredIndicesSource, { credentials: KEY });
  await importPayloads(hub, result.payloads);
  const key = await hub.key();
  const before = await answersOf(hub, key, INDEX_PATHS);
  const releases = await releaseCount(hub);
  const only = { credentials: KEY, params: { series: ['SP500'] } };

  for (const { value, problem } of INDEX_VALUE_LIES) {
    const body = changed('sp500.json', (observations) => {
      observations[1] = { ...(observations[1] as Observation), value };
    });
    const reason = new RegExp(`^SP500\\.json: observation 2: index\\.close:SPX ${quotedText(value)} ${problem}`);
    await assert.rejects(collectLying(fredIndicesSource, { 'sp500.json': body }, only), refusedFor(reason), value);
    await assert.rejects(
      importPayloads(hub, [{ importer: fredObservationsImporter, fileName: 'SP500.json', content: Buffer.from(body), archiveHashes: [] }]),
      refusedFor(reason),
      value,
    );
  }
  const dateLies = [
    { date: '2099-12-31', reason: /^SP500\.json: observation 6: 2099-12-31 is after what the hub knows \(2026-06-19\)/ },
    { date: '1799-12-31', reason: /^SP500\.json: observation 6: 1799-12-31 is before a index\.close:SPX figure can exist \(1800-01-01\)/ },
  ];
  for (const { date, reason } of dateLies) {
    const body = changed('sp500.json', (observations) => {
      observations.push({ realtime_start: '2026-06-19', realtime_end: '2026-06-19', date, value: '5473.23' });
    });
    const lying = await collectLying(fredIndicesSource, { 'sp500.json': body }, only);
    await assert.rejects(importPayloads(hub, lying.payloads), refusedFor(reason), date);
    await assert.rejects(
      importPayloads(hub, [{ importer: fredObservationsImporter, fileName: 'SP500.json', content: Buffer.from(body), archiveHashes: [] }]),
      refusedFor(reason),
      date,
    );
  }
  assert.deepEqual(await answersOf(hub, key, INDEX_PATHS), before, 'every index answer is what it was');
  assert.equal(await releaseCount(hub), releases, 'no release was added');
});

test("FRED's WTI answer with its negative price of 2020-04-20 (-36.98) loads and is served: a commodity price may be negative, an index level may not", async (t) => {
  const hub = await createTestHub(t, { now: '2025-02-15T12:00:00.000Z', env: { FDH_DEMO: 'off' } });
  // DCOILWTICO as FRED publishes it around the day the May contract expired.
  const body = changed('dcoilwtico.json', (observations) => {
    const day = (date: string, value: string) => ({ realtime_start: '2021-11-08', realtime_end: '2021-11-08', date, value });
    observations.unshift(day('2020-04-17', '18.31'), day('2020-04-20', '-36.98'), day('2020-04-21', '8.91'));
  });
  const { payloads } = await collectLying(fredCommoditiesSource, { 'dcoilwtico.json': body }, { credentials: KEY, params: { series: ['DCOILWTICO'] } });
  const [loaded] = await importPayloads(hub, payloads, new Date('2025-02-15T12:00:00Z'));
  assert.equal(loaded?.status, 'loaded');
  const stored = await hub.runtime.store.db
    .selectFrom('instrument_close')
    .select(['date', 'close'])
    .where('instrument', '=', 'commodity:wti-crude')
    .where('date', '<', '2020-05-01')
    .orderBy('date')
    .execute();
  assert.deepEqual(
    stored.map((row) => [row.date, row.close]),
    [
      ['2020-04-17', 18.31],
      ['2020-04-20', -36.98],
      ['2020-04-21', 8.91],
    ],
  );
  const csv = (await hub.get('/openapi/v1/series/commodity.close:wti-crude?from=2020-04-01&to=2020-04-30&format=csv', await hub.key())).body;
  assert.match(csv, /2020-04-20,-36\.98/);
});

const GDP_PATHS = ['/series/macro:us.gdp.real', '/series/macro:us.gdp.real?format=csv', '/series/macro:us.gdp.real?asOf=2025-03-01'];

test('FRED/ALFRED vintages: a value lie or an observation dated 2099 or 1799 is refused naming the observation, through the source and fdh import; the GDP answers stay byte for byte', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const only = { credentials: KEY, params: { series: ['GDPC1'] } };
  await importPayloads(hub, (await collectFromRoutes(fredMacroSource, only)).result.payloads);
  const key = await hub.key('enterprise');
  const before = await answersOf(hub, key, GDP_PATHS);
  const releases = await releaseCount(hub);

  // Observation 6 is the one figure of the vintage of 2024-07-25 (Q2 2024's advance estimate, 22918.739).
  for (const value of ['1e308', '5e-324', '0x10', ' 22918.739 ']) {
    const body = changed('gdpc1-alfred.json', (observations) => {
      observations[5] = { ...(observations[5] as Observation), value };
    });
    const shown = quotedText(value);
    await assert.rejects(
      collectLying(fredMacroSource, { 'gdpc1-alfred.json': body }, only),
      refusedFor(new RegExp(`^GDPC1\\.json: observation 6: macro:us\\.gdp\\.real ${shown} is not a decimal number`)),
      value,
    );
    const vintage = changed('gdpc1-alfred.json', (observations) => {
      observations.splice(0, observations.length, { ...(observations[5] as Observation), value });
    });
    const saved = {
      importer: fredVintagesImporter,
      fileName: 'GDPC1.2024-07-25.json',
      content: Buffer.from(vintage),
      archiveHashes: [],
      knowledgeAt: new Date(vintageKnowledgeAt('2024-07-25')),
    };
    await assert.rejects(
      importPayloads(hub, [saved]),
      refusedFor(new RegExp(`^GDPC1\\.2024-07-25\\.json: observation 1: macro:us\\.gdp\\.real ${shown} is not a decimal number`)),
      value,
    );
  }
  const dateLies = [
    { date: '2099-10-01', reason: /^GDPC1\.json: observation 18: 2099-Q4 is after what the hub knows \(2025-09-25\)/ },
    { date: '1799-10-01', reason: /^GDPC1\.json: observation 18: 1799-Q4 is before a macro:us\.gdp\.real figure can exist \(1800-01-01\)/ },
  ];
  for (const { date, reason } of dateLies) {
    // In the newest vintage (2025-09-25), beside the figures it revised.
    const body = changed('gdpc1-alfred.json', (observations) => {
      observations.push({ realtime_start: '2025-09-25', realtime_end: '9999-12-31', date, value: '23586.542' });
    });
    const lying = await collectLying(fredMacroSource, { 'gdpc1-alfred.json': body }, only);
    await assert.rejects(importPayloads(hub, lying.payloads), refusedFor(reason), date);
  }
  assert.deepEqual(await answersOf(hub, key, GDP_PATHS), before, 'every GDP answer is what it was');
  assert.equal(await releaseCount(hub), releases, 'no release was added');
});
