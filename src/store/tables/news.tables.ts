/** One published article as the publisher sent it; its sentiment is computed when served. */
export interface NewsArticleRow {
  id: string;
  published_at: string;
  title: string;
  summary: string;
  url: string;
  source: string;
  language: string;
}

/** An instrument an article mentions, with the article's time so symbol pages read one index. */
export interface NewsArticleSymbolRow {
  article_id: string;
  symbol: string;
  published_at: string;
}

export interface NewsArticleCategoryRow {
  article_id: string;
  category: string;
  published_at: string;
}

/** The news domain's tables. */
export interface NewsTables {
  news_article: NewsArticleRow;
  news_article_symbol: NewsArticleSymbolRow;
  news_article_category: NewsArticleCategoryRow;
}
