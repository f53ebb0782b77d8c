import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { vietcombankExrateSource } from '../../../src/ingest/sources/vietcombank/index.ts';
import { parseVietcombankXml } from '../../../src/ingest/importers/fx/vietcombank-exrate-xml.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const XML = publisherSample('vietcombank', 'pXML.xml').toString('utf8');

test('vietcombank-exrate asks for the published XML conditionally and hands it on as it arrived', async () => {
  const { result, requests } = await collectFromRoutes(vietcombankExrateSource);
  assert.deepEqual(
    requests,
    [{ url: 'http://publisher.test/Usercontrols/TVPortal.TyGia/pXML.aspx' }],
    'no conditional: false, so the runner sends its validators',
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName, payloadBytes(p).equals(publisherSample('vietcombank', 'pXML-2026-06-13.xml'))]),
    [['vietcombank-exrate-xml', 'vietcombank-exrate.xml', true]],
  );
  assert.deepEqual(vietcombankExrateSource.feeds, ['instrument_close:fx:USD/VND']);
  const unchanged = await vietcombankExrateSource.collect({
    baseUrl: 'http://publisher.test',
    params: {},
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => ({ notModified: true, url: request.url }),
  });
  assert.deepEqual(unchanged.payloads, [], 'a 304 imports nothing');
});

test("the XML's USD transfer rate is the day's USD/VND; the other currencies and their empty columns are not read", () => {
  // Stamped 5:38:54 PM Vietnam time (UTC+7): known from 10:38:54 UTC.
  assert.deepEqual(parseVietcombankXml(XML, 'pXML.xml'), [
    { pair: 'USD/VND', date: '2026-09-02', close: 25880, knowledgeAt: '2026-09-02T10:38:54.000Z', where: 'pXML.xml: line 8' },
  ]);
  assert.equal(parseVietcombankXml(XML.replace('5:38:54 PM', '12:05:00 AM'), 'pXML.xml')[0]?.knowledgeAt, '2026-09-01T17:05:00.000Z', '12 AM is midnight');
});

test('HTML with 200, a cut body and a changed layout are refused naming the file and place', () => {
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseVietcombankXml(content, 'pXML.xml'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused(
    '<!DOCTYPE html><html><head><title>Vietcombank</title></head><body>Bảo trì hệ thống</body></html>',
    /^pXML\.xml: line 1: not Vietcombank's <ExrateList>/,
  );
  refused(XML.slice(0, XML.indexOf('<Exrate CurrencyCode="USD"') + 30), /^pXML\.xml: line 8: the file ends before <\/ExrateList>/);
  refused(XML.replace('9/2/2026 5:38:54 PM', '2026-09-02T17:38:54'), /line 3: DateTime "2026-09-02T17:38:54" is not the bank's M\/D\/YYYY/);
  refused(XML.replace('9/2/2026', '2/30/2026'), /line 3: DateTime "2\/30\/2026 5:38:54 PM"/);
  refused(XML.replace('Transfer="25,880.00"', 'Transfer="-"'), /^pXML\.xml: line 8: USD Transfer: fx\.close:USD\/VND "-" is not a decimal number/);
  refused(XML.replace('Transfer="25,880.00"', 'Mid="25,880.00"'), /^pXML\.xml: line 8: USD Transfer: fx\.close:USD\/VND "" is not a decimal number/);
  refused(XML.replace('CurrencyCode="USD"', 'CurrencyCode="EUR"'), /no <Exrate CurrencyCode="USD"> in the list/);
});

test('after the Vietcombank source runs on two days in a hub without demo data, /fx/table shows exactly the fetched USD/VND', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  // An earlier run's answer, then today's: the table shows a pair once it has two closes.
  const earlier = publisherSample('vietcombank', 'pXML-2021-04-21.xml');
  assert.deepEqual(parseVietcombankXml(earlier.toString('utf8'), 'pXML-2021-04-21.xml'), [
    { pair: 'USD/VND', date: '2021-04-21', close: 22990, knowledgeAt: '2021-04-21T01:30:37.000Z', where: 'pXML-2021-04-21.xml: line 5' },
  ]);
  const { result } = await collectFromRoutes(vietcombankExrateSource);
  const [today] = result.payloads;
  assert.ok(today !== undefined);
  const loaded = await importPayloads(hub, [{ ...today, content: earlier, archiveHashes: ['earlier'] }, today], new Date('2026-06-14T02:00:00Z'));
  assert.deepEqual(
    loaded.map((r) => r.rows),
    [1, 1],
  );
  const answer = await hub.get('/openapi/v1/fx/table?pairs=USD/VND', await hub.key());
  assert.equal(answer.statusCode, 200, answer.body);
  const rows = answer.json().data.rows as { pair: string; lastPrice: number; sparkline10d: number[]; asOf: string }[];
  assert.deepEqual(
    rows.map((row) => [row.pair, row.lastPrice, row.sparkline10d, row.asOf]),
    [['USD/VND', 26122, [22990, 26122], '2026-06-13']],
  );
});

test('an answer stamped after what the hub knows (the 2 September 2026 answer, fetched at the test clock) is refused naming the day', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const { result } = await collectFromRoutes(vietcombankExrateSource);
  const [today] = result.payloads;
  assert.ok(today !== undefined);
  await assert.rejects(
    importPayloads(hub, [{ ...today, content: Buffer.from(XML), archiveHashes: ['september'] }]),
    (error: unknown) => error instanceof ImportError && /2026-09-02 is after what the hub knows \(2026-06-19\)/.test(error.message),
  );
});
