import type { AnyImporter } from '../../source.ts';
import { rssFeedImporter } from './rss-feed.ts';

/** The news domain's importers. */
export const newsImporters: AnyImporter[] = [rssFeedImporter];
