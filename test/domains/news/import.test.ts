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

/** Milliseconds to parse a feed of `items` items, the best of three. */
function parseMs(items: number): number {
  const content = feedOf(Array.from({ length: items }, (_, i) => item(i)));
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    assert.equal((importer().parse(content, 'feed.xml') as unknown[]).length, items);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

// A ratio, not a duration, so the machine's speed cancels out: ten times the items cost about
// ten times the time (linear) where it cost about a hundred (quadratic: each item's line was
// found by counting from the start of the file; 20,000 items took 5 to 8 s).
test('parsing a feed takes time linear in its items, an unclosed item included', () => {
  parseMs(500);
  const ratio = parseMs(20_000) / parseMs(2_000);
  assert.ok(ratio < 30, `20,000 items took ${ratio.toFixed(1)} times as long as 2,000`);
  const unclosed = `<rss version="2.0"><channel>${'<item><title>x</title>\n'.repeat(20_000)}</channel></rss>`;
  assert.throws(() => importer().parse(unclosed, 'open.xml'), /open\.xml: line 1: the feed has no items/);
});
