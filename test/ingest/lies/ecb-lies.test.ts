import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createTestHub, type TestHub } from '../../helpers/app.ts';
import { doubleSources } from '../../helpers/all-publishers-hub.ts';
import { importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { buildZip, deflated } from '../hostile/payloads.ts';
import { storeUncheckedRelease } from '../../helpers/unchecked-release.ts';
import { SyncService } from '../../../src/ingest/sync/sync.service.ts';
import { ecbDailySource, ecbHistSource } from '../../../src/ingest/sources/ecb/index.ts';
import { ecbEurofxrefImporter } from '../../../src/ingest/importers/fx/ecb-eurofxref.ts';
import { ecbEurofxrefXmlImporter } from '../../../src/ingest/importers/fx/ecb-eurofxref-xml.ts';
import { zipEntry } from '../../../src/ingest/sources/zip-entry.ts';
import { importFile, ImportError } from '../../../src/ingest/source.ts';
import { revertRelease } from '../../../src/ingest/release-revert.ts';
import { writeVersioned } from '../../../src/store/versioned-write.ts';

/**
 * Plausible lies in the ECB's history file: one value or one row changed in the true file. Each
 * is refused, through `fdh sync` against the double at the ECB's real path and through `fdh
 * import`, naming the line, and every FX answer stays byte for byte what it was.
 */

const HIST_PATH = '/stats/eurofxref/eurofxref-hist.zip';
const TRUE_CSV = zipEntry(publisherSample('ecb', 'eurofxref-hist.zip'), 'eurofxref-hist.csv').toString('utf8');
const LINES = TRUE_CSV.split('\n');
const HEADER = (LINES[0] ?? '').split(',');
const USD = HEADER.indexOf('USD');

/** The true file with line `line` (1-based) given `usd` as its USD rate. */
function withUsd(line: number, usd: string): string {
  return LINES.map((text, i) => {
    if (i !== line - 1) return text;
    const cells = text.split(',');
    cells[USD] = usd;
    return cells.join(',');
  }).join('\n');
}

/** The true file with a copy of line `like`'s rates dated `date`, at the top or the end. */
function withRow(date: string, at: 'top' | 'end'): string {
  const body = LINES.filter((text, i) => i > 0 && text.trim() !== '');
  const like = (at === 'top' ? body[0] : body[body.length - 1]) ?? '';
  const row = [date, ...like.split(',').slice(1)].join(',');
  const lines = at === 'top' ? [LINES[0] ?? '', row, ...body] : [LINES[0] ?? '', ...body, row];
  return `${lines.join('\n')}\n`;
}

const dataLines = LINES.filter((text) => text.trim() !== '').length;

const LIES: { name: string; csv: string; reason: RegExp }[] = [
  { name: 'a rate of 5e-324', csv: withUsd(3, '5e-324'), reason: /^eurofxref-hist\.csv: line 3: fx\.close:EUR\/USD "5e-324" is not a decimal number/ },
  { name: 'a rate of 1e308', csv: withUsd(4, '1e308'), reason: /^eurofxref-hist\.csv: line 4: fx\.close:EUR\/USD "1e308" is not a decimal number/ },
  { name: 'a rate of 0x10', csv: withUsd(5, '0x10'), reason: /^eurofxref-hist\.csv: line 5: fx\.close:EUR\/USD "0x10" is not a decimal number/ },
  {
    name: 'a row dated 2099-12-31',
    csv: withRow('2099-12-31', 'top'),
    reason: /^eurofxref-hist\.csv: line 2: 2099-12-31 is after what the hub knows \(2026-03-24\)/,
  },
  {
    name: 'a row dated 1900-01-01',
    csv: withRow('1900-01-01', 'end'),
    reason: new RegExp(`^eurofxref-hist\\.csv: line ${dataLines + 1}: 1900-01-01 is before a fx\\.close:EUR/\\w{3} figure can exist \\(1999-01-04\\)`),
  },
];

const PATHS = ['/fx/summary', '/fx/table', '/fx/em-stress', '/series/fx.close:EUR%2FUSD', '/series/fx.close:EUR%2FUSD?format=csv'];

async function ecbHub(t: Parameters<typeof createTestHub>[0]) {
  const { double, sourcesFile } = await doubleSources(t, [ecbHistSource, ecbDailySource]);
  const hub = await createTestHub(t, { now: '2026-03-24T12:00:00.000Z', env: { FDH_SOURCES_FILE: sourcesFile, FDH_DEMO: 'off', FDH_SYNC_RETRIES: '0' } });
  const sync = await SyncService.open({ ...hub.runtime, env: {} });
  t.after(() => sync.close());
  const first = await sync.run([ecbHistSource.id, ecbDailySource.id]);
  assert.deepEqual(
    first.map((outcome) => outcome.status),
    ['succeeded', 'succeeded'],
  );
  const key = await hub.key();
  const answers = async () => {
    const bodies: Record<string, string> = {};
    for (const path of PATHS) {
      const answer = await hub.get(`/openapi/v1${path}`, key);
      assert.equal(answer.statusCode, 200, `${path}: ${answer.body.slice(0, 300)}`);
      bodies[path] = answer.body;
    }
    return bodies;
  };
  return { double, hub, sync, answers };
}

function csvFile(t: { after(fn: () => void): void }, content: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-ecb-lie-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'eurofxref-hist.csv');
  writeFileSync(file, content);
  return file;
}

