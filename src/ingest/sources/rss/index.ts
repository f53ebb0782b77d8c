import { Type, type Static } from 'typebox';
import { rssFeedImporter } from '../../importers/news/rss-feed.ts';
import { defineSource, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { storedFacts } from '../../../facts/names.ts';

/** An http(s) URL, or a path under the publisher's baseUrl. */
const FeedUrl = Type.String({ minLength: 1 });

/** A feed as `{"url": …}` or as the URL alone: both spellings are read alike. */
const Feed = Type.Union([FeedUrl, Type.Object({ url: FeedUrl }, { additionalProperties: false })]);
type Feed = Static<typeof Feed>;

const RssParams = Type.Object({ feeds: Type.Array(Feed) }, { additionalProperties: false });

const urlOf = (feed: Feed): string => (typeof feed === 'string' ? feed : feed.url);

const NEWS_FACTS = [storedFacts.table('news_article'), storedFacts.table('news_article_symbol'), storedFacts.table('news_article_category')];

/**
 * The feeds read unless the sources file sets `params.feeds`: official publishers' press feeds
 * whose terms allow storing and serving their items (docs/data-sources.md, "RSS/Atom feeds",
 * gives each one's terms), each tested against a recording of the real feed. BLS's are left out
 * (BLS blocks robots that name no contact; bls-release-schedule is its source).
 */
export const DEFAULT_FEEDS: readonly Feed[] = [
  // The ECB's press releases, speeches, interviews and press conferences (RSS 2.0).
  { url: 'https://www.ecb.europa.eu/rss/press.html' },
  // BEA's news releases: GDP, personal income and outlays, trade… (RSS 2.0).
  { url: 'https://apps.bea.gov/rss/rss.xml' },
];

/**
 * A feed's address. With no `publishers.rss.baseUrl` (the default) a URL is read as listed.
 * With one, every feed is read under it, a URL at its own path and query: the base URL names a
 * mirror of the feeds' hosts (or a test double), as it replaces the publisher's host for every
 * other source; a path is read under it as written.
 */
function feedUrl(feed: Feed, baseUrl: string): URL {
  const listed = urlOf(feed);
  const absolute = /^https?:\/\//.test(listed);
  if (!absolute && baseUrl === '') throw new Error(`rss-feeds: feed ${listed} is a path, but publishers.rss.baseUrl is not set`);
  let url = absolute ? new URL(listed) : new URL(listed, `${baseUrl}/`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`rss-feeds: feed ${listed} is not an http(s) URL`);
  if (absolute && baseUrl !== '') url = new URL(`${baseUrl}${url.pathname}${url.search}`);
  return url;
}

/** The feed's own host (not a mirror's) and path name its release: two feeds of one site stay apart. */
function releaseName(feed: Feed, read: URL): string {
  const listed = urlOf(feed);
  const named = /^https?:\/\//.test(listed) ? new URL(listed) : read;
  return `${named.host}${named.pathname}`.replace(/[^A-Za-z0-9.-]+/g, '_');
}

/**
 * News articles from RSS 2.0 / Atom feeds, each fetched conditionally (a feed unchanged since
 * the last run answers 304 and imports nothing) and imported as its own release; an article seen
 * again keeps its first version (rss-feed.ts). By default the official feeds of DEFAULT_FEEDS;
 * `params.feeds` in the sources file replaces them (an empty list reads none).
 */
export const rssFeedsSource = defineSource({
  id: 'rss-feeds',
  publisher: 'rss',
  description: "News articles from RSS/Atom feeds: by default the ECB's and BEA's press feeds, or those listed in params.feeds",
  defaultBaseUrl: '',
  defaultSchedule: '*/15 * * * *',
  timeZone: 'UTC',
  params: RssParams,
  defaultParams: { feeds: [...DEFAULT_FEEDS] },
  credentials: [],
  importers: [rssFeedImporter],
  feeds: NEWS_FACTS,
  // With no feed listed it reads nothing, and feeds nothing.
  configuredFeeds: (params) => (params.feeds.length === 0 ? [] : NEWS_FACTS),
  async collect({ baseUrl, params, fetch }): Promise<CollectResult> {
    const payloads: ImportPayload[] = [];
    for (const feed of params.feeds) {
      const url = feedUrl(feed, baseUrl);
      const answer = await fetch({ url: url.toString() });
      if (answer.notModified) continue;
      payloads.push({ importer: rssFeedImporter, fileName: releaseName(feed, url), content: answer.body, archiveHashes: [answer.archiveHash] });
    }
    return { payloads, cursor: undefined };
  },
});

export const rssSources: SourceDefinition[] = [rssFeedsSource];
