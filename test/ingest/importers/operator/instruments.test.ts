import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../../helpers/app.ts';
import { importOperatorFile, operatorFixture, tempFile } from '../../../helpers/operator-files.ts';
import { ImportError } from '../../../../src/ingest/source.ts';

const FUND_1306 = 'fact,key,value\netf.name,1306,NEXT FUNDS TOPIX ETF\netf.manager,1306,Nomura Asset Management\netf.index,1306,TOPIX\n';

async function counts(hub: TestHub): Promise<number[]> {
  const db = hub.runtime.store.db;
  const n = async (table: 'etf_fund' | 'equity_issue' | 'crypto_coin' | 'etf_holding' | 'release') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await n('etf_fund'), await n('equity_issue'), await n('crypto_coin'), await n('etf_holding'), await n('release')];
}

test("a fund's trust fee loads from an instruments file and fills /etf/1306/info, with its listing date, trading unit and distribution yield", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('pro');
  // The fund as a publisher would list it, then the licensed attributes no publisher's file carries.
  await importOperatorFile(hub, 'instruments', tempFile(t, 'fund.csv', FUND_1306));
  const before = (await hub.get('/openapi/v1/etf/1306/info', key)).json().data;
  assert.equal(before.trustFee, undefined, 'no trust fee before the file');
  const result = await importOperatorFile(hub, 'instruments', operatorFixture('examples/fund-1306-trust-fee.csv'));
  assert.deepEqual([result.status, result.rows], ['loaded', 1]);
  const facts = await hub.runtime.store.db.selectFrom('release_fact').select('fact').where('release_id', '=', result.releaseId).orderBy('fact').execute();
  assert.deepEqual(
    facts.map((fact) => fact.fact),
    ['etf_fund:distribution_yield', 'etf_fund:listing_date', 'etf_fund:trading_unit', 'etf_fund:trust_fee'],
    'the release names the attributes it wrote',
  );
  const info = (await hub.get('/openapi/v1/etf/1306/info', key)).json().data;
  assert.deepEqual(
    [info.etfName, info.managementCompany, info.indexName, info.trustFee, info.listingDate, info.tradingUnit, info.distributionYield],
    ['NEXT FUNDS TOPIX ETF', 'Nomura Asset Management', 'TOPIX', 0.0638, '2001-07-13', 10, 1.86],
  );
  // An attribute given empty is one the publisher leaves unsaid: null, shown absent.
  await importOperatorFile(hub, 'instruments', tempFile(t, 'no-yield.csv', 'fact,key,value\netf.distributionYield,1306,\n'));
  assert.equal((await hub.get('/openapi/v1/etf/1306/info', key)).json().data.distributionYield, undefined);
});

test("an issue no publisher lists yet is created from the file's name, sector and segment; its listing day fills listedOn", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('pro');
  const file = tempFile(
    t,
    'issue.csv',
    'fact,key,value\nequity.issue.name,8697,Japan Exchange Group\nequity.issue.sector,8697,7200\nequity.issue.segment,8697,prime\nequity.listedOn,8697,2001-10-01\n',
  );
  await importOperatorFile(hub, 'instruments', file);
  const list = (await hub.get('/openapi/v1/market/jp/equities', key)).json().data as Record<string, unknown>[];
  assert.deepEqual(list.find((issue) => issue.code === '8697')?.listedOn, '2001-10-01');
  assert.deepEqual(list.find((issue) => issue.code === '8697')?.sector, { code: '7200', name: 'Other Financing Business' });
});

test('a malformed instruments file, or one naming a fund it cannot create, is refused naming the line, and changes nothing', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const before = await counts(hub);
  const cases: [string, string, RegExp][] = [
    ['heading.csv', 'code,fee\n', /heading\.csv:1: the heading must be fact,key,value/],
    ['fact.csv', `${FUND_1306}etf.fee,1306,0.06\n`, /fact\.csv:5: unknown fact "etf\.fee"; an instruments file names one of .*etf\.trustFee/],
    ['fee.csv', `${FUND_1306}etf.trustFee,1306,0.06%\n`, /fee\.csv:5: etf\.trustFee "0\.06%" is not a number/],
    ['date.csv', `${FUND_1306}etf.listingDate,1306,13/07/2001\n`, /date\.csv:5: etf\.listingDate "13\/07\/2001" is not a date/],
    ['new-fund.csv', 'fact,key,value\netf.trustFee,1306,0.0638\n', /new-fund\.csv:2: the fund \(not in the store\) 1306 needs etf\.name, etf\.manager/],
    [
      'segment.csv',
      'fact,key,value\nequity.issue.name,8697,JPX\nequity.issue.sector,8697,7200\nequity.issue.segment,8697,main\n',
      /segment\.csv:4: equity\.issue\.segment "main" is not one of prime, standard, growth/,
    ],
    [
      'holding.csv',
      `${FUND_1306}etf.holding.name,1306/2026-06-18/7203,Toyota Motor\n`,
      /holding\.csv:5: the holding 1306\/2026-06-18\/7203 needs etf\.holding\.shares, etf\.holding\.assetClass/,
    ],
  ];
  for (const [name, content, message] of cases) {
    await assert.rejects(
      importOperatorFile(hub, 'instruments', tempFile(t, name, content)),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      name,
    );
  }
  assert.deepEqual(await counts(hub), before, 'nothing was written');
});
