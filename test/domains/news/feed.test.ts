import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { newsDemoGenerator } from '../../../src/ingest/demo/news.ts';

interface FeedItem {
  id: string;
  publishedAt: string;
  symbols: string[];
  categories: string[];
  language: string;
  sentiment: { score: number; label: string };
}

interface FeedBody {
  data: FeedItem[];
  meta: { nextCursor: string | null };
  error?: { message: string[] };
}

test('the feed pages through every matching article once, newest first, with no gaps', async (t) => {
  const hub = await createTestHub(t, { seed: [newsDemoGenerator] });
  const key = await hub.key();
  const seen: FeedItem[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/openapi/v1/news/feed?symbol=BTC&limit=37${cursor === null ? '' : `&cursor=${cursor}`}`;
    const response = await hub.get(url, key);
    assert.equal(response.statusCode, 200);
    const body = response.json() as FeedBody;
    assert.ok(body.data.length <= 37);
    seen.push(...body.data);
    cursor = body.meta.nextCursor;
  } while (cursor !== null);

  const expected = await hub.runtime.store.db
    .selectFrom('news_article')
    .innerJoin('news_article_symbol', 'news_article_symbol.article_id', 'news_article.id')
    .select(['news_article.id', 'news_article.published_at'])
    .where('news_article_symbol.symbol', '=', 'BTC')
    .where('news_article.published_at', '<=', TEST_NOW)
    .execute();
  expected.sort((a, b) => (a.published_at === b.published_at ? (a.id < b.id ? 1 : -1) : a.published_at < b.published_at ? 1 : -1));
  assert.ok(expected.length > 100, 'the demo has a year of BTC articles');
  assert.deepEqual(
    seen.map((i) => i.id),
    expected.map((r) => r.id),
  );
  assert.equal(new Set(seen.map((i) => i.id)).size, seen.length);
  assert.ok(seen.every((i) => i.symbols.includes('BTC')));
  assert.ok(
    seen.every((i) => i.publishedAt <= TEST_NOW),
    'nothing dated after the clock',
  );
});

test('a newer article arriving between pages neither repeats nor skips anything', async (t) => {
  const hub = await createTestHub(t, { seed: [newsDemoGenerator] });
  const key = await hub.key();
  const first = (await hub.get('/openapi/v1/news/feed', key)).json() as FeedBody;
  assert.equal(first.data.length, 20, 'limit defaults to 20');
  const second = (await hub.get(`/openapi/v1/news/feed?limit=20&cursor=${first.meta.nextCursor}`, key)).json() as FeedBody;

  const newest = first.data[0];
  assert.ok(newest !== undefined);
  // Newer than the first page, and one sharing the last item's timestamp with a higher id.
  const lastOfFirst = first.data[first.data.length - 1];
  assert.ok(lastOfFirst !== undefined);
  await hub.runtime.store.db
    .insertInto('news_article')
    .values([
      { id: 'zz-breaking', published_at: TEST_NOW, title: 'Breaking', summary: '', url: 'https://x.invalid/1', source: 'Test', language: 'en' },
      {
        id: 'zz-same-time',
        published_at: lastOfFirst.publishedAt,
        title: 'Same minute',
        summary: '',
        url: 'https://x.invalid/2',
        source: 'Test',
        language: 'en',
      },
    ])
    .execute();
  await hub.changed('news');

  const again = (await hub.get(`/openapi/v1/news/feed?limit=20&cursor=${first.meta.nextCursor}`, key)).json() as FeedBody;
  assert.deepEqual(
    again.data.map((i) => i.id),
    second.data.map((i) => i.id),
  );
  const fresh = (await hub.get('/openapi/v1/news/feed?limit=20', key)).json() as FeedBody;
  assert.equal(fresh.data[0]?.id, 'zz-breaking');
});

test('filters combine and the last page has a null cursor', async (t) => {
  const hub = await createTestHub(t, { seed: [newsDemoGenerator] });
  const key = await hub.key();
  const body = (await hub.get('/openapi/v1/news/feed?category=fx&language=ja&from=2026-05-01&to=2026-05-31&limit=100', key)).json() as FeedBody;
  const count = await hub.runtime.store.db
    .selectFrom('news_article')
    .innerJoin('news_article_category', 'news_article_category.article_id', 'news_article.id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('news_article_category.category', '=', 'fx')
    .where('news_article.language', '=', 'ja')
    .where('news_article.published_at', '>=', '2026-05-01T00:00:00.000Z')
    .where('news_article.published_at', '<=', '2026-05-31T23:59:59.999Z')
    .executeTakeFirstOrThrow();
  assert.ok(Number(count.n) > 0 && Number(count.n) <= 100);
  assert.equal(body.data.length, Number(count.n));
  assert.equal(body.meta.nextCursor, null);
  assert.ok(body.data.every((i) => i.language === 'ja' && i.categories.includes('fx')));
  assert.ok(body.data.every((i) => i.publishedAt >= '2026-05-01' && i.publishedAt < '2026-06-01'));
});

test('bad parameters get a 400 naming them', async (t) => {
  const hub = await createTestHub(t, { seed: [newsDemoGenerator] });
  const key = await hub.key();
  for (const [query, name] of [
    ['cursor=not-a-cursor', 'cursor'],
    [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`, 'cursor'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['category=gossip', 'category'],
    ['from=2026-06-10&to=2026-06-01', 'from (2026-06-10) must not be after to (2026-06-01)'],
    ['from=June', 'from'],
  ] as const) {
    const response = await hub.get(`/openapi/v1/news/feed?${query}`, key);
    assert.equal(response.statusCode, 400, query);
    const body = response.json() as FeedBody;
    assert.ok(
      body.error?.message.some((m) => m.includes(name)),
      `${query}: ${JSON.stringify(body.error)}`,
    );
  }
});
