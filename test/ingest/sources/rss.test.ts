import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, routesFetch, publisherSample, payloadBytes } from '../../helpers/routes-fetch.ts';
import { rssFeedsSource } from '../../../src/ingest/sources/rss/index.ts';
import { parseFeed } from '../../../src/ingest/importers/news/rss-feed.ts';
import { ImportError } from '../../../src/ingest/source.ts';

const FEEDS = { feeds: [{ url: '/feeds/markets.rss.xml' }, { url: 'http://feeds.test/feeds/markets.atom.xml' }] };

test("rss-feeds reads the ECB's and BEA's press feeds by default; a listed feed list replaces them, each fetched conditionally as published", async () => {
  assert.deepEqual(rssFeedsSource.defaultParams, { feeds: [{ url: 'https://www.ecb.europa.eu/rss/press.html' }, { url: 'https://apps.bea.gov/rss/rss.xml' }] });
  // Without a base URL the feeds are read where they are published.
  const live = await rssFeedsSource.collect({
    baseUrl: '',
    params: rssFeedsSource.defaultParams,
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => ({ notModified: true, url: request.url }),
  });
  assert.deepEqual(live.payloads, []);
  // With one (a mirror, here the double) each is read at its own path there, and named by its own host.
  const defaults = await collectFromRoutes(rssFeedsSource);
  assert.deepEqual(defaults.requests, [{ url: 'http://publisher.test/rss/press.html' }, { url: 'http://publisher.test/rss/rss.xml' }]);
  assert.deepEqual(
    defaults.result.payloads.map((p) => p.fileName),
    ['www.ecb.europa.eu_rss_press.html', 'apps.bea.gov_rss_rss.xml'],
  );
  assert.deepEqual(payloadBytes(defaults.result.payloads[0]), publisherSample('rss', 'ecb-press.xml'));
  const none = await collectFromRoutes(rssFeedsSource, { params: { feeds: [] } });
  assert.deepEqual([none.requests, none.result.payloads], [[], []]);

  const { result, requests } = await collectFromRoutes(rssFeedsSource, { params: FEEDS });
  assert.deepEqual(
    requests,
    [{ url: 'http://publisher.test/feeds/markets.rss.xml' }, { url: 'http://publisher.test/feeds/markets.atom.xml' }],
    'a path is read under the baseUrl, a URL at its path there',
  );
  assert.deepEqual(
    result.payloads.map((p) => [p.importer.dataset, p.fileName]),
    [
      ['news-feed', 'publisher.test_feeds_markets.rss.xml'],
      ['news-feed', 'feeds.test_feeds_markets.atom.xml'],
    ],
  );
  assert.deepEqual(payloadBytes(result.payloads[0]), publisherSample('rss', 'markets.rss.xml'));
});

test('the default feeds, as recorded, become articles with their titles, links and times; a feed without summaries serves an empty one', () => {
  const ecb = parseFeed(publisherSample('rss', 'ecb-press.xml').toString('utf8'), 'ecb-press.xml');
  assert.equal(ecb.length, 15);
  assert.deepEqual(
    [ecb[4]?.title, ecb[4]?.url, ecb[4]?.publishedAt, ecb[4]?.source, ecb[4]?.summary],
    [
      'Monetary policy decisions',
      'https://www.ecb.europa.eu//press/pr/date/2026/html/ecb.mp260910~314e508016.en.html',
      '2026-09-10T12:15:00.000Z',
      'ECB - European Central Bank',
      '',
    ],
  );
  const bea = parseFeed(publisherSample('rss', 'bea-rss.xml').toString('utf8'), 'bea-rss.xml');
  assert.deepEqual(
    bea.map((article) => [article.title, article.publishedAt]),
    [
      ['U.S. International Trade in Goods and Services, July 2026', '2026-09-03T12:30:00.000Z'],
      ['GDP (Second Estimate) and Corporate Profits, 2nd Quarter 2026', '2026-08-26T12:30:00.000Z'],
      ['Personal Income and Outlays, July 2026', '2026-08-26T12:30:00.000Z'],
    ],
  );
  assert.ok(bea[1]?.summary.startsWith('Real gross domestic product (GDP) increased at an annual rate of 1.5 percent'), 'the CDATA paragraph, as text');
});

