import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseEurofxrefXml } from '../../../src/ingest/importers/fx/ecb-eurofxref-xml.ts';
import { parseVietcombankXml } from '../../../src/ingest/importers/fx/vietcombank-exrate-xml.ts';
import { parseFeed, MAX_TITLE_CHARS } from '../../../src/ingest/importers/news/rss-feed.ts';
import { ImportError } from '../../../src/ingest/import-error.ts';
import { publisherSample } from '../../helpers/routes-fetch.ts';
import { assertMemoryBounded, refusedWith, withEnv } from './payloads.ts';

const DAILY = publisherSample('ecb', 'eurofxref-daily.xml').toString('utf8');
const VIETCOMBANK = publisherSample('vietcombank', 'pXML.xml').toString('utf8');
const COMMENTS = '<!---->'.repeat(100_000);

// 539 bytes of such XML froze the process for 48 s when a regular expression looked for the end.
test('ECB XML ending in many comments, closed or not, is read once', async () => {
  const end = '</gesmes:Envelope>';
  const open = DAILY.slice(0, DAILY.lastIndexOf(end));
  await refusedWith(() => parseEurofxrefXml(`${open}${COMMENTS}`, 'eurofxref-daily.xml'), /the file ends before <\/gesmes:Envelope>/);
  await refusedWith(() => parseEurofxrefXml(`${open}${'<!---->'.repeat(70)}<!--`, 'eurofxref-daily.xml'), /the file ends before <\/gesmes:Envelope>/);
  assert.ok(parseEurofxrefXml(`${DAILY.trimEnd()}\n${COMMENTS}`, 'eurofxref-daily.xml').length > 0);
});

test('Vietcombank XML ending in many comments is read once', async () => {
  const open = VIETCOMBANK.slice(0, VIETCOMBANK.lastIndexOf('</ExrateList>'));
  await refusedWith(() => parseVietcombankXml(`${open}${COMMENTS}`, 'pXML.xml'), /the file ends before <\/ExrateList>/);
  assert.equal(parseVietcombankXml(`${VIETCOMBANK}${COMMENTS}`, 'pXML.xml').length, 1);
});

test('entities a DOCTYPE declares are never expanded (a billion laughs stays a few bytes)', () => {
  const laughs = ['<!ENTITY lol0 "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`)].join('');
  const feed = `<?xml version="1.0"?><!DOCTYPE rss [${laughs}]><rss version="2.0"><channel><title>Wire</title><item><title>&lol9;</title><link>https://example.com/1</link><pubDate>Thu, 18 Jun 2026 14:05:00 GMT</pubDate></item></channel></rss>`;
  const [article] = parseFeed(feed, 'feed.xml');
  assert.equal(article?.title, '&lol9;');
  assertMemoryBounded();
});

test('a document of more elements than FDH_SYNC_MAX_ROWS is refused naming it', async (t) => {
  withEnv(t, { FDH_SYNC_MAX_ROWS: '1000' });
  const open = DAILY.slice(0, DAILY.lastIndexOf('</Cube>'));
  await refusedWith(
    () => parseEurofxrefXml(`${open}${'<x/>'.repeat(2000)}</Cube></Cube></gesmes:Envelope>`, 'eurofxref-daily.xml'),
    /more than 1,000 XML elements \(FDH_SYNC_MAX_ROWS\)/,
  );
});

const feedWithTitle = (title: string) =>
  `<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Wire</title>\n<item><title>${title}</title><link>https://example.com/1</link><pubDate>Thu, 18 Jun 2026 14:05:00 GMT</pubDate><description>${title}</description></item>\n</channel></rss>\n`;

// A 100 KB title of "<" took 8.4 s through the tag-stripping regular expression.
test('an RSS title of 100 KB of "<", raw, escaped or in CDATA, is read once and cut to MAX_TITLE_CHARS', () => {
  let read = 0;
  for (const title of ['<'.repeat(100_000), '&lt;'.repeat(100_000), `<![CDATA[${'<'.repeat(100_000)}]]>`, `<![CDATA[${'<b>'.repeat(30_000)}x]]>`]) {
    let articles: ReturnType<typeof parseFeed>;
    try {
      articles = parseFeed(feedWithTitle(title), 'feed.xml');
    } catch (error) {
      // Raw "<" is not XML: refusing the feed is as good as reading it, if it is quick.
      assert.ok(error instanceof ImportError, String(error));
      continue;
    }
    for (const article of articles) assert.ok(article.title.length <= MAX_TITLE_CHARS, `a title of ${article.title.length} characters`);
    read++;
  }
  // The escaped and CDATA titles are XML: those feeds are read.
  assert.ok(read >= 3, `${read} of the feeds read`);
  const long = parseFeed(feedWithTitle('word '.repeat(1_000)), 'feed.xml')[0];
  assert.equal(long?.title.length, MAX_TITLE_CHARS);
  assert.ok(long?.title.endsWith('…'));
  assertMemoryBounded();
});

test('an RSS element holding more than FDH_SYNC_MAX_LINE_KB of text is refused naming it', async () => {
  await refusedWith(
    () => parseFeed(feedWithTitle('x'.repeat(2 * 1024 * 1024)), 'feed.xml'),
    /feed\.xml: <title> holds more than 1,048,576 characters of text \(FDH_SYNC_MAX_LINE_KB\)/,
  );
});
