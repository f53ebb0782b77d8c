import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { importFile, ImportError } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';
import { realEstateDemoGenerator } from '../../../src/ingest/demo/real-estate.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/real-estate/${name}`, import.meta.url));
const options = { knowledgeAt: new Date('2026-06-19T00:00:00Z'), loadedAt: new Date('2026-06-19T00:00:00Z') };

function importer() {
  const found = findImporter('real-estate-mlit-transactions');
  assert.ok(found !== undefined);
  return found;
}

test('an MLIT transaction CSV loads into the ward it names', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const key = await hub.key();
  const db = hub.runtime.store.db;
  const before = Number(
    (
      await db
        .selectFrom('re_transaction')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  assert.equal((await importFile(db, importer(), fixture('mlit-tokyo-2026q1.csv'), options)).rows, 4);
  assert.equal((await importFile(db, importer(), fixture('mlit-tokyo-2026q1.csv'), options)).status, 'unchanged');
  const after = Number(
    (
      await db
        .selectFrom('re_transaction')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  assert.equal(after - before, 4);

  const body = (await hub.get('/openapi/v1/real-estate/jp/provinces/113/wards/11301/transactions?from=2026-Q1&to=2026-Q1', key)).json() as {
    data: {
      transactions: {
        type: string;
        area: number;
        price: number;
        pricePerM2: number;
        buildingYear: number | null;
        structure: string | null;
        floorPlan: string | null;
      }[];
    };
  };
  const condo = body.data.transactions.find((x) => x.price === 98_000_000);
  assert.deepEqual(condo && { ...condo, id: undefined }, {
    id: undefined,
    type: 'Pre-owned Condominiums, etc.',
    area: 55,
    price: 98_000_000,
    pricePerM2: 1_781_818,
    buildingYear: 2008,
    structure: 'RC',
    floorPlan: '2LDK',
    tradePeriod: '2026-Q1',
  });
  const large = await db.selectFrom('re_transaction').selectAll().where('price', '=', 1_200_000_000).where('id', 'like', 'mlit-%').executeTakeFirstOrThrow();
  assert.equal(large.area, 2000);
  assert.equal(large.ward_id, 11304, 'Hachioji City is the ward Hachioji-shi');
  assert.equal(large.trade_period, '2025-Q4');
});

test('a malformed or unmatched file is rejected naming the line, and nothing is written', async (t) => {
  const hub = await createTestHub(t, { seed: [realEstateDemoGenerator] });
  const db = hub.runtime.store.db;
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('re_transaction')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const before = await count();
  for (const [file, line] of [
    ['mlit-bad-price.csv', 'line 3'],
    ['mlit-unknown-ward.csv', 'line 3'],
  ] as const) {
    await assert.rejects(importFile(db, importer(), fixture(file), options), (error: unknown) => {
      assert.ok(error instanceof ImportError);
      assert.match(error.message, new RegExp(line));
      return true;
    });
  }
  assert.equal(await count(), before);
  const releases = await db.selectFrom('release').select('id').where('origin', '!=', 'demo').execute();
  assert.equal(releases.length, 0, "no release but the demo seed's");
});
