import { DAY_MS, dayStartMs, isoDay } from '../../kernel/dates.ts';
import type { DemoGenerator } from './framework.ts';
import { insertRows, type RowOf } from '../../store/loader.ts';
import type { SeededRandom } from './random.ts';

interface Subject {
  symbol: string;
  name: string;
  nameJa: string;
  category: string;
}

const SUBJECTS: readonly Subject[] = [
  { symbol: 'BTC', name: 'Bitcoin', nameJa: 'ビットコイン', category: 'crypto' },
  { symbol: 'ETH', name: 'Ether', nameJa: 'イーサリアム', category: 'crypto' },
  { symbol: 'SOL', name: 'Solana', nameJa: 'ソラナ', category: 'crypto' },
  { symbol: 'XRP', name: 'XRP', nameJa: 'XRP', category: 'crypto' },
  { symbol: '7203', name: 'Toyota Motor', nameJa: 'トヨタ自動車', category: 'equities' },
  { symbol: '6758', name: 'Sony Group', nameJa: 'ソニーグループ', category: 'equities' },
  { symbol: '9984', name: 'SoftBank Group', nameJa: 'ソフトバンクグループ', category: 'equities' },
  { symbol: '8306', name: 'Mitsubishi UFJ', nameJa: '三菱UFJ', category: 'equities' },
  { symbol: '6861', name: 'Keyence', nameJa: 'キーエンス', category: 'equities' },
  { symbol: 'USD/JPY', name: 'the yen', nameJa: '円相場', category: 'fx' },
  { symbol: 'EUR/USD', name: 'the euro', nameJa: 'ユーロ', category: 'fx' },
  { symbol: 'USD/CNY', name: 'the yuan', nameJa: '人民元', category: 'fx' },
  { symbol: 'GOLD', name: 'Gold', nameJa: '金価格', category: 'commodities' },
  { symbol: 'WTI-CRUDE', name: 'WTI crude', nameJa: 'WTI原油', category: 'commodities' },
  { symbol: 'VNINDEX', name: 'the VN-Index', nameJa: 'VN指数', category: 'equities' },
];

type Tone = 'positive' | 'negative' | 'neutral';

const EN_TITLES: Record<Tone, readonly string[]> = {
  positive: [
    '{name} surges as buyers return',
    '{name} rallies to a record on strong demand',
    '{name} jumps after results beat estimates',
    'Analysts upgrade {name} on robust growth outlook',
    '{name} climbs as inflows boost sentiment',
  ],
  negative: [
    '{name} tumbles as concerns mount',
    '{name} slides on weak demand and growing fears',
    '{name} plunges after results miss estimates',
    'Analysts downgrade {name} amid recession worries',
    '{name} falls as outflows deepen the sell-off',
  ],
  neutral: [
    '{name} little changed ahead of key data',
    'What to watch for {name} this week',
    '{name} trades sideways as investors wait for direction',
    '{name}: market update',
  ],
};

const EN_SUMMARIES: Record<Tone, readonly string[]> = {
  positive: [
    'Traders pointed to an upbeat outlook and a rebound in volumes.',
    'The gains extended a recovery that began earlier in the month.',
    'Market participants said the move was not a sign of weakness.',
  ],
  negative: [
    'Traders cited uncertainty over policy and weaker than usual volumes.',
    'The losses added to a decline that began earlier in the month.',
    'Market participants warned that volatility could persist.',
  ],
  neutral: [
    'Volumes were in line with the monthly average.',
    'Investors are waiting for the central bank meeting next week.',
    'Prices moved within a narrow range during the session.',
  ],
};

const JA_TITLES: Record<Tone, readonly string[]> = {
  positive: ['{name}が急騰、買いが優勢', '{name}が上昇、業績の上方修正を好感', '{name}が反発、最高値に接近'],
  negative: ['{name}が急落、先行き懸念', '{name}が下落、減益を嫌気', '{name}が安値圏、売りが続く'],
  neutral: ['{name}は小動き、様子見ムード', '{name}、今週の注目点'],
};

const VI_TITLES: Record<Tone, readonly string[]> = {
  positive: ['{name} tăng mạnh, dòng tiền tích cực', '{name} phục hồi, lập kỷ lục mới'],
  negative: ['{name} giảm mạnh do lo ngại lạm phát', '{name} lao dốc, nhà đầu tư thua lỗ'],
  neutral: ['{name} đi ngang trước phiên họp', 'Diễn biến {name} trong tuần'],
};

const SOURCES = ['Demo Wire (demo)', 'Demo Markets Daily (demo)', 'Demo Asia Finance (demo)'] as const;

