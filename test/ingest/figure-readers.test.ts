import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No publisher reader turns a figure into a number but through the one rule
 * (src/ingest/publisher-figures.ts: publisherFigure for text, checkedFigure for a JSON number).
 * A grep is the practical check: a parse is a call of `Number(`, `parseFloat(` or `parseInt(`
 * (TypeBox's `Type.Number()` is not one). Every such call left in src/ingest/importers and
 * src/ingest/sources reads something other than a figure, and is listed here by file, with a
 * piece of its line and what it reads; a new call fails this test until it goes through the rule
 * or is listed with its reason, and an entry no line matches any more fails it too, so the list
 * cannot outlive the code. The operator's files (importers/operator/) are out of its scope, as
 * is the demo generator (src/ingest/demo/), which writes figures rather than reading them.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCANNED = ['src/ingest/importers', 'src/ingest/sources'];
const EXCLUDED = ['src/ingest/importers/operator/'];
const PARSE = /(?<![.\w])(?:Number|parseFloat|parseInt)\(/;

const NOT_FIGURES: Readonly<Record<string, readonly { line: string; reads: string }[]>> = {
  'src/ingest/importers/calendar/us-releases.ts': [{ line: 'Number(day.slice(5, 7))', reads: 'the month of a release day, for its quarter' }],
  'src/ingest/importers/crypto/alternative-me-fng.ts': [{ line: 'isoDay(Number(timestamp) * 1000)', reads: "a day's Unix seconds" }],
  'src/ingest/importers/crypto/okx-liquidations.ts': [{ line: '/^\\d+$/.test(value) ? Number(value)', reads: 'an epoch-milliseconds time' }],
  'src/ingest/importers/equities/etf-sessions.ts': [{ line: 'Number(max?.max ?? 0)', reads: "the store's largest session id" }],
  'src/ingest/importers/equities/statements.ts': [{ line: 'Number(row.fiscal_year_end.slice(5, 7))', reads: 'the month of a fiscal year end' }],
  'src/ingest/importers/etf/new-fund.ts': [{ line: 'Number(row?.max ?? 0)', reads: "the store's largest id" }],
  'src/ingest/importers/fx/vietcombank-exrate-xml.ts': [
    { line: 'Number(hourText)', reads: "the hour of the bank's stamp" },
    { line: 'Number(minute) > 59', reads: "the minute and second of the bank's stamp" },
    { line: 'Number(second) * 1000', reads: "the second of the bank's stamp" },
  ],
  'src/ingest/importers/macro/cao-gdp-csv.ts': [
    { line: 'year = Number(opensYear)', reads: "a quarter row's year" },
    { line: 'QUARTER_OF[`${Number(from)}-${Number(to)}`]', reads: "a quarter row's months" },
  ],
  'src/ingest/importers/macro/estat-dashboard-data.ts': [{ line: 'monthLabel(Number(month[1]) * 12 + Number(month[2]) - 1)', reads: 'a YYYYMM00 month code' }],
  'src/ingest/importers/macro/estat-stats-data.ts': [
    { line: 'const from = Number(first)', reads: "a time code's first month" },
    { line: 'monthLabel(Number(year) * 12 + from - 1)', reads: "a time code's year" },
    { line: 'quarterLabel(Number(year) * 4 + quarter - 1)', reads: "a time code's year" },
    { line: 'const number = Number(month[2])', reads: "a time class's month" },
    { line: 'monthLabel(Number(month[1]) * 12 + number - 1)', reads: "a time class's year" },
  ],
  'src/ingest/importers/macro/fred-vintages.ts': [{ line: '(Number(month) - 1) / 3 + 1', reads: "the quarter of an observation's date" }],
  'src/ingest/importers/macro/imf-cpi.ts': [
    { line: 'dimensions[index]?.values[Number(position)]', reads: 'a position in an SDMX-JSON series key' },
    { line: 'periods[Number(position)]', reads: "an observation key's position among the TIME_PERIOD values" },
  ],
  'src/ingest/importers/macro/mof-jgb-yields.ts': [
    { line: '[Number(western[1]), western[2], western[3]]', reads: "the year of a day's date (western form)" },
    { line: '+ Number(era[2]) - 1, era[3], era[4]]', reads: "the year of a day's date (era form)" },
  ],
  'src/ingest/importers/real-estate/jp-municipalities.ts': [
    { line: 'JP_MUNICIPALITY_ID_OFFSET + Number(code)', reads: "a municipality's id from its code" },
    { line: 'JP_PROVINCE_ID_OFFSET + Number(code)', reads: "a province's id from its code" },
  ],
  'src/ingest/importers/real-estate/mlit-n03.ts': [{ line: 'Number(code.slice(0, 2)) < 1', reads: "a local-government code's prefecture" }],
  'src/ingest/importers/real-estate/mlit-transactions.ts': [{ line: 'buildingYear: year === undefined ? null : Number(year)', reads: "a building's year" }],
  'src/ingest/importers/real-estate/mlit-xit001.ts': [{ line: 'Number(code.slice(0, 2)) < 1', reads: "a municipality code's prefecture" }],
  'src/ingest/importers/real-estate/soumu-local-government-codes.ts': [{ line: 'Number(code.slice(0, 2))', reads: "a local-government code's prefecture" }],
  'src/ingest/sources/bok/index.ts': [{ line: 'Number(page.list_total_count)', reads: 'the count of rows to page through' }],
  'src/ingest/sources/mlit-ksj/index.ts': [{ line: "year: 'numeric' }).format(now)", reads: "the year of the clock's day in Tokyo" }],
  'src/ingest/sources/mlit/quarters.ts': [{ line: 'Number(day.slice(5, 7))', reads: 'the month of a day, for its quarter' }],
  'src/ingest/sources/okx/index.ts': [{ line: 'Number(detail.ts)', reads: "a page's times, to know how far back it reaches" }],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (EXCLUDED.some((excluded) => `${path}/`.startsWith(excluded))) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

test('no publisher reader parses a figure but through the one rule: every Number(, parseFloat( and parseInt( left is listed with what else it reads', () => {
  const unlisted: string[] = [];
  const used = new Set<string>();
  for (const file of SCANNED.flatMap(sourceFiles)) {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (!PARSE.test(text)) return;
        const entry = (NOT_FIGURES[file] ?? []).find((listed) => text.includes(listed.line));
        if (entry === undefined) unlisted.push(`${file}:${index + 1}: ${text.trim()}`);
        else used.add(`${file}|${entry.line}`);
      });
  }
  assert.deepEqual(
    unlisted,
    [],
    'a figure parsed with Number/parseFloat/parseInt: use publisherFigure or checkedFigure (src/ingest/publisher-figures.ts), or list what else the call reads',
  );
  const stale = Object.entries(NOT_FIGURES).flatMap(([file, entries]) =>
    entries.filter((entry) => !used.has(`${file}|${entry.line}`)).map((entry) => `${file}: ${entry.line}`),
  );
  assert.deepEqual(stale, [], 'listed calls no line makes any more: remove them from the list');
});
