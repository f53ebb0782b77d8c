import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { TestHub } from '../../helpers/app.ts';
import { allPublishersHub } from '../../helpers/all-publishers-hub.ts';
import { fullIssueCode } from '../../../src/domains/equities/issue-code.ts';
import { listedSeries } from './listed-series.ts';
import { demoHubPerFile } from './demo-hub.ts';

interface Entry {
  id: string;
  name: string;
  unit: string;
  domain: string;
  seasonalAdjustment: string | null;
  firstDate: string | null;
  lastUpdated: string | null;
}

interface FredSeries {
  title: string;
  units: string;
  seasonal_adjustment: string;
}

const perFile = demoHubPerFile();
const demoHub = async () => (await perFile.hub()).hub;

async function search(hub: TestHub, key: string, q: string, query = ''): Promise<{ data: Entry[]; meta: { nextCursor: string | null } }> {
  const reply = await hub.get(`/openapi/v1/series?q=${encodeURIComponent(q)}${query}`, key);
  assert.equal(reply.statusCode, 200, `q=${q}: ${reply.body}`);
  return reply.json();
}

/** The five first ids `q` finds. */
const firstFive = async (hub: TestHub, key: string, q: string) => (await search(hub, key, q, '&limit=5')).data.map((entry) => entry.id);

/** What a person types and the series they mean: the issue's code and its name as the store has it, bitcoin, yen, consumer prices. */
async function assertFindsWhatIsMeant(hub: TestHub, key: string): Promise<void> {
  const issue = await hub.runtime.store.db.selectFrom('equity_issue').select('name').where('code', '=', fullIssueCode('7203')).executeTakeFirstOrThrow();
  for (const [q, meant] of [
    ['7203', 'equity.bar:7203'],
    [issue.name, 'equity.bar:7203'],
    [issue.name.toUpperCase(), 'equity.bar:7203'],
    ['bitcoin', 'crypto.snapshot:BTC'],
    ['BTC', 'crypto.snapshot:BTC'],
    ['yen', 'fx.close:USD/JPY'],
    ['consumer price', 'macro:us.cpi'],
    ['nikkei', 'index.close:N225'],
  ] as const) {
    const found = await firstFive(hub, key, q);
    assert.ok(found.includes(meant), `q=${q} finds ${meant} among the first five: ${found.join(', ')}`);
  }
}

/** Every series is named and measured in words: no two share a name, and no name or unit is a source file. */
function assertNamedApart(entries: readonly Entry[]): void {
  const byName = new Map<string, string[]>();
  for (const entry of entries) byName.set(entry.name, [...(byName.get(entry.name) ?? []), entry.id]);
  assert.deepEqual(
    [...byName].filter(([, ids]) => ids.length > 1),
    [],
    'no two series share a name',
  );
  const sourceFile = /\b[\w-]+\.(ts|js|json)\b/;
  assert.deepEqual(
    entries.filter((entry) => sourceFile.test(entry.name) || sourceFile.test(entry.unit)).map((entry) => `${entry.id}: ${entry.name} | ${entry.unit}`),
    [],
  );
}

test('on the demo, /series?q= finds the series a person means among the first five, whatever the case or accents', async () => {
  const hub = await demoHub();
  const key = await hub.key('pro');
  await assertFindsWhatIsMeant(hub, key);
  // Accents and case are folded on both sides: `yén` is `yen`.
  assert.deepEqual(await firstFive(hub, key, 'Yén'), await firstFive(hub, key, 'yen'));
  // Every word must match: `consumer price` finds no bar of an issue whose name holds `price` only.
  const consumerPrices = (await search(hub, key, 'consumer price', '&limit=500')).data;
  assert.ok(consumerPrices.length > 0 && consumerPrices.every((entry) => entry.id.startsWith('macro:')), consumerPrices.map((entry) => entry.id).join(', '));
});

test("a search pages its ranked matches by meta.nextCursor, and a free key's search lists no macro series", async () => {
  const hub = await demoHub();
  const key = await hub.key('pro');
  const whole = (await search(hub, key, 'dollar', '&limit=500')).data.map((entry) => entry.id);
  assert.ok(whole.length > 10);
  const paged: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await search(hub, key, 'dollar', `&limit=4${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`);
    paged.push(...page.data.map((entry) => entry.id));
    cursor = page.meta.nextCursor;
  } while (cursor !== null);
  assert.deepEqual(paged, whole, 'the pages, in order, are the whole ranked list');
  const misplaced = await hub.get('/openapi/v1/series?cursor=%4010', key);
  assert.equal(misplaced.statusCode, 400);
  assert.match(misplaced.body, /cursor .*@10.* pages a search: pass the same q/);

  const free = await hub.key('free');
  assert.deepEqual(
    (await search(hub, free, 'consumer price')).data.filter((entry) => entry.domain === 'macro'),
    [],
  );
  assert.ok((await firstFive(hub, free, 'bitcoin')).includes('crypto.snapshot:BTC'));
});

test('on the demo, no two series share a name and every unit is a unit', async () => {
  const hub = await demoHub();
  const entries = (await listedSeries(hub, await hub.key('pro'))) as unknown as Entry[];
  assertNamedApart(entries);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  assert.equal(byId.get('fx.close:USD/JPY')?.unit, 'JPY per USD');
  assert.equal(byId.get('commodity.close:gold')?.unit, 'USD/oz');
  assert.equal(byId.get('crypto.snapshot:BTC')?.name, 'Bitcoin (BTC) price');
});

test("on the recorded samples' store, /series finds what a person means, names each series apart and in its publisher's words", async (t) => {
  const { hub } = await allPublishersHub(t);
  const key = await hub.key('pro');
  await assertFindsWhatIsMeant(hub, key);
  // J-Quants gives the issue's Japanese name beside its English one: either finds it.
  assert.ok((await firstFive(hub, key, 'トヨタ')).includes('equity.bar:7203'));
  const entries = (await listedSeries(hub, key)) as unknown as Entry[];
  assertNamedApart(entries);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  assert.equal(byId.get('equity.bar:7203')?.name, 'TOYOTA MOTOR CORPORATION (7203) daily price');
  // FRED's own title, units and seasonal adjustment of CPIAUCSL, as its recorded fred/series answer gives them.
  const [fredCpi] = JSON.parse(readFileSync(new URL('../../fixtures/publishers/fred/series-cpiaucsl.json', import.meta.url), 'utf8')).seriess as FredSeries[];
  const cpi = byId.get('macro:us.cpi');
  assert.deepEqual(
    [cpi?.name, cpi?.unit, cpi?.seasonalAdjustment, cpi?.lastUpdated],
    [`United States: ${fredCpi?.title}`, fredCpi?.units, fredCpi?.seasonal_adjustment, '2023-04-12T16:11:01.000Z'],
  );
});
