import { Type, type Static } from 'typebox';
import { rssFeedImporter } from '../../importers/news/rss-feed.ts';
import { defineSource, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';

/** An http(s) URL, or a path under the publisher's baseUrl. */
const FeedUrl = Type.String({ minLength: 1 });

/** A feed as `{"url": …}` or as the URL alone: both spellings are read alike. */
const Feed = Type.Union([FeedUrl, Type.Object({ url: FeedUrl }, { additionalProperties: false })]);
type Feed = Static<typeof Feed>;

const RssParams = Type.Object({ feeds: Type.Array(Feed) }, { additionalProperties: false });

const urlOf = (feed: Feed): string => (typeof feed === 'string' ? feed : feed.url);

const NEWS_FACTS = ['news_article', 'news_article_symbol', 'news_article_category'];

/** A feed's address: absolute as listed, or a path read under the publisher's baseUrl (a mirror or a test double). */
function feedUrl(feed: Feed, baseUrl: string): URL {
  const listed = urlOf(feed);
  if (!/^https?:\/\//.test(listed) && baseUrl === '') throw new Error(`rss-feeds: feed ${listed} is a path, but publishers.rss.baseUrl is not set`);
  const url = new URL(listed, `${baseUrl}/`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`rss-feeds: feed ${listed} is not an http(s) URL`);
  return url;
}

/**
 * News articles from the RSS 2.0 / Atom feeds listed in the sources file, each fetched
 * conditionally (a feed unchanged since the last run answers 304 and imports nothing) and
 * imported as its own release; an article seen again keeps its first version (rss-feed.ts).
 * No feed is listed by default: the user picks feeds whose terms allow this use.
 */
export const rssFeedsSource = defineSource({
  id: 'rss-feeds',
  publisher: 'rss',
  description: 'News articles from the RSS/Atom feeds listed in params.feeds',
  defaultBaseUrl: '',
  defaultSchedule: '*/15 * * * *',
  timeZone: 'UTC',
  params: RssParams,
  defaultParams: { feeds: [] },
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
      // The feed's host and path name the release: two feeds of one site stay apart.
      const fileName = `${url.host}${url.pathname}`.replace(/[^A-Za-z0-9.-]+/g, '_');
      payloads.push({ importer: rssFeedImporter, fileName, content: answer.body, archiveHashes: [answer.archiveHash] });
    }
    return { payloads, cursor: undefined };
  },
});

export const rssSources: SourceDefinition[] = [rssFeedsSource];
