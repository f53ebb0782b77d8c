import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { answersOf, collectLying, quotedText, refusedFor } from './lying-publisher.ts';
import { estatMacroSource } from '../../../src/ingest/sources/estat/index.ts';
import { estatDashboardSource } from '../../../src/ingest/sources/estat-dashboard/index.ts';
import { estatStatsDataImporter } from '../../../src/ingest/importers/macro/estat-stats-data.ts';
import { estatDashboardDataImporter } from '../../../src/ingest/importers/macro/estat-dashboard-data.ts';

/**
 * Plausible lies in e-Stat's answers (getStatsData and the Statistics Dashboard's getData): one
 * figure or one period changed in a recorded answer. Each is refused naming the file and the
 * place in VALUE or DATA_OBJ, through the source and through `fdh import`, and the answers
 * serving the series stay byte for byte what they were.
 */

const APP_ID = { ESTAT_APP_ID: 'test-estat-application-id' };
/** Known before the hub's clock (TEST_NOW, 2026-06-19T08:45:30Z), as the e-Stat tests import. */
const AT = new Date('2026-06-19T08:00:00Z');
const VALUE_LIES = ['1e308', '5e-324', '0x10', ' 111.8 '];
const PATHS = ['/macro/economic-data?type=cpi&country=JP', '/series/macro:jp.cpi', '/series/macro:jp.cpi?format=csv', '/series/macro:jp.retail-sales'];

type Json = Record<string, unknown>;

/** The recorded answer `file` of `publisher` with `change` made to the list of figures at `path`. */
function changed(publisher: string, file: string, path: readonly string[], change: (figures: Json[]) => void): string {
  const answer = JSON.parse(publisherSample(publisher, file).toString('utf8')) as Json;
  const figures = path.reduce<Json>((at, name) => at[name] as Json, answer) as unknown as Json[];
  change(figures);
  return JSON.stringify(answer);
}

const VALUES = ['GET_STATS_DATA', 'STATISTICAL_DATA', 'DATA_INF', 'VALUE'];
const DATA_OBJ = ['GET_STATS', 'STATISTICAL_DATA', 'DATA_INF', 'DATA_OBJ'];

/** All items CPI with VALUE[1] (its second recorded month) changed. */
const cpiWith = (change: (value: Json) => Json) =>
  changed('estat', 'cpi-all-items.json', VALUES, (values) => {
    values[1] = change(values[1] as Json);
  });
/** All items CPI with a copy of VALUE[1] dated `time` after the others, as its last VALUE. */
const cpiDated = (time: string) => changed('estat', 'cpi-all-items.json', VALUES, (values) => void values.push({ ...(values[1] as Json), '@time': time }));
/** Retail sales with DATA_OBJ[0] (April 2025, 129250) changed. */
const salesWith = (change: (value: Json) => Json) =>
  changed('estat-dashboard', 'retail-sales.json', DATA_OBJ, (objects) => {
    objects[0] = { VALUE: change((objects[0] as { VALUE: Json }).VALUE) };
  });
const salesDated = (time: string) =>
  changed(
    'estat-dashboard',
    'retail-sales.json',
    DATA_OBJ,
    (objects) => void objects.push({ VALUE: { ...(objects[0] as { VALUE: Json }).VALUE, '@time': time } }),
  );

const releaseCount = async (hub: TestHub) => (await hub.runtime.store.db.selectFrom('release').select('id').execute()).length;

test('e-Stat: a value lie or a figure dated 2099 or 1799 is refused naming its place in the answer, through both sources and fdh import; the CPI and retail-sales answers stay byte for byte', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  await importPayloads(hub, (await collectFromRoutes(estatMacroSource, { credentials: APP_ID })).result.payloads, AT);
  await importPayloads(hub, (await collectFromRoutes(estatDashboardSource)).result.payloads, AT);
  const key = await hub.key('enterprise');
  const before = await answersOf(hub, key, PATHS);
  const releases = await releaseCount(hub);

  const statsData = async (body: string, reason: RegExp, lie: string) => {
    const lying = collectLying(estatMacroSource, { 'cpi-all-items.json': body }, { credentials: APP_ID });
    await assert.rejects(
      lying.then(({ payloads }) => importPayloads(hub, payloads, AT)),
      refusedFor(reason),
      lie,
    );
    await assert.rejects(
      importPayloads(hub, [{ importer: estatStatsDataImporter, fileName: 'jp.cpi.json', content: Buffer.from(body), archiveHashes: [] }], AT),
      refusedFor(reason),
      lie,
    );
  };
  const dashboard = async (body: string, reason: RegExp, lie: string) => {
    const lying = collectLying(estatDashboardSource, { 'retail-sales.json': body });
    await assert.rejects(
      lying.then(({ payloads }) => importPayloads(hub, payloads, AT)),
      refusedFor(reason),
      lie,
    );
    await assert.rejects(
      importPayloads(hub, [{ importer: estatDashboardDataImporter, fileName: 'jp.retail-sales.json', content: Buffer.from(body), archiveHashes: [] }], AT),
      refusedFor(reason),
      lie,
    );
  };

  for (const value of VALUE_LIES) {
    await statsData(
      cpiWith((figure) => ({ ...figure, $: value })),
      new RegExp(`^jp\\.cpi\\.json: VALUE\\[1\\]: macro:jp\\.cpi ${quotedText(value)} is not a decimal number`),
      value,
    );
    await dashboard(
      salesWith((figure) => ({ ...figure, $: value })),
      new RegExp(`^jp\\.retail-sales\\.json: DATA_OBJ\\[0\\]: macro:jp\\.retail-sales ${quotedText(value)} is not a decimal number`),
      value,
    );
  }
  const appended =
    (JSON.parse(cpiDated('2099001212')) as { GET_STATS_DATA: { STATISTICAL_DATA: { DATA_INF: { VALUE: unknown[] } } } }).GET_STATS_DATA.STATISTICAL_DATA
      .DATA_INF.VALUE.length - 1;
  await statsData(
    cpiDated('2099001212'),
    new RegExp(`^jp\\.cpi\\.json: VALUE\\[${appended}\\]: 2099-12 is after what the hub knows \\(2026-06-19\\)`),
    '2099-12',
  );
  await statsData(
    cpiDated('1799000101'),
    new RegExp(`^jp\\.cpi\\.json: VALUE\\[${appended}\\]: 1799-01 is before a macro:jp\\.cpi figure can exist \\(1800-01-01\\)`),
    '1799-01',
  );
  await dashboard(salesDated('20991200'), /^jp\.retail-sales\.json: DATA_OBJ\[3\]: 2099-12 is after what the hub knows \(2026-06-19\)/, '2099-12');
  await dashboard(
    salesDated('17990100'),
    /^jp\.retail-sales\.json: DATA_OBJ\[3\]: 1799-01 is before a macro:jp\.retail-sales figure can exist \(1800-01-01\)/,
    '1799-01',
  );

  assert.deepEqual(await answersOf(hub, key, PATHS), before, 'every answer is what it was');
  assert.equal(await releaseCount(hub), releases, 'no release was added');
});
