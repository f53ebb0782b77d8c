import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createTestHub } from '../../helpers/app.ts';
import { importFile, ImportError, type Importer } from '../../../src/ingest/source.ts';
import { findImporter } from '../../../src/ingest/importers/index.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/news/${name}`, import.meta.url));

function importer() {
  const found = findImporter('news-feed') as Importer | undefined;
  assert.ok(found !== undefined);
  return found;
}

test('RSS and Atom feeds load into the feed with symbols, categories and UTC times', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T08:45:30.000Z' });
  const key = await hub.key();
  const options = { knowledgeAt: new Date('2026-06-19T00:00:00Z'), loadedAt: new Date('2026-06-19T00:00:00Z') };
  assert.equal((await importFile(hub.runtime.store.db, importer(), fixture('markets.rss.xml'), options)).rows, 3);
  assert.equal((await importFile(hub.runtime.store.db, importer(), fixture('markets.atom.xml'), options)).rows, 1);
  assert.equal((await importFile(hub.runtime.store.db, importer(), fixture('markets.rss.xml'), options)).status, 'unchanged');

  const body = (await hub.get('/openapi/v1/news/feed', key)).json() as {
    data: { title: string; source: string; publishedAt: string; symbols: string[]; categories: string[]; summary: string; sentiment: { label: string } }[];
  };
  assert.deepEqual(
    body.data.map((i) => i.publishedAt),
    ['2026-06-18T14:05:00.000Z', '2026-06-18T11:45:00.000Z', '2026-06-17T23:10:00.000Z', '2026-06-17T21:30:00.000Z'],
  );
  const [bitcoin, gold, , toyota] = body.data;
  assert.deepEqual(bitcoin?.symbols, ['BTC']);
  assert.equal(bitcoin?.summary, 'Bitcoin jumped 6% on strong ETF inflows.');
  assert.equal(bitcoin?.source, 'Example Markets Wire');
  assert.equal(bitcoin?.sentiment.label, 'positive');
  assert.deepEqual(gold?.symbols, ['GOLD']);
  assert.equal(gold?.sentiment.label, 'negative');
  assert.equal(toyota?.title, 'Toyota shares tumble after profit warning & weak guidance');
  assert.deepEqual(toyota?.categories, ['earnings', 'equities']);
});

test('a malformed feed is rejected naming the line, before anything is written', async (t) => {
  const hub = await createTestHub(t);
  const options = { knowledgeAt: new Date(), loadedAt: new Date() };
  await assert.rejects(importFile(hub.runtime.store.db, importer(), fixture('bad-date.rss.xml'), options), (error: unknown) => {
    assert.ok(error instanceof ImportError);
    assert.match(error.message, /line 13: item 2: publication date "sometime last week"/);
    return true;
  });
  const rows = await hub.runtime.store.db.selectFrom('news_article').select('id').execute();
  assert.equal(rows.length, 0);
});

function feedOf(items: string[]): string {
  return `<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Wire</title>\n${items.join('\n')}\n</channel></rss>\n`;
}

const item = (i: number, title = `Story ${i}`) =>
  `<item><title>${title}</title><link>https://example.com/${i}</link><pubDate>Thu, 18 Jun 2026 14:05:00 GMT</pubDate></item>`;

test('an invalid character reference is reported with its line, not as a bare code-point error', () => {
  for (const reference of ['&#x110000;', '&#0;', '&#xD800;', '&#99999999999;']) {
    const content = feedOf([item(1), item(2), item(3, `Bad ${reference} title`)]);
    assert.throws(
      () => importer().parse(content, 'feed.xml'),
      (error: unknown) => error instanceof ImportError && error.message === `feed.xml: line 5: invalid character reference ${reference}`,
      reference,
    );
  }
});

// Each item's line comes from a table of line starts built once (lineFinder), not by counting
// from the start of the file for each item: that was quadratic (20,000 items took 5 to 8 s).
test("a feed of 20,000 items is read whole, and a fault in its last item names that item's own line", () => {
  const items = Array.from({ length: 20_000 }, (_, i) => item(i));
  assert.equal((importer().parse(feedOf(items), 'feed.xml') as unknown[]).length, 20_000);
  items[19_999] = item(19_999).replace('Thu, 18 Jun 2026 14:05:00 GMT', 'sometime');
  // Line 1 is the declaration, line 2 the channel's start; item i is on line i + 3.
  assert.throws(
    () => importer().parse(feedOf(items), 'feed.xml'),
    (error: unknown) => error instanceof ImportError && error.message.startsWith('feed.xml: line 20002: item 20000: publication date "sometime"'),
  );
  const unclosed = `<rss version="2.0"><channel>${'<item><title>x</title>\n'.repeat(20_000)}</channel></rss>`;
  assert.throws(() => importer().parse(unclosed, 'open.xml'), /open\.xml: line 1: the feed has no items/);
});
