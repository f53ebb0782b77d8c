import { Parser } from 'htmlparser2';
import { ImportError } from '../import-error.ts';
import type { CollectContext } from '../sync/source-definition.ts';
import { fetchUnconditional } from './unconditional-fetch.ts';

/** An index page is a few hundred KiB at most; anything larger is not the page expected. */
const PAGE_BYTES = 4 * 1024 * 1024;

/** The most links one index page may hold: ESRI's and MIC's pages list a few hundred. */
const MAX_LINKS = 20_000;

/** One `<a>` of a publisher's page: its target resolved against the page's URL, and its text. */
export interface PageLink {
  url: URL;
  text: string;
}

/**
 * The links of an HTML page, read by htmlparser2 (a maintained tokenizer that reads each byte
 * once, whatever the markup), each `href` resolved against `pageUrl`; a link whose target is not
 * a URL is left out. Bounded: more than MAX_LINKS links refuse the page.
 */
export function pageLinks(html: string, pageUrl: string, fileName: string): PageLink[] {
  const links: PageLink[] = [];
  let open: { href: string; text: string[] } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'a' || attributes.href === undefined) return;
        if (links.length >= MAX_LINKS) throw new ImportError(`${fileName}: more than ${MAX_LINKS} links: not the index page expected`);
        open = { href: attributes.href, text: [] };
      },
      ontext(text) {
        open?.text.push(text);
      },
      onclosetag(name) {
        if (name !== 'a' || open === undefined) return;
        try {
          links.push({ url: new URL(open.href.trim(), pageUrl), text: open.text.join('').replace(/\s+/g, ' ').trim() });
        } catch {
          // An href that is no URL (a script's text) links to nothing.
        }
        open = undefined;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return links;
}

/**
 * A publisher's index page, fetched without validators (its list is read on every run, a 304
 * would say nothing of it) and bounded in size, and its links.
 */
export async function fetchPageLinks(fetch: CollectContext['fetch'], url: string, encoding = 'utf-8'): Promise<PageLink[]> {
  const fileName = new URL(url).pathname.split('/').pop() ?? url;
  const { body } = await fetchUnconditional(fetch, { url, limit: { bytes: PAGE_BYTES, why: 'an index page' } });
  let html: string;
  try {
    html = new TextDecoder(encoding, { fatal: true }).decode(body);
  } catch {
    throw new ImportError(`${fileName}: the page is not valid ${encoding} text`);
  }
  return pageLinks(html, url, fileName);
}
