import { test } from 'node:test';
import assert from 'node:assert/strict';
import { twinOperations, twinProblems } from '../../helpers/twin.ts';
import { API, etfHub } from './etf-fixture.ts';

const EXAMPLE_FALLBACK: Record<string, string> = { code: '1306' };

test('ETF operations against the twin', async (t) => {
  const { hub, call } = await etfHub(t);
  await t.test('every ETF operation of the twin answers its example parameters with the twin’s fields', async () => {
    const operations = twinOperations().filter((op) => op.feature === 'etf_data');
    assert.equal(operations.length, 12);
    for (const op of operations) {
      const registered = hub.app.apiOperations.get(op.operationId);
      assert.ok(registered, `${op.operationId} is registered`);
      assert.equal(API + registered.pathTemplate, op.path);
      assert.equal(registered.weight, op.weight);
      assert.equal(registered.feature, op.feature);
      let path = op.path.slice(API.length);
      const query: string[] = [];
      for (const parameter of op.parameters) {
        const value = parameter.example ?? EXAMPLE_FALLBACK[parameter.name];
        if (value === undefined) continue;
        if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
        else query.push(`${parameter.name}=${encodeURIComponent(value)}`);
      }
      const url = query.length === 0 ? path : `${path}?${query.join('&')}`;
      const { status, body } = await call(url);
      assert.equal(status, 200, `${url}: ${JSON.stringify(body).slice(0, 300)}`);
      assert.deepEqual(twinProblems(op.operationId, body.data), [], url);
    }
  });

  await t.test('fund endpoints answer the twin’s shapes for listed ETFs, new ETFs and open-end funds alike', async () => {
    const variants: [string, string][] = [];
    for (const code of ['1305', '1321', '518A', '1570', 'VESAF', 'VNDAF', 'VCBF-TBF']) {
      variants.push(
        ['etfInfo', `/etf/${code}/info`],
        ['etfHoldings', `/etf/${code}/holdings`],
        ['etfPricesHistory', `/etf/${code}/prices-history`],
        ['etfDetail', `/etf/${code}/detail`],
        ['etfComposition', `/etf/${code}/composition`],
        ['etfNavGrowth', `/etf/nav-growth/${code}`],
      );
    }
    for (const period of ['1M', '6M', '1Y']) variants.push(['etfTopPerformance', `/etf/top-performance?period=${period}`]);
    variants.push(
      ['etfTopNetflow', '/etf/top-netflow?type=positive'],
      ['etfTopNetflow', '/etf/top-netflow?type=negative'],
      ['etfCompareFundComposition', '/etf/compare/fund-composition?codes=1306,1570,VESAF,VNDAF,VCBF-TBF'],
      ['etfCompareNavGrowth', '/etf/compare/nav-growth?code1=1306&code2=VNDAF'],
    );
    for (const [operationId, url] of variants) {
      const { status, body } = await call(url);
      assert.equal(status, 200, url);
      assert.deepEqual(twinProblems(operationId, body.data), [], url);
    }
  });

  await t.test('parameters outside the twin’s enums and ranges are 400s naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/etf/top-performance?period=3M', 'period'],
      ['/etf/top-performance?period=1m', 'period'],
      ['/etf/top-netflow?type=all', 'type'],
      ['/etf/compare/fund-composition', 'codes'],
      ['/etf/compare/fund-composition?codes=VESAF', 'codes'],
      ['/etf/compare/fund-composition?codes=VESAF,', 'codes'],
      ['/etf/compare/fund-composition?codes=1305,1306,1321,1330,1348,VESAF', 'codes'],
      ['/etf/compare/fund-composition?codes=VESAF,NOPE', 'codes'],
      ['/etf/compare/nav-growth?code1=VESAF', 'code2'],
      ['/etf/compare/nav-growth?code1=NOPE&code2=VEOF', 'code1'],
      ['/etf/top-performance?limit=5', 'limit'],
    ];
    for (const [url, parameter] of cases) {
      const { status, body } = await call(url);
      assert.equal(status, 400, url);
      assert.equal(body.error?.code, 'INTERNAL_ERROR');
      const messages = Array.isArray(body.error?.message) ? body.error.message : [String(body.error?.message)];
      assert.ok(
        messages.some((m) => m.includes(parameter)),
        `${url}: ${JSON.stringify(messages)}`,
      );
    }
  });

  await t.test('defaults: period 1M and type positive', async () => {
    assert.deepEqual((await call('/etf/top-performance')).body.data, (await call('/etf/top-performance?period=1M')).body.data);
    assert.deepEqual((await call('/etf/top-netflow')).body.data, (await call('/etf/top-netflow?type=positive')).body.data);
  });

  await t.test('an unknown fund code is a 404 INTERNAL_ERROR on every per-fund endpoint', async () => {
    for (const url of [
      '/etf/9999/info',
      '/etf/9999/holdings',
      '/etf/9999/prices-history',
      '/etf/9999/detail',
      '/etf/NOPE/composition',
      '/etf/nav-growth/NOPE',
    ]) {
      const { status, body } = await call(url);
      assert.equal(status, 404, url);
      assert.equal(body.error?.code, 'INTERNAL_ERROR');
    }
  });
});
