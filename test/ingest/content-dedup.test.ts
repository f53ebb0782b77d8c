import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { createTestHub, TEST_NOW } from '../helpers/app.ts';
import type { Database } from '../../src/store/schema.ts';
import { importFile, type AnyImporter } from '../../src/ingest/source.ts';
import { tiborJbaImporter } from '../../src/ingest/importers/macro/tibor-jba.ts';
import { dailyQuotesImporter } from '../../src/ingest/importers/equities/daily-quotes.ts';
import { rssFeedImporter } from '../../src/ingest/importers/news/rss-feed.ts';

const fixtureText = (path: string) => readFileSync(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)), 'utf8');
const options = { knowledgeAt: new Date(TEST_NOW), loadedAt: new Date(TEST_NOW) };

/** The same text as other editors save it. */
const TEXT_VARIANTS: Record<string, (text: string) => string> = {
  'CRLF line ends': (text) => text.replaceAll('\n', '\r\n'),
  'a byte-order mark': (text) => `\uFEFF${text}`,
  'trailing whitespace on lines': (text) => text.replaceAll('\n', ' \t\n'),
  'trailing blank lines': (text) => `${text}\n\n  \n`,
  'no final newline': (text) => text.trimEnd(),
  'all of them': (text) => `\uFEFF${text.replaceAll('\n', '  \r\n')}\r\n`,
};

function scratchDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-dedup-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const count = async (db: Kysely<Database>, table: 'release' | 'macro_observation' | 'equity_bar' | 'news_article') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function assertVariantsUnchanged(
  t: TestContext,
  db: Kysely<Database>,
  importer: AnyImporter,
  variants: Record<string, string>,
  dataTable: 'macro_observation' | 'equity_bar' | 'news_article',
): Promise<void> {
  const dir = scratchDir(t);
  const releases = await count(db, 'release');
  const rows = await count(db, dataTable);
  for (const [name, text] of Object.entries(variants)) {
    const file = join(dir, `${name.replaceAll(' ', '-')}.txt`);
    writeFileSync(file, text);
    const result = await importFile(db, importer, file, options);
    assert.equal(result.status, 'unchanged', `the original saved with ${name}`);
  }
  assert.equal(await count(db, 'release'), releases);
  assert.equal(await count(db, dataTable), rows);
}

async function importText(t: TestContext, db: Kysely<Database>, importer: AnyImporter, name: string, text: string) {
  const file = join(scratchDir(t), name);
  writeFileSync(file, text);
  return importFile(db, importer, file, options);
}

const applyAll = (text: string) => Object.fromEntries(Object.entries(TEXT_VARIANTS).map(([name, variant]) => [name, variant(text)]));

test('a CSV saved again with CRLF, a BOM or trailing whitespace is the release already loaded; a changed one is new', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const original = fixtureText('macro/jba-tibor-2026-06.csv');
  assert.equal((await importText(t, db, tiborJbaImporter, 'jba-tibor-2026-06.csv', original)).status, 'loaded');
  await assertVariantsUnchanged(t, db, tiborJbaImporter, applyAll(original), 'macro_observation');

  const corrected = fixtureText('macro/jba-tibor-2026-06-corrected.csv');
  const revision = await importText(t, db, tiborJbaImporter, 'jba-tibor-2026-06-corrected.csv', corrected.replaceAll('\n', '\r\n'));
  assert.equal(revision.status, 'loaded');
  assert.equal(await count(db, 'release'), 2);
});

test('a JSON file saved again with another layout, key order, CRLF or a BOM is the release already loaded; a changed one is new', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const original = fixtureText('equities/daily_quotes.json');
  assert.equal((await importText(t, db, dailyQuotesImporter, 'daily_quotes.json', original)).status, 'loaded');
  const parsed = JSON.parse(original) as { daily_quotes: Record<string, unknown>[] };
  const reordered = { daily_quotes: parsed.daily_quotes.map((quote) => Object.fromEntries(Object.entries(quote).reverse())) };
  await assertVariantsUnchanged(
    t,
    db,
    dailyQuotesImporter,
    { ...applyAll(original), 'another indentation and key order': JSON.stringify(reordered, null, 4), 'no layout': JSON.stringify(parsed) },
    'equity_bar',
  );

  const [first, ...rest] = parsed.daily_quotes;
  const changed = { daily_quotes: [{ ...first, Close: 8061 }, ...rest] };
  assert.equal((await importText(t, db, dailyQuotesImporter, 'daily_quotes.json', JSON.stringify(changed, null, 2))).status, 'loaded');
  assert.equal(await count(db, 'release'), 2);
});

test('an RSS feed saved again with CRLF, a BOM or trailing whitespace is the release already loaded', async (t) => {
  const hub = await createTestHub(t);
  const db = hub.runtime.store.db;
  const original = fixtureText('news/markets.rss.xml');
  assert.equal((await importText(t, db, rssFeedImporter, 'markets.rss.xml', original)).status, 'loaded');
  await assertVariantsUnchanged(t, db, rssFeedImporter, applyAll(original), 'news_article');
});