test('a feed unchanged since the last run (304) is skipped; the others still import', async () => {
  const routes = routesFetch('rss');
  const result = await rssFeedsSource.collect({
    baseUrl: 'http://publisher.test',
    params: FEEDS,
    credentials: {},
    cursor: undefined,
    now: new Date(),
    fetch: async (request) => (request.url.endsWith('.rss.xml') ? { notModified: true, url: request.url } : routes.fetch(request)),
  });
  assert.deepEqual(
    result.payloads.map((p) => p.fileName),
    ['feeds.test_feeds_markets.atom.xml'],
  );
});

test('a feed listed as its URL alone reads as one listed as {"url": …}', async () => {
  const asObjects = await collectFromRoutes(rssFeedsSource, { params: FEEDS });
  const asStrings = await collectFromRoutes(rssFeedsSource, { params: { feeds: FEEDS.feeds.map((feed) => feed.url) } });
  assert.deepEqual(asStrings.requests, asObjects.requests);
  assert.deepEqual(
    asStrings.result.payloads.map((p) => p.fileName),
    asObjects.result.payloads.map((p) => p.fileName),
  );
  const mixed = await collectFromRoutes(rssFeedsSource, { params: { feeds: ['/feeds/markets.rss.xml', { url: '/feeds/markets.atom.xml' }] } });
  assert.equal(mixed.result.payloads.length, 2);
});

test('a malformed feed list is refused with what to write', async () => {
  await assert.rejects(collectFromRoutes(rssFeedsSource, { params: { feeds: [{ href: 'https://x.test/rss' }] } }), /\/sources\/rss-feeds\/params\/feeds\/0/);
  await assert.rejects(collectFromRoutes(rssFeedsSource, { params: { feeds: [''] } }), /\/sources\/rss-feeds\/params\/feeds\/0/);
  await assert.rejects(collectFromRoutes(rssFeedsSource, { params: { feeds: [{ url: 'ftp://x.test/rss' }] } }), /ftp:\/\/x\.test\/rss is not an http\(s\) URL/);
  await assert.rejects(
    collectFromRoutes(rssFeedsSource, { params: { feeds: [{ url: '/rss' }] }, baseUrl: '' }),
    /is a path, but publishers\.rss\.baseUrl is not set/,
  );
});

test('a feed cut short or an HTML page served with 200 is refused whole, naming the line', () => {
  const rss = publisherSample('rss', 'markets.rss.xml').toString('utf8');
  const atom = publisherSample('rss', 'markets.atom.xml').toString('utf8');
  const refused = (content: string, message: RegExp) =>
    assert.throws(
      () => parseFeed(content, 'feed.xml'),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
    );
  refused(rss.slice(0, rss.indexOf('<item>', rss.indexOf('</item>'))), /feed\.xml: line 17: the feed ends before <\/rss>/);
  refused(atom.replace('</feed>', ''), /the feed ends before <\/feed>/);
  refused('<!DOCTYPE html><html><body>Too many requests</body></html>', /feed\.xml: line 1: not an RSS 2\.0 or Atom feed/);
});

test('after the RSS source runs, the news feed shows exactly the fetched articles', async (t) => {
  const hub = await createTestHub(t);
  const { result } = await collectFromRoutes(rssFeedsSource, { params: FEEDS });
  assert.deepEqual(
    (await importPayloads(hub, result.payloads, new Date('2026-06-19T00:00:00Z'))).map((r) => r.rows),
    [3, 1],
  );
  const feed = (await hub.get('/openapi/v1/news/feed', await hub.key())).json().data as { title: string; url: string; publishedAt: string }[];
  const titles = [
    ...publisherSample('rss', 'markets.rss.xml')
      .toString('utf8')
      .matchAll(/<item>\s*<title>([^<]*)<\/title>/g),
  ].map((m) => (m[1] ?? '').replace('&amp;', '&'));
  assert.deepEqual(feed.map((article) => article.title).sort(), [...titles, 'Gold slides as the dollar strengthens'].sort());
  assert.ok(feed.some((article) => article.url === 'https://desk.example.org/gold-slides' && article.publishedAt === '2026-06-18T11:45:00.000Z'));
});
