import { deflateRawSync, gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { readZipEntry, zipDirectory } from '../../src/ingest/sources/zip-entry.ts';
import { buildZip, deflated } from '../ingest/hostile/payloads.ts';
import { publisherSample } from './routes-fetch.ts';

/**
 * The hostile-publisher corpus, each payload as the trial that found the problem served it, at
 * the path of the source it attacks: the hostile tests serve it through the publisher double,
 * and scripts/hostile-trial.ts through `fdh serve --sync`.
 */
export interface HostilePayload {
  /** What it is, for messages. */
  name: string;
  /** The shipped source whose publisher path serves it. */
  sourceId: string;
  publisher: string;
  path: string;
  contentType: string;
  body: () => Buffer | Promise<Buffer>;
}

/** A zip whose one entry declares 4 GiB and deflates 64 MiB of zeros (the trial's 3 MB zip grew a process to 6.4 GB). */
export function zipBomb(): Buffer {
  return buildZip([{ name: 'eurofxref-hist.csv', data: deflateRawSync(Buffer.alloc(64 * 1024 * 1024)), size: 2 ** 32 - 1, crc: 0 }]);
}

/** A zipped CSV of three million rows in the ECB's layout (the trial's ended in "JavaScript heap out of memory"). */
export function threeMillionRowsZip(): Buffer {
  const lines = ['Date,USD,'];
  for (let i = 0; i < 3_000_000; i++) lines.push(`2000-01-01,${(1 + (i % 99_991) / 100_000).toFixed(5)},`);
  return buildZip([deflated('eurofxref-hist.csv', lines.join('\n'))]);
}

/** A workbook of two rows whose sheet claims A1:XFD1048576, formatted cells at its far corners, as government workbooks often are. */
export async function sparseXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(['Code', 'Name']);
  sheet.getCell('A1').font = { bold: true };
  sheet.addRow(['1306', 'TOPIX ETF']);
  const bytes = Buffer.from(await book.xlsx.writeBuffer());
  return buildZip(
    zipDirectory(bytes).map((entry) => {
      const content = readZipEntry(bytes, entry);
      if (entry.name !== 'xl/worksheets/sheet1.xml') return deflated(entry.name, content);
      const xml = content
        .toString('utf8')
        .replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>')
        .replace('</row>', '<c r="XFD1" s="1"/></row>')
        .replace('</sheetData>', '<row r="1048576"><c r="XFD1048576" s="1"/></row></sheetData>');
      return deflated(entry.name, xml);
    }),
  );
}

/** 539 bytes of the ECB's envelope ending in empty comments (the trial's froze a hub 48 s on a backtracking regex). */
export const ECB_XML_OF_COMMENTS = `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">${'<!---->'.repeat(70)}<!--`;

/** BLS's calendar whose US-Eastern zone recurs every second since 1970 (ical.js expanded it for minutes and 2.6 GB). */
export function secondlyIcs(): Buffer {
  const ics = publisherSample('bls', 'bls.ics').toString('utf8');
  return Buffer.from(ics.replace('DTSTART:20070311T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'DTSTART:19700101T000000\nRRULE:FREQ=SECONDLY'));
}

/** An RSS item whose title is 100 KB of '<' (a quadratic tag-stripping regex took 8.4 s on it). */
export const RSS_WITH_ANGLE_TITLE = `<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://example.test/</link><description>d</description><item><title>${'<'.repeat(100 * 1024)}</title><link>https://example.test/a</link><pubDate>Mon, 22 Jun 2026 08:00:00 GMT</pubDate></item></channel></rss>`;

export const JPX_ETF_PATH = '/etf-database.xlsx';
export const RSS_FEED_PATH = '/feed.xml';

export const HOSTILE_PAYLOADS: readonly HostilePayload[] = [
  {
    name: 'zip bomb',
    sourceId: 'ecb-eurofxref-hist',
    publisher: 'ecb',
    path: '/stats/eurofxref/eurofxref-hist.zip',
    contentType: 'application/zip',
    body: zipBomb,
  },
  {
    name: 'zipped CSV of three million rows',
    sourceId: 'ecb-eurofxref-hist',
    publisher: 'ecb',
    path: '/stats/eurofxref/eurofxref-hist.zip',
    contentType: 'application/zip',
    body: threeMillionRowsZip,
  },
  // 300 MiB of zeros gzipped, without Content-Encoding, where MLIT's JSON is expected.
  {
    name: 'gzip bomb without Content-Encoding',
    sourceId: 'mlit-transactions',
    publisher: 'mlit',
    path: '/ex-api/external/XIT001',
    contentType: 'application/json',
    body: () => gzipSync(Buffer.alloc(300 * 1024 * 1024)),
  },
  {
    name: 'XML ending in many comments',
    sourceId: 'ecb-eurofxref-daily',
    publisher: 'ecb',
    path: '/stats/eurofxref/eurofxref-daily.xml',
    contentType: 'text/xml',
    body: () => Buffer.from(ECB_XML_OF_COMMENTS),
  },
  {
    name: 'ICS with a SECONDLY time-zone rule',
    sourceId: 'bls-release-schedule',
    publisher: 'bls',
    path: '/schedule/news_release/bls.ics',
    contentType: 'text/calendar',
    body: secondlyIcs,
  },
  {
    name: 'sparse xlsx',
    sourceId: 'jpx-etf-list',
    publisher: 'jpx',
    path: JPX_ETF_PATH,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: sparseXlsx,
  },
  {
    name: "RSS with a 100 KB title of '<'",
    sourceId: 'rss-feeds',
    publisher: 'rss',
    path: RSS_FEED_PATH,
    contentType: 'application/rss+xml',
    body: () => Buffer.from(RSS_WITH_ANGLE_TITLE),
  },
];

/** The sources-file entry that points `sourceId` at the payload (the JPX workbook's path, the RSS feed). */
export function hostileSourceSettings(sourceId: string): Record<string, unknown> {
  if (sourceId === 'jpx-etf-list') return { params: { path: JPX_ETF_PATH } };
  if (sourceId === 'rss-feeds') return { params: { feeds: [{ url: RSS_FEED_PATH }] } };
  return {};
}
