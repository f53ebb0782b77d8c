import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { textLines } from '../../src/ingest/file-lines.ts';
import { payloadLimits } from '../../src/ingest/limits.ts';

test('a payload limit set in fdh.config.json applies where payloads are parsed; the environment wins over the file', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'fdh-limits-'));
  const saved = { rows: process.env.FDH_SYNC_MAX_ROWS, cells: process.env.FDH_SYNC_MAX_SHEET_CELLS };
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
    for (const [name, value] of [
      ['FDH_SYNC_MAX_ROWS', saved.rows],
      ['FDH_SYNC_MAX_SHEET_CELLS', saved.cells],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  delete process.env.FDH_SYNC_MAX_ROWS;
  process.env.FDH_SYNC_MAX_SHEET_CELLS = '77';
  writeFileSync(join(dir, 'fdh.config.json'), JSON.stringify({ FDH_SYNC_MAX_ROWS: 5, FDH_SYNC_MAX_SHEET_CELLS: 99 }));
  loadConfig({ cwd: dir });
  assert.deepEqual([payloadLimits().maxRows, payloadLimits().maxSheetCells], [5, 77]);
  assert.throws(() => textLines('1\n2\n3\n4\n5\n6\n'), /more than 5 lines \(FDH_SYNC_MAX_ROWS\)/);
});
