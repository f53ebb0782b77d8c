import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, TEST_NOW } from '../../helpers/app.ts';
import { newsDemoGenerator } from '../../../src/ingest/demo/news.ts';
import { scoreArticle } from '../../../src/domains/news/sentiment.scorer.ts';

interface SentimentBody {
  data: {
    symbol: string | null;
    articleCount: number;
    positive: number;
    neutral: number;
    negative: number;
    averageScore: number | null;
    label: string | null;
    daily: { date: string; articleCount: number; averageScore: number | null }[];
  };
}

test('the lexicon scorer reads direction, negation and strength', () => {
  assert.equal(scoreArticle({ title: 'Bitcoin surges to a record', summary: '', language: 'en' }).label, 'positive');
  assert.equal(scoreArticle({ title: 'Toyota plunges after profit warning', summary: '', language: 'en' }).label, 'negative');
  assert.deepEqual(scoreArticle({ title: 'Yen update', summary: 'Prices moved in a narrow range.', language: 'en' }), { score: 0, label: 'neutral' });
  const plain = scoreArticle({ title: 'Shares rally', summary: '', language: 'en' }).score;
  assert.ok(scoreArticle({ title: 'Shares did not rally', summary: '', language: 'en' }).score < 0);
  assert.ok(scoreArticle({ title: 'Shares rally and surge to an all-time high', summary: '', language: 'en' }).score > plain);
  assert.equal(scoreArticle({ title: 'トヨタ自動車が急落', summary: '', language: 'ja' }).label, 'negative');
  assert.equal(scoreArticle({ title: 'VN-Index tăng mạnh', summary: '', language: 'vi' }).label, 'positive');
});

test('symbol sentiment aggregates the per-article scores of the window', async (t) => {
  const hub = await createTestHub(t, { seed: [newsDemoGenerator] });
  const key = await hub.key();
  const response = await hub.get('/openapi/v1/news/sentiment?symbol=eth&window=30d', key);
  assert.equal(response.statusCode, 200);
  const { data } = response.json() as SentimentBody;

  const from = new Date(Date.parse(TEST_NOW) - 30 * 86_400_000).toISOString();
  const rows = await hub.runtime.store.db
    .selectFrom('news_article')
    .innerJoin('news_article_symbol', 'news_article_symbol.article_id', 'news_article.id')
    .select(['title', 'summary', 'language', 'news_article.published_at'])
    .where('news_article_symbol.symbol', '=', 'ETH')
    .where('news_article.published_at', '>=', from)
    .where('news_article.published_at', '<=', TEST_NOW)
    .execute();
  const scores = rows.map((r) => scoreArticle(r));
  assert.ok(rows.length > 5);
  assert.equal(data.symbol, 'ETH');
  assert.equal(data.articleCount, rows.length);
  assert.equal(data.positive, scores.filter((s) => s.label === 'positive').length);
  assert.equal(data.negative, scores.filter((s) => s.label === 'negative').length);
  assert.equal(data.neutral, scores.filter((s) => s.label === 'neutral').length);
  const mean = scores.reduce((a, s) => a + s.score, 0) / scores.length;
  assert.ok(data.averageScore !== null && Math.abs(data.averageScore - mean) < 1e-4);
  assert.equal(
    data.daily.reduce((a, d) => a + d.articleCount, 0),
    rows.length,
  );
  const someDay = data.daily.find((d) => d.articleCount > 0);
  assert.ok(someDay !== undefined);
  const dayScores = rows.filter((r) => r.published_at.startsWith(someDay.date)).map((r) => scoreArticle(r).score);
  assert.ok(someDay.averageScore !== null && Math.abs(someDay.averageScore - dayScores.reduce((a, b) => a + b, 0) / dayScores.length) < 1e-4);
  assert.ok(data.daily.filter((d) => d.articleCount === 0).every((d) => d.averageScore === null));
});

test('market sentiment counts every article; a symbol without articles has null figures', async (t) => {
  const hub = await createTestHub(t, { seed: [newsDemoGenerator] });
  const key = await hub.key();
  const market = (await hub.get('/openapi/v1/news/sentiment?window=7d', key)).json() as SentimentBody;
  const from = new Date(Date.parse(TEST_NOW) - 7 * 86_400_000).toISOString();
  const count = await hub.runtime.store.db
    .selectFrom('news_article')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('published_at', '>=', from)
    .where('published_at', '<=', TEST_NOW)
    .executeTakeFirstOrThrow();
  assert.equal(market.data.symbol, null);
  assert.equal(market.data.articleCount, Number(count.n));
  assert.equal(market.data.positive + market.data.neutral + market.data.negative, Number(count.n));

  const none = (await hub.get('/openapi/v1/news/sentiment?symbol=NOPE', key)).json() as SentimentBody;
  assert.equal(none.data.articleCount, 0);
  assert.equal(none.data.averageScore, null);
  assert.equal(none.data.label, null);

  const bad = await hub.get('/openapi/v1/news/sentiment?window=2w', key);
  assert.equal(bad.statusCode, 400);
  assert.match(JSON.stringify(bad.json()), /window/);
});
