import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import type { Importer } from '../../source.ts';
import { ImportError } from '../../source.ts';
import { NEWS_CATEGORIES } from '../../../domains/news/news.schemas.ts';
import { calendarDate, isoDateTime, rfc822DateTime } from '../../calendar-dates.ts';
import { insertRows } from '../../../store/loader.ts';
import { child, decodeXmlText, descendants, lineFinder, parseXmlTree, textPieces, type XmlElement, type XmlText } from '../../xml-tree.ts';

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

/**
 * Titles and summaries longer than these are cut (at a character, with "…") rather than the
 * item skipped: the article is still worth listing, and no feed's real headline comes near.
 */
export const MAX_TITLE_CHARS = 1_000;
export const MAX_SUMMARY_CHARS = 10_000;

/** The text of a piece with XML's built-in entities and character references decoded (CDATA as is). */
function decodePiece(piece: XmlText, fileName: string, lineAt: (index: number) => number): string {
  return piece.cdata ? piece.text : decodeXmlText(piece.text, (offset) => `${fileName}: line ${lineAt(piece.at + offset)}`);
}

/** The text of an HTML fragment (summaries often carry HTML), by htmlparser2: the text only, scripts and styles left out. */
function htmlText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  const parts: string[] = [];
  let hidden = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (name === 'script' || name === 'style') hidden++;
        parts.push(' ');
      },
      onclosetag(name) {
        if ((name === 'script' || name === 'style') && hidden > 0) hidden--;
        parts.push(' ');
      },
      ontext(text) {
        if (hidden === 0) parts.push(text);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('');
}

/** One space for each run of white space, none at the ends, without a regular expression. */
function collapseSpace(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = text.slice(0, max - 1);
  const last = head.charCodeAt(head.length - 1);
  // Never half a surrogate pair.
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  return `${head}…`;
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
 * an instrument. The feed is read with the XML parser of xml-tree.ts (bounded, no entity
 * expansion), titles and summaries stripped of HTML by htmlparser2 and cut to
 * MAX_TITLE_CHARS / MAX_SUMMARY_CHARS.
 */
export function parseFeed(content: string, fileName: string): ParsedArticle[] {
  const lineAt = lineFinder(content);
  const document = parseXmlTree(content, fileName);
  const root = child(document, 'feed', 'rss');
  if (root === undefined) throw new ImportError(`${fileName}: line 1: not an RSS 2.0 or Atom feed`);
  const isAtom = root.name === 'feed';
  // A feed cut short still holds its first items whole: without its end, none is read.
  if (!root.closed) throw new ImportError(`${fileName}: line ${lineAt(content.length)}: the feed ends before </${root.name}>`);
  const text = (element: XmlElement | undefined, max = MAX_SUMMARY_CHARS) =>
    element === undefined
      ? ''
      : cut(
          collapseSpace(
            htmlText(
              textPieces(element)
                .map((piece) => decodePiece(piece, fileName, lineAt))
                .join(''),
            ),
          ),
          max,
        );
  const head = isAtom ? root : child(root, 'channel');
  const feedTitle = text(child(head, 'title'), MAX_TITLE_CHARS);
  const languageRaw = isAtom ? (root.attributes['xml:lang'] ?? '') : text(child(head, 'language'));
  const language = languageRaw.slice(0, 2).toLowerCase() || 'en';
  const known = new Set<string>(NEWS_CATEGORIES);
  const articles: ParsedArticle[] = [];
  const kind = isAtom ? 'entry' : 'item';
  for (const [ordinal, item] of descendants(root, kind).entries()) {
    // An item left open ends the reading: what follows it is inside it.
    if (!item.closed) break;
    const line = lineAt(item.at);
    const where = `${fileName}: line ${line}`;
    const title = text(child(item, 'title'), MAX_TITLE_CHARS);
    if (title === '') throw new ImportError(`${where}: the ${kind} has no title`);
    const linkElement = child(item, 'link');
    const url = isAtom ? (linkElement?.attributes.href ?? '') : text(linkElement);
    if (!url.startsWith('http://') && !url.startsWith('https://')) throw new ImportError(`${where}: the ${kind} has no http(s) link`);
    const dateElement = child(item, ...(isAtom ? ['published', 'updated'] : ['pubDate', 'dc:date']));
    const dateText = text(dateElement);
    const publishedAt = publicationInstant(dateText);
    if (publishedAt === undefined) {
      const dateLine = dateElement === undefined ? line : lineAt(dateElement.at);
      throw new ImportError(`${fileName}: line ${dateLine}: ${kind} ${ordinal + 1}: publication date "${dateText}" is not a calendar date-time`);
    }
    const guid = text(child(item, isAtom ? 'id' : 'guid')) || url;
    const summary = text(child(item, ...(isAtom ? ['summary', 'content'] : ['description'])));
    const symbols = new Set<string>();
    const categories = new Set<string>();
    for (const category of descendants(item, 'category')) {
      const scheme = category.attributes[isAtom ? 'scheme' : 'domain'];
      const value = isAtom ? (category.attributes.term ?? '') : text(category);
      if (scheme === 'symbol' && value !== '') symbols.add(value.toUpperCase());
      else if (known.has(value.toLowerCase())) categories.add(value.toLowerCase());
    }
    const itemSource = text(child(item, 'source'), MAX_TITLE_CHARS);
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
