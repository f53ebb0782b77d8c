import { createHash } from 'node:crypto';
import type { Importer } from '../../source.ts';
import { ImportError } from '../../source.ts';
import { NEWS_CATEGORIES } from '../../../domains/news/news.schemas.ts';
import { calendarDate, isoDateTime, rfc822DateTime } from '../../calendar-dates.ts';

export interface ParsedArticle {
  id: string;
  publishedAt: string;
  title: string;
  summary: string;
  url: string;
  source: string;
  language: string;
  symbols: string[];
  categories: string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  const text = cdata === null ? raw : (cdata[1] ?? '');
  const decoded =
    cdata === null
      ? text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
          if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
          if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
          return ENTITIES[name] ?? whole;
        })
      : text;
  // Summaries often carry HTML: keep the text only.
  return decoded.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
}

interface Element {
  attributes: string;
  body: string;
  /** Where the element starts in the text searched. */
  index: number;
  /** Where its body starts in the text searched. */
  bodyIndex: number;
}

function elements(xml: string, tag: string): Element[] {
  const found: Element[] = [];
  const pattern = new RegExp(`<${tag}(\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${tag}>)`, 'g');
  for (const match of xml.matchAll(pattern)) {
    found.push({ attributes: match[1] ?? '', body: match[2] ?? '', index: match.index, bodyIndex: match.index + match[0].indexOf('>') + 1 });
  }
  return found;
}

const first = (xml: string, ...tags: string[]) => {
  for (const tag of tags) {
    const element = elements(xml, tag)[0];
    if (element !== undefined) return element;
  }
  return undefined;
};

const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1];

const lineAt = (content: string, index: number) => content.slice(0, index).split('\n').length;

/**
 * RSS `<pubDate>` is RFC 822; Atom `<published>`/`<updated>` and `<dc:date>` are ISO 8601,
 * which for `<dc:date>` (W3CDTF) may be a bare day, read as its midnight UTC.
 */
function publicationInstant(text: string): string | undefined {
  const day = calendarDate(text);
  return rfc822DateTime(text) ?? isoDateTime(text) ?? (day === undefined ? undefined : `${day}T00:00:00.000Z`);
}

/**
 * RSS 2.0 `<item>`s or Atom `<entry>`s. A `<category>` naming one of the hub's news
 * categories is a category; one with `domain="symbol"` (RSS) or `scheme="symbol"` (Atom) names
 * an instrument.
 */
export function parseFeed(content: string, fileName: string): ParsedArticle[] {
  const isAtom = /<feed[\s>]/.test(content);
  if (!isAtom && !/<rss[\s>]/.test(content)) throw new ImportError(`${fileName}: line 1: not an RSS 2.0 or Atom feed`);
  const head = content.split(isAtom ? /<entry[\s>]/ : /<item[\s>]/)[0] ?? '';
  const feedTitle = decodeText(first(head, 'title')?.body ?? '');
  const languageRaw = isAtom ? (attribute(/<feed([^>]*)>/.exec(content)?.[1] ?? '', 'xml:lang') ?? '') : decodeText(first(head, 'language')?.body ?? '');
  const language = languageRaw.slice(0, 2).toLowerCase() || 'en';
  const known = new Set<string>(NEWS_CATEGORIES);
  const articles: ParsedArticle[] = [];
  const kind = isAtom ? 'entry' : 'item';
  for (const [ordinal, item] of elements(content, kind).entries()) {
    const line = lineAt(content, item.index);
    const where = `${fileName}: line ${line}`;
    const title = decodeText(first(item.body, 'title')?.body ?? '');
    if (title === '') throw new ImportError(`${where}: the ${kind} has no title`);
    const linkElement = first(item.body, 'link');
    const url = isAtom ? (attribute(linkElement?.attributes ?? '', 'href') ?? '') : decodeText(linkElement?.body ?? '');
    if (!/^https?:\/\//.test(url)) throw new ImportError(`${where}: the ${kind} has no http(s) link`);
    const dateElement = first(item.body, ...(isAtom ? ['published', 'updated'] : ['pubDate', 'dc:date']));
    const dateText = decodeText(dateElement?.body ?? '');
    const publishedAt = publicationInstant(dateText);
    if (publishedAt === undefined) {
      const dateLine = dateElement === undefined ? line : lineAt(content, item.bodyIndex + dateElement.index);
      throw new ImportError(`${fileName}: line ${dateLine}: ${kind} ${ordinal + 1}: publication date "${dateText}" is not a calendar date-time`);
    }
    const guid = decodeText(first(item.body, isAtom ? 'id' : 'guid')?.body ?? '') || url;
    const summary = decodeText(first(item.body, ...(isAtom ? ['summary', 'content'] : ['description']))?.body ?? '');
    const symbols = new Set<string>();
    const categories = new Set<string>();
    for (const category of elements(item.body, 'category')) {
      const scheme = attribute(category.attributes, isAtom ? 'scheme' : 'domain');
      const value = isAtom ? (attribute(category.attributes, 'term') ?? '') : decodeText(category.body);
      if (scheme === 'symbol' && value !== '') symbols.add(value.toUpperCase());
      else if (known.has(value.toLowerCase())) categories.add(value.toLowerCase());
    }
    const itemSource = decodeText(first(item.body, 'source')?.body ?? '');
    articles.push({
      id: `rss-${createHash('sha256').update(guid).digest('hex').slice(0, 20)}`,
      publishedAt,
      title,
      summary,
      url,
      source: itemSource || feedTitle || fileName,
      language,
      symbols: [...symbols],
      categories: [...categories],
    });
  }
  if (articles.length === 0) throw new ImportError(`${fileName}: line 1: the feed has no ${isAtom ? 'entries' : 'items'}`);
  return articles;
}

export const rssFeedImporter: Importer<ParsedArticle[]> = {
  dataset: 'news-feed',
  datasets: ['news'],
  description: 'News articles from an RSS 2.0 or Atom feed file',
  source: 'RSS/Atom feed',
  parse: parseFeed,
  async load(db, articles) {
    for (const a of articles) {
      // The same article (guid) seen again in a later feed file keeps its first version.
      await db
        .insertInto('news_article')
        .values({ id: a.id, published_at: a.publishedAt, title: a.title, summary: a.summary, url: a.url, source: a.source, language: a.language })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      for (const symbol of a.symbols) {
        await db
          .insertInto('news_article_symbol')
          .values({ article_id: a.id, symbol, published_at: a.publishedAt })
          .onConflict((oc) => oc.columns(['article_id', 'symbol']).doNothing())
          .execute();
      }
      for (const category of a.categories) {
        await db
          .insertInto('news_article_category')
          .values({ article_id: a.id, category, published_at: a.publishedAt })
          .onConflict((oc) => oc.columns(['article_id', 'category']).doNothing())
          .execute();
      }
    }
    return articles.length;
  },
};
