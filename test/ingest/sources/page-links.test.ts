import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fetchPageLinks, pageLinks } from '../../../src/ingest/sources/page-links.ts';
import { ImportError } from '../../../src/ingest/source.ts';
import { publisherSample } from '../../helpers/routes-fetch.ts';

test("an index page's links are its <a href>s resolved against the page, with their text; scripts and markup around them are not links", () => {
  const page = 'https://www.esri.cao.go.jp/en/sna/data/sokuhou/files/2015/toukei_2015.html';
  const links = pageLinks(publisherSample('cao', 'toukei_2015.html').toString('utf8'), page, 'toukei_2015.html');
  const menus = links.filter((link) => link.url.pathname.endsWith('gdemenuea.html'));
  assert.deepEqual(
    menus.map((link) => link.url.pathname.split('/').slice(-2, -1)[0]),
    ['qe153_2', 'qe153', 'qe152_2', 'qe152', 'qe151_2', 'qe151'],
  );
  assert.equal(menus[0]?.text, 'Quarterly Estimates of GDP Jul. - Sep. 2015 (The Second Preliminary)');
  // `../../../../../../jp/…` climbs to the site's root: the Japanese site's folder of the same estimate.
  assert.ok(links.some((link) => link.url.href === 'https://www.esri.cao.go.jp/jp/sna/data/data_list/sokuhou/files/2015/qe153_2/pdf/jikei_1.pdf'));

  const odd = pageLinks(
    '<script>var a = "<a href=x.html>";</script><a href="a&amp;b.html">A &amp; B</a><a>no href</a><a href="http://[bad">bad</a>',
    'https://x.test/d/',
    'odd.html',
  );
  assert.deepEqual(
    odd.map((link) => [link.url.href, link.text]),
    [['https://x.test/d/a&b.html', 'A & B']],
  );
});

test('a page that is not valid UTF-8, or that holds more links than an index page would, is refused naming it', async () => {
  const fetch = (body: Buffer) => async () => ({ notModified: false as const, url: 'u', status: 200, headers: {}, body, archiveHash: 'x' });
  await assert.rejects(
    fetchPageLinks(fetch(Buffer.from([0x3c, 0x61, 0xff, 0xfe])), 'https://x.test/list.html'),
    (error: unknown) => error instanceof ImportError && /^list\.html: the page is not valid utf-8 text$/.test(error.message),
  );
  assert.throws(
    () => pageLinks('<a href="x">x</a>'.repeat(20_001), 'https://x.test/', 'big.html'),
    (error: unknown) => error instanceof ImportError && /big\.html: more than 20000 links/.test(error.message),
  );
});
