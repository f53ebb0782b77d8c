import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub } from '../../helpers/app.ts';
import { countQueries, queriesOf } from '../../helpers/query-counter.ts';
import { instrumentsDemoGenerator } from '../../../src/ingest/demo/instruments.ts';
import { CommoditiesRepo } from '../../../src/domains/commodities/commodities.repo.ts';
import { CommoditiesService } from '../../../src/domains/commodities/commodities.service.ts';
import { COMMODITIES } from '../../../src/domains/commodities/commodities.catalog.ts';

test('the commodities list sends as many queries for every commodity as for one, and the featured strip as few', async (t) => {
  const hub = await createTestHub(t, { seed: [instrumentsDemoGenerator] });
  const counted = countQueries(hub.runtime.store.db);
  const service = new CommoditiesService(new CommoditiesRepo(counted.db));
  const now = hub.clock.now();
  const list = (search?: string) => service.listCommodities({ now, search, sort: 'name', order: 'asc' });

  const one = await list('gold');
  const all = await list();
  assert.deepEqual(
    one.map((item) => item.id),
    ['gold'],
  );
  assert.equal(all.length, COMMODITIES.length);
  assert.ok(
    all.every((item) => item.lastClose !== null && item.changeYtdPct !== null),
    'every commodity is priced, with its year-to-date change',
  );

  const forOne = await queriesOf(counted, () => list('gold'));
  const forAll = await queriesOf(counted, () => list());
  assert.equal(forAll, forOne);
  assert.ok(forAll <= 2, `the list sends ${forAll} queries`);
  assert.equal(await queriesOf(counted, () => service.getMovers({ now, limit: 5 })), forAll);
  assert.equal(await queriesOf(counted, () => service.getFeatured({ now })), 1);
});