const importAt = (hub: TestHub, file: string) =>
  importFile(hub.runtime.store.db, ecbEurofxrefImporter, file, { knowledgeAt: hub.clock.now(), loadedAt: hub.clock.now() });

test('each of five plausible lies in the ECB history, served at its real path or loaded with fdh import, fails naming the line, and the FX answers stay byte for byte', async (t) => {
  const { double, hub, sync, answers } = await ecbHub(t);
  const before = await answers();
  const releases = await hub.runtime.store.db.selectFrom('release').select('id').execute();
  for (const lie of LIES) {
    double.setBody(HIST_PATH, buildZip([deflated('eurofxref-hist.csv', lie.csv)]));
    const [outcome] = await sync.run([ecbHistSource.id]);
    assert.equal(outcome?.status, 'failed', lie.name);
    assert.match(outcome?.status === 'failed' ? outcome.error : '', lie.reason, lie.name);
    await assert.rejects(importAt(hub, csvFile(t, lie.csv)), (error: unknown) => error instanceof ImportError && lie.reason.test(error.message), lie.name);
    assert.deepEqual(await answers(), before, `${lie.name}: the answers are unchanged`);
  }
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, releases.length, 'no release was added');
});

test('a bad release already in the store (loaded without the figure rules) is undone byte for byte: by the true file returning, or by fdh releases revert', async (t) => {
  const { double, hub, sync, answers } = await ecbHub(t);
  const db = hub.runtime.store.db;
  const before = await answers();
  const trueFile = csvFile(t, TRUE_CSV);
  const lastDay = (LINES[1] ?? '').split(',')[0] ?? '';

  const undoings: {
    name: string;
    closes: { instrument: string; date: string; close: number }[];
    withdraw?: { instrument: string; from: string; to: string };
    undo: (releaseId: string) => Promise<void>;
  }[] = [
    {
      name: 'EUR/USD at 5e-324, then the true file again',
      closes: [
        { instrument: 'fx:EUR/USD', date: lastDay, close: 5e-324 },
        { instrument: 'fx:USD/JPY', date: lastDay, close: Infinity },
      ],
      undo: async (releaseId) => {
        const result = await importAt(hub, trueFile);
        assert.equal(result.status, 'restored');
        assert.deepEqual(result.reverted, [releaseId]);
      },
    },
    {
      name: 'EUR/USD at 16 (0x10), then the publisher serving the true file again',
      closes: [{ instrument: 'fx:EUR/USD', date: lastDay, close: 16 }],
      undo: async (releaseId) => {
        // Other bytes (a blank line more), the same content: the sync fetches it and sees the release it already had.
        double.setBody(HIST_PATH, buildZip([deflated('eurofxref-hist.csv', `${TRUE_CSV}\n`)]));
        const [outcome] = await sync.run([ecbHistSource.id]);
        assert.equal(outcome?.status, 'succeeded');
        assert.match(
          outcome?.status === 'succeeded' ? (outcome.notes ?? []).join(' ') : '',
          new RegExp(`eurofxref-hist\\.csv: the content of release rel_\\w+ again; took back ${releaseId}, which the figure rules refuse`),
        );
      },
    },
    {
      name: 'a close dated 2099-12-31, then fdh releases revert',
      closes: [{ instrument: 'fx:EUR/USD', date: '2099-12-31', close: 1.1 }],
      undo: async (releaseId) => {
        await writeVersioned(db, async (trx) => {
          const outcome = await revertRelease(trx, releaseId, hub.clock.now());
          return { result: outcome, changed: outcome.changed };
        });
      },
    },
    {
      name: 'a row dated 1900-01-01 that withdrew the history in its span, then the true file again',
      closes: [{ instrument: 'fx:EUR/USD', date: '1900-01-01', close: 1.1 }],
      withdraw: { instrument: 'fx:EUR/USD', from: '1900-01-01', to: '2025-12-31' },
      undo: async () => assert.equal((await importAt(hub, trueFile)).status, 'restored'),
    },
  ];
  const key = await hub.key();
  for (const { name, closes, withdraw, undo } of undoings) {
    const knowledgeAt = hub.clock.now().toISOString();
    const releaseId = await storeUncheckedRelease(db, {
      dataset: ecbEurofxrefImporter.dataset,
      fileName: 'eurofxref-hist.csv',
      source: ecbEurofxrefImporter.source,
      knowledgeAt,
      closes,
      ...(withdraw === undefined ? {} : { withdraw }),
    });
    await hub.changed('instruments');
    const bad = await Promise.all(PATHS.map((path) => hub.get(`/openapi/v1${path}`, key)));
    assert.deepEqual(
      bad.map((answer) => answer.statusCode),
      PATHS.map(() => 200),
      `${name}: every answer is a 200 while the bad release is served`,
    );
    assert.notDeepEqual(Object.fromEntries(PATHS.map((path, i) => [path, bad[i]?.body])), before, `${name}: the bad release shows`);
    await undo(releaseId);
    assert.deepEqual(await answers(), before, `${name}: every answer is again what it was`);
  }
});

