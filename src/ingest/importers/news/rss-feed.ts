import { createHash } from 'node:crypto';
import type { Importer } from '../../source.ts';
import { ImportError } from '../../source.ts';
import { NEWS_CATEGORIES } from '../../../domains/news/news.schemas.ts';
import { calendarDate, isoDateTime, rfc822DateTime } from '../../calendar-dates.ts';
import { insertRows } from '../../../store/loader.ts';

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

/** A character reference naming no character XML allows (`&#0;`, `&#xD800;`, `&#x110000;`). */
class InvalidReference extends Error {
  readonly reference: string;
  constructor(reference: string) {
    super(`invalid character reference ${reference}`);
    this.reference = reference;
  }
}

/** XML 1.0's Char production. */
function isXmlCharacter(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

function decodeText(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  const text = cdata === null ? raw : (cdata[1] ?? '');
  const decoded =
    cdata === null
      ? text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (whole, name: string) => {
          if (!name.startsWith('#')) return ENTITIES[name] ?? whole;
          const codePoint = name.startsWith('#x') ? parseInt(name.slice(2), 16) : Number(name.slice(1));
          if (!isXmlCharacter(codePoint)) throw new InvalidReference(whole);
          return String.fromCodePoint(codePoint);
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

/**
 * The `<tag …>…</tag>` and `<tag …/>` elements of `xml`, found by scanning forward once: an
 * element left open ends the search (no later one can close), where a lazy regular expression
 * would scan to the end of the file again from every opening.
 */
function elements(xml: string, tag: string): Element[] {
  const found: Element[] = [];
  const open = `<${tag}`;
  const close = `</${tag}>`;
  for (let from = 0; ; ) {
    const index = xml.indexOf(open, from);
    if (index === -1) break;
    const next = xml[index + open.length] ?? '';
    if (next !== '>' && next !== '/' && !/\s/.test(next)) {
      from = index + open.length;
      continue;
    }
    const tagEnd = xml.indexOf('>', index);
    if (tagEnd === -1) break;
    const selfClosing = xml[tagEnd - 1] === '/';
    const attributes = xml.slice(index + open.length, selfClosing ? tagEnd - 1 : tagEnd);
    if (selfClosing) {
      found.push({ attributes, body: '', index, bodyIndex: tagEnd + 1 });
      from = tagEnd + 1;
      continue;
    }
    const closing = xml.indexOf(close, tagEnd + 1);
    if (closing === -1) break;
    found.push({ attributes, body: xml.slice(tagEnd + 1, closing), index, bodyIndex: tagEnd + 1 });
    from = closing + close.length;
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

/** The line of any offset in `content`, found by binary search over the line starts (counted once). */
function lineFinder(content: string): (index: number) => number {
  const starts = [0];
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= index) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

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
  const lineAt = lineFinder(content);
  try {
    return articlesOf(content, fileName, lineAt);
  } catch (error) {
    if (!(error instanceof InvalidReference)) throw error;
    const at = content.indexOf(error.reference);
    throw new ImportError(`${fileName}: line ${lineAt(Math.max(0, at))}: ${error.message}`);
  }
}

function articlesOf(content: string, fileName: string, lineAt: (index: number) => number): ParsedArticle[] {
  const isAtom = /<feed[\s>]/.test(content);
  if (!isAtom && !/<rss[\s>]/.test(content)) throw new ImportError(`${fileName}: line 1: not an RSS 2.0 or Atom feed`);
  // A feed cut short still holds its first items whole: without its end, none is read.
  const end = isAtom ? '</feed>' : '</rss>';
  if (!content.trimEnd().endsWith(end)) throw new ImportError(`${fileName}: line ${lineAt(content.length)}: the feed ends before ${end}`);
  const head = content.split(isAtom ? /<entry[\s>]/ : /<item[\s>]/)[0] ?? '';
  const feedTitle = decodeText(first(head, 'title')?.body ?? '');
  const languageRaw = isAtom ? (attribute(/<feed([^>]*)>/.exec(content)?.[1] ?? '', 'xml:lang') ?? '') : decodeText(first(head, 'language')?.body ?? '');
  const language = languageRaw.slice(0, 2).toLowerCase() || 'en';
  const known = new Set<string>(NEWS_CATEGORIES);
  const articles: ParsedArticle[] = [];
  const kind = isAtom ? 'entry' : 'item';
  for (const [ordinal, item] of elements(content, kind).entries()) {
    const line = lineAt(item.index);
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
      const dateLine = dateElement === undefined ? line : lineAt(item.bodyIndex + dateElement.index);
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
    // The same article (guid) seen again in a later feed file keeps its first version.
    await insertRows(
      db,
      'news_article',
      articles.map((a) => ({ id: a.id, published_at: a.publishedAt, title: a.title, summary: a.summary, url: a.url, source: a.source, language: a.language })),
      { onConflict: { key: ['id'], keep: 'stored' } },
    );
    const symbols = articles.flatMap((a) => a.symbols.map((symbol) => ({ article_id: a.id, symbol, published_at: a.publishedAt })));
    await insertRows(db, 'news_article_symbol', symbols, { onConflict: { key: ['article_id', 'symbol'], keep: 'stored' } });
    const categories = articles.flatMap((a) => a.categories.map((category) => ({ article_id: a.id, category, published_at: a.publishedAt })));
    await insertRows(db, 'news_article_category', categories, { onConflict: { key: ['article_id', 'category'], keep: 'stored' } });
    return articles.length;
  },
};
