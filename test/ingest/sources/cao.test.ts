import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample, payloadBytes, routesFetch } from '../../helpers/routes-fetch.ts';
import { caoGdpSource } from '../../../src/ingest/sources/cao/index.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import type { CollectContext } from '../../../src/ingest/sync/source-definition.ts';
import { sourceParams } from '../../../src/ingest/sync/catalogue.ts';

/** The recorded file as the publisher sends it: Shift_JIS, CRLF. */
const shiftJis = (file: string) => publisherSample('cao', file);
const utf8 = (file: string) => new TextDecoder('shift_jis').decode(shiftJis(file));
/** Quarter and GDP (second column) of each data row, read from the recorded file independently of the importer. */
function published(file: string): [string, number][] {
  let year = 0;
  return utf8(file)
    .split('\r\n')
    .filter((line) => /^(\d{4}\/)?\s*\d{1,2}-\s*\d{1,2}\.,/.test(line))
    .map((line) => {
      const [label = '', gdp = ''] = line.match(/("[^"]*"|[^,]*)/g)?.filter((_, i) => i % 2 === 0) ?? [];
      if (label.includes('/')) year = Number(label.slice(0, 4));
      const quarter = { '1': 1, '4': 2, '7': 3, '10': 4 }[
        label
          .replace(/^\d{4}\//, '')
          .trim()
          .split('-')[0] ?? ''
      ];
      return [`${year}-Q${quarter}`, Number(gdp.replaceAll(/[",\s]/g, ''))];
    });
}

const fetchOf =
  (body: (url: string) => Buffer): CollectContext['fetch'] =>
  async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: body(request.url), archiveHash: 'x' });
const context = (fetch: CollectContext['fetch']) => ({
  baseUrl: 'http://publisher.test',
  params: caoGdpSource.defaultParams,
  credentials: {},
  cursor: undefined,
  now: new Date(),
  fetch,
});

test('cao-gdp reads the newest estimate the release archive lists, then its real and nominal seasonally adjusted level CSVs, decoding their Shift_JIS', async () => {
  const { result, requests } = await collectFromRoutes(caoGdpSource);
  assert.deepEqual(caoGdpSource.defaultParams, {}, 'no release is named: the archive says which');
  assert.deepEqual(
    requests.map((request) => [new URL(request.url).pathname, request.conditional]),
    [
      ['/en/sna/data/sokuhou/files/toukei_top.html', false],
      ['/en/sna/data/sokuhou/files/2015/toukei_2015.html', false],
      ['/jp/sna/data/data_list/sokuhou/files/2015/qe153_2/tables/gaku-jk1532.csv', undefined],
      ['/jp/sna/data/data_list/sokuhou/files/2015/qe153_2/tables/gaku-mk1532.csv', undefined],
    ],
    'the archive pages are read whole every run; the CSVs conditionally',
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [
      ['cao-gdp-csv', 'gaku-jk1532.csv'],
      ['cao-gdp-csv', 'gaku-mk1532.csv'],
    ],
  );
  assert.equal(payloadBytes(result.payloads[0]).toString('utf8'), utf8('gaku-jk1532.csv'));
  assert.ok(payloadBytes(result.payloads[0]).toString('utf8').startsWith('実質季節調整系列,'));
  assert.deepEqual(caoGdpSource.feeds, ['macro_observation:jp.gdp.real', 'macro_observation:jp.gdp.nominal']);

  // A release named in the sources file is read as named, without the archive: a first preliminary's folder has no suffix.
  const pinned = await collectFromRoutes(caoGdpSource, { params: { release: '2015/qe153_2' } });
  assert.deepEqual(
    pinned.requests.map((request) => new URL(request.url).pathname.split('/').pop()),
    ['gaku-jk1532.csv', 'gaku-mk1532.csv'],
  );
  await assert.rejects(
    collectFromRoutes(caoGdpSource, { params: { release: '2015/qe153' } }),
    /404: no recorded cao answer for http:\/\/publisher\.test\/jp\/sna\/data\/data_list\/sokuhou\/files\/2015\/qe153\/tables\/gaku-jk1531\.csv/,
  );

  // A 304 (the release's files unchanged) imports nothing.
  const unchanged = await caoGdpSource.collect(
    context(async (request) => (request.conditional === false ? routesFetch('cao').fetch(request) : { notModified: true, url: request.url })),
  );
  assert.deepEqual(unchanged.payloads, []);
});

test('an archive page that lists no year or no estimate fails the run saying so', async () => {
  const page = (links: string) => Buffer.from(`<html><body><ul class="bulletList ml20">${links}</ul></body></html>`);
  await assert.rejects(
    caoGdpSource.collect(context(fetchOf(() => page('<li><a href="/en/sna/menu.html">SNA</a></li>')))),
    /toukei_top\.html links no year's page/,
  );
  await assert.rejects(
    caoGdpSource.collect(
      context(
        fetchOf((url) =>
          page(
            url.endsWith('toukei_top.html')
              ? '<li><a href="2016/toukei_2016.html">2016</a></li><li><a href="2015/toukei_2015.html">2015</a></li>'
              : '<li><a href="qe1/gdemenuea.html">x</a></li>',
          ),
        ),
      ),
    ),
    /the archive pages of 2016 and 2015 list no estimate/,
  );
});

test("a release that is not ESRI's folder form is refused with the sources file, naming the parameter", () => {
  for (const release of ['2025/qe253_1', '2025/qe243_2', '2025/qe255_2', '../2025/qe253_2', 2025]) {
    assert.throws(() => sourceParams(caoGdpSource, { release }), /\/sources\/cao-gdp\/params\/release: (must match pattern|expected string)/, String(release));
  }
});

test('a byte that is not Shift_JIS refuses the file', async () => {
  const routes = routesFetch('cao');
  const badCsv = fetchOf(() => Buffer.from([0x8e, 0xc0, 0x81, 0x2c, 0xff, 0xfe]));
  await assert.rejects(
    caoGdpSource.collect(context(async (request) => (request.url.endsWith('.csv') ? badCsv(request) : routes.fetch(request)))),
    (error: unknown) => error instanceof ImportError && /gaku-jk1532\.csv: the file is not valid shift_jis text/.test(error.message),
  );
});

test('an HTML page, a changed layout or a file cut short served with 200 imports nothing and says why', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(caoGdpSource);
  const [payload] = result.payloads;
  assert.ok(payload !== undefined);
  const text = payloadBytes(payload).toString('utf8');
  const refused = async (content: string, message: RegExp) =>
    assert.rejects(
      importPayloads(hub, [{ ...payload, content: Buffer.from(content) }]),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  await refused(
    '<!DOCTYPE html><html><head><title>ページが見つかりません</title></head></html>',
    /^gaku-jk1532\.csv:1: "<!DOCTYPE html><html><head><title>ページが見つかりません<\/title><\/head><\/html>" is not the title of a seasonally adjusted GDP level table/,
  );
  await refused(text.replace('実質季節調整系列', '実質原系列'), /gaku-jk1532\.csv:1: "実質原系列" is not the title/);
  await refused(text.replace('10億円', '兆円'), /gaku-jk1532\.csv:1: the title line does not give the unit 10億円/);
  await refused(text.replace(',国内総生産(支出側),', ',GDP,'), /gaku-jk1532\.csv:8: quarters before a "国内総生産\(支出側\)" heading/);
  await refused(text.replace('\r\n7- 9.,', '\r\n10-12.,'), /gaku-jk1532\.csv:10: 2014-Q4 does not follow 2014-Q2/);
  await refused(text.replace('"529,025.0 "', '"529.025,0"'), /^gaku-jk1532\.csv:12: macro:jp\.gdp\.real "529\.025,0" is not a decimal number/);
  await refused(text.slice(0, text.indexOf('＊')), /gaku-jk1532\.csv: the file ends after 2015-Q3 without the footnotes/);
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, 0);
});

test('after the Cabinet Office source runs, a hub without the demo serves exactly the fetched real and nominal GDP, growth computed from them', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(caoGdpSource);
  const loaded = await importPayloads(hub, result.payloads, new Date('2026-06-19T08:00:00Z'));
  assert.deepEqual(
    loaded.map((r) => [r.status, r.rows]),
    [
      ['loaded', 7],
      ['loaded', 7],
    ],
  );
  const real = new Map(published('gaku-jk1532.csv'));
  const nominal = published('gaku-mk1532.csv');
  assert.equal(nominal.length, 7);

  const data = (await hub.get('/openapi/v1/macro/economic-data?type=gdp&country=JP', await hub.key())).json().data as {
    quarter: string;
    gdp: string;
    gdpUnit: string;
    realGdp: number | null;
    growthRate: number | null;
  }[];
  assert.deepEqual(
    data.map((row) => [row.quarter, row.gdp, row.gdpUnit, row.realGdp]),
    nominal.map(([quarter, gdp]) => [`Q${quarter.slice(6)} ${quarter.slice(0, 4)}`, gdp.toFixed(3), 'Billion JPY', real.get(quarter) ?? null]),
  );
  assert.deepEqual(data.at(-1)?.realGdp, 529_673.7, 'Jul.-Sep. 2015 real GDP of the recorded file');
  assert.equal(data.at(-1)?.growthRate, Math.round(((500_671.6 - 498_745.5) / 498_745.5) * 1000) / 10);
});