test('a lie already stored never blocks the true figures that follow it: the next day loads beside a stored EUR/USD of 16 or of 5e-324', async (t) => {
  const hub = await createTestHub(t, { now: '2026-03-24T12:00:00.000Z', env: { FDH_DEMO: 'off' } });
  const db = hub.runtime.store.db;
  const lastDay = (LINES[1] ?? '').split(',')[0] ?? '';
  assert.equal((await importAt(hub, csvFile(t, TRUE_CSV))).status, 'loaded');
  for (const lie of [16, 5e-324]) {
    await storeUncheckedRelease(db, {
      dataset: ecbEurofxrefImporter.dataset,
      fileName: 'eurofxref-hist.csv',
      source: ecbEurofxrefImporter.source,
      knowledgeAt: hub.clock.now().toISOString(),
      closes: [{ instrument: 'fx:EUR/USD', date: lastDay, close: lie }],
    });
    // The ECB's daily file of 2026-03-23, as published.
    const [result] = await importPayloads(
      hub,
      [{ importer: ecbEurofxrefXmlImporter, fileName: 'eurofxref-daily.xml', content: publisherSample('ecb', 'eurofxref-daily.xml'), archiveHashes: [] }],
      hub.clock.now(),
    );
    assert.equal(result?.status, 'loaded', `after a stored ${lie}`);
    const stored = await db
      .selectFrom('instrument_close')
      .select('close')
      .where('instrument', '=', 'fx:EUR/USD')
      .where('date', '=', '2026-03-23')
      .executeTakeFirst();
    assert.equal(stored?.close, 1.1596);
    await db.deleteFrom('release').where('dataset', '=', ecbEurofxrefXmlImporter.dataset).execute();
    await db.deleteFrom('instrument_close').where('date', '=', '2026-03-23').execute();
  }
});
