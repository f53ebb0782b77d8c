import assert from 'node:assert/strict';
import { test } from 'node:test';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import { zipEntry } from '../../../src/ingest/sources/zip-entry.ts';
import { ecbHistSource } from '../../../src/ingest/sources/ecb/index.ts';
import { mlitSources } from '../../../src/ingest/sources/mlit/index.ts';
import { assertMemoryBounded, buildZip, deflated, refusedWith, withEnv } from './payloads.ts';

// 64 MiB of zeros deflate to about 64 KiB: a small bomb, the ratio of a large one.
const ZEROS = 64 * 1024 * 1024;
const BOMB = deflateRawSync(Buffer.alloc(ZEROS));

test('a zip entry declaring more than FDH_SYNC_MAX_INFLATED_MB is refused before inflating', async () => {
  const zip = buildZip([{ name: 'eurofxref-hist.csv', data: BOMB, size: 3.1 * 1024 ** 3, crc: 0 }]);
  await refusedWith(
    () => zipEntry(zip, 'eurofxref-hist.csv'),
    /^zip entry eurofxref-hist\.csv declares 3\.1 GB, more than the 256 MB allowed \(FDH_SYNC_MAX_INFLATED_MB\)$/,
  );
  assertMemoryBounded();
});

test('a zip entry inflating a thousand times its size is refused for its ratio (FDH_SYNC_MAX_COMPRESSION_RATIO)', async () => {
  const zip = buildZip([{ name: 'eurofxref-hist.csv', data: BOMB, size: ZEROS, crc: crc32(Buffer.alloc(ZEROS)) }]);
  await refusedWith(
    () => zipEntry(zip, 'eurofxref-hist.csv'),
    /declares 64 MB from [\d.]+ KB, a compression ratio of \d+:1, more than the 200:1 allowed \(FDH_SYNC_MAX_COMPRESSION_RATIO\)/,
  );
  assertMemoryBounded();
});

test('a zip entry that inflates to more than it declares stops at the declared size', async (t) => {
  const zip = buildZip([{ name: 'eurofxref-hist.csv', data: BOMB, size: 1000, crc: 0 }]);
  await refusedWith(() => zipEntry(zip, 'eurofxref-hist.csv'), /zip entry eurofxref-hist\.csv inflates to more than the 1000 bytes it declares/);
  // And the cap holds when the ratio is let through: the settings are read when the entry is.
  withEnv(t, { FDH_SYNC_MAX_COMPRESSION_RATIO: '100000', FDH_SYNC_MAX_INFLATED_MB: '16' });
  const honest = buildZip([{ name: 'x.csv', data: BOMB, size: ZEROS, crc: crc32(Buffer.alloc(ZEROS)) }]);
  await refusedWith(() => zipEntry(honest, 'x.csv'), /declares 64 MB, more than the 16 MB allowed \(FDH_SYNC_MAX_INFLATED_MB\)/);
  assertMemoryBounded();
});

test('a history the size of the ECB’s (7,000 days × 30 currencies) passes every zip check', () => {
  const currencies = Array.from({ length: 30 }, (_, i) => `C${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`);
  const lines = [`Date,${currencies.join(',')},`];
  for (let day = 0; day < 7_000; day++) {
    const date = new Date(Date.UTC(1999, 0, 4 + day)).toISOString().slice(0, 10);
    lines.push(`${date},${currencies.map(() => (Math.random() * 200).toFixed(4)).join(',')},`);
  }
  const csv = `${lines.join('\n')}\n`;
  const entry = deflated('eurofxref-hist.csv', csv);
  assert.ok(entry.size / entry.data.length < 20, `ratio ${entry.size / entry.data.length}`);
  assert.equal(zipEntry(buildZip([entry]), 'eurofxref-hist.csv').toString('utf8'), csv);
});

test('the ECB history source refuses a bomb served in place of eurofxref-hist.zip', async () => {
  const zip = buildZip([{ name: 'eurofxref-hist.csv', data: BOMB, size: 2 ** 32 - 1, crc: 0 }]);
  await refusedWith(
    () =>
      ecbHistSource.collect({
        baseUrl: 'http://ecb.test',
        params: {},
        credentials: {},
        cursor: undefined,
        now: new Date(),
        fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body: zip, archiveHash: 'x' }),
      }),
    /FDH_SYNC_MAX_INFLATED_MB/,
  );
});

test('an undeclared gzip body where MLIT’s JSON is expected inflates no further than FDH_SYNC_MAX_INFLATED_MB', async (t) => {
  withEnv(t, { FDH_SYNC_MAX_INFLATED_MB: '16' });
  const body = gzipSync(Buffer.alloc(ZEROS));
  const source = mlitSources[0];
  assert.ok(source !== undefined);
  await refusedWith(
    () =>
      source.collect({
        baseUrl: 'http://mlit.test',
        params: { areas: ['13'], initialQuarters: 1, priceClassification: '01', language: 'en' },
        credentials: { MLIT_API_KEY: 'k' },
        cursor: undefined,
        now: new Date('2026-06-19T00:00:00Z'),
        fetch: async (request) => ({ notModified: false, url: request.url, status: 200, headers: {}, body, archiveHash: 'x' }),
      }),
    /mlit-xit001-13-\d{4}-Q\d\.json: the gzip body inflates to more than the 16 MB allowed \(FDH_SYNC_MAX_INFLATED_MB\)/,
  );
  assertMemoryBounded();
});
