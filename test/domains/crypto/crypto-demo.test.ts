import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { cryptoDemoGenerator } from '../../../src/ingest/demo/crypto.ts';
import { runDemoGenerators } from '../../../src/ingest/demo/framework.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { importFile } from '../../../src/ingest/source.ts';

test('the crypto demo is deterministic, realistic in size, and its clear removes exactly what it wrote', async (t) => {
  const hub = await createTestHub(t, { seed: [cryptoDemoGenerator] });
  const db = hub.runtime.store.db;
  const count = async (table: 'crypto_coin' | 'crypto_market_snapshot' | 'crypto_fear_greed' | 'crypto_metric') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const coins = await db.selectFrom('crypto_coin').selectAll().orderBy('id').execute();
  assert.ok(coins.length >= 100 && coins.length <= 250, `${coins.length} coins`);
  for (const symbol of ['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'XRP'])
    assert.ok(
      coins.some((c) => c.symbol === symbol),
      symbol,
    );
  const btc = await db.selectFrom('crypto_market_snapshot').selectAll().where('coin_id', '=', 'bitcoin').orderBy('at', 'desc').executeTakeFirstOrThrow();
  assert.ok(btc.market_cap > 5e11 && btc.market_cap < 3e12, `BTC market cap ${btc.market_cap}`);
  assert.ok(btc.at.startsWith(TEST_NOW.slice(0, 10)), 'the demo ends on its until day');
  const before = {
    coins: await count('crypto_coin'),
    snapshots: await count('crypto_market_snapshot'),
    fearGreed: await count('crypto_fear_greed'),
    metrics: await count('crypto_metric'),
  };
  const prices = await db.selectFrom('crypto_market_snapshot').select(['at', 'coin_id', 'price']).orderBy('at').orderBy('coin_id').execute();

  const importer = findImporter('coingecko-markets');
  assert.ok(importer !== undefined);
  const fixture = fileURLToPath(new URL('../../fixtures/crypto/coingecko-markets.json', import.meta.url));
  await importFile(db, importer, fixture, { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) });

  await db.transaction().execute(async (tx) => cryptoDemoGenerator.clear(tx));
  const importedCoins = await db.selectFrom('crypto_coin').select('id').execute();
  assert.equal(importedCoins.length, 6, 'only the imported coins stay');
  assert.equal(await count('crypto_market_snapshot'), 6);
  assert.equal(await count('crypto_fear_greed'), 0);
  assert.equal(await count('crypto_metric'), 0);

  await db.deleteFrom('crypto_market_snapshot').execute();
  await db.deleteFrom('crypto_coin').execute();
  await runDemoGenerators(db, [cryptoDemoGenerator], { until: TEST_NOW.slice(0, 10), scale: 'small' });
  assert.deepEqual(
    {
      coins: await count('crypto_coin'),
      snapshots: await count('crypto_market_snapshot'),
      fearGreed: await count('crypto_fear_greed'),
      metrics: await count('crypto_metric'),
    },
    before,
  );
  assert.deepEqual(
    await db.selectFrom('crypto_market_snapshot').select(['at', 'coin_id', 'price']).orderBy('at').orderBy('coin_id').execute(),
    prices,
    'same arguments, same data',
  );
});