const fill = (template: string, subject: Subject, ja = false) => template.replace('{name}', ja ? subject.nameJa : subject.name);

function tone(random: SeededRandom, drift: number): Tone {
  const u = random.next() + drift;
  if (u < 0.32) return 'negative';
  if (u > 0.62) return 'positive';
  return 'neutral';
}

/** Articles per day from `FIRST_DAY` to `until`, a few mentioning two instruments. */
const ARTICLES_PER_DAY = { small: 8, full: 24 } as const;
/** The first day with articles: a year before the tests' day, a year and a half before late 2026. */
const FIRST_DAY = '2025-06-20';

export const newsDemoGenerator: DemoGenerator = {
  name: 'news',
  datasets: ['news'],
  async clear(db) {
    const demo = db.selectFrom('news_article').select('id').where('source', 'like', '%(demo)');
    await db.deleteFrom('news_article_symbol').where('article_id', 'in', demo).execute();
    await db.deleteFrom('news_article_category').where('article_id', 'in', demo).execute();
    await db.deleteFrom('news_article').where('source', 'like', '%(demo)').execute();
  },
  async generate(ctx) {
    const moodRandom = ctx.random('mood');
    const untilMs = dayStartMs(ctx.until);
    const articles: RowOf<'news_article'>[] = [];
    const symbols: RowOf<'news_article_symbol'>[] = [];
    const categories: RowOf<'news_article_category'>[] = [];
    // A slow-moving mood per subject makes per-symbol sentiment differ over time.
    const mood = new Map(SUBJECTS.map((s) => [s.symbol, 0]));
    for (let dayMs = dayStartMs(FIRST_DAY); dayMs <= untilMs; dayMs += DAY_MS) {
      const date = isoDay(dayMs);
      // Each day's articles have a stream of their own: the same whatever the seed's last day.
      const random = ctx.random(`articles:${date}`);
      for (const s of SUBJECTS) mood.set(s.symbol, Math.max(-0.25, Math.min(0.25, (mood.get(s.symbol) ?? 0) * 0.95 + moodRandom.normal(0, 0.04))));
      const count = Math.max(1, Math.round(ARTICLES_PER_DAY[ctx.scale] + random.normal(0, 2)));
      for (let n = 0; n < count; n++) {
        const subject = random.pick(SUBJECTS);
        const second = random.chance(0.15) ? random.pick(SUBJECTS) : undefined;
        const languageDraw = random.next();
        const language = languageDraw < 0.8 ? 'en' : languageDraw < 0.92 ? 'ja' : 'vi';
        const t = tone(random, mood.get(subject.symbol) ?? 0);
        const minute = random.int(0, 24 * 60 - 1);
        const publishedAt = new Date(dayMs + minute * 60_000).toISOString();
        const id = `dn-${date.replaceAll('-', '')}-${String(n).padStart(3, '0')}`;
        let title: string;
        let summary: string;
        if (language === 'ja') {
          title = fill(random.pick(JA_TITLES[t]), subject, true);
          summary = `${title}。市場関係者は今後の動向を注視している。`;
        } else if (language === 'vi') {
          title = fill(random.pick(VI_TITLES[t]), subject);
          summary = `${title}. Giới đầu tư theo dõi diễn biến thị trường trong phiên tới.`;
        } else {
          title = fill(random.pick(EN_TITLES[t]), subject);
          summary = random.pick(EN_SUMMARIES[t]);
        }
        const source = random.pick(SOURCES);
        articles.push({
          id,
          published_at: publishedAt,
          title,
          summary,
          url: `https://news.demo.invalid/${language}/${id}`,
          source,
          language,
        });
        const mentioned = second === undefined || second.symbol === subject.symbol ? [subject] : [subject, second];
        for (const s of mentioned) symbols.push({ article_id: id, symbol: s.symbol, published_at: publishedAt });
        const cats = new Set(mentioned.map((s) => s.category));
        if (random.chance(0.2)) cats.add(subject.category === 'equities' ? 'earnings' : 'macro');
        for (const category of cats) categories.push({ article_id: id, category, published_at: publishedAt });
      }
    }
    // Ids of their own (dn-…) never meet an imported article's; the check keeps a seed after any import safe.
    await insertRows(ctx.db, 'news_article', articles, { onConflict: { key: ['id'], keep: 'stored' } });
    ctx.progress(0.6);
    await insertRows(ctx.db, 'news_article_symbol', symbols, { onConflict: { key: ['article_id', 'symbol'], keep: 'stored' } });
    await insertRows(ctx.db, 'news_article_category', categories, { onConflict: { key: ['article_id', 'category'], keep: 'stored' } });
  },
};
