import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boundedText, failureReason, MAX_REASON_BYTES } from '../../../src/ingest/sync/failure-reason.ts';
import { printable } from '../../../src/kernel/printable.ts';
import { redactUrl } from '../../../src/ingest/sync/archive.ts';
import { signIn } from '../../helpers/dashboard.ts';
import { syncSetup } from './helpers.ts';

test('printable shows C0, DEL, C1, ESC sequences, line separators and bidi overrides as escapes, and is idempotent', () => {
  const shown = printable('a\x1b[31mred\x1b[0m\nforged\r\tx\x00\x7f\u0085\u009b\u2028\u202etxt\u2066');
  assert.equal(shown, 'a\\x1b[31mred\\x1b[0m\\nforged\\r\\tx\\x00\\x7f\\x85\\x9b\\u2028\\u202etxt\\u2066');
  assert.equal(printable(shown), shown);
  assert.equal(printable('Ünïcödé 日本 €'), 'Ünïcödé 日本 €');
});

test('a failure reason: the message, what its cause adds, URLs redacted and readable, controls escaped', () => {
  const error = new Error('https://api.stlouisfed.org/fred/series/observations?series_id=SP500&api_key=secret123&realtime_start=2026-01-01T00%3A00: HTTP 400', {
    cause: new Error('socket hang up\n\x1b[2J'),
  });
  const reason = failureReason(error);
  assert.equal(
    reason,
    'https://api.stlouisfed.org/fred/series/observations?series_id=SP500&api_key=***&realtime_start=2026-01-01T00:00: HTTP 400: socket hang up\\n\\x1b[2J',
  );
  assert.doesNotMatch(reason, /secret123/);
  assert.equal(failureReason(new Error('wrapped: inner', { cause: new Error('inner') })), 'wrapped: inner', 'a cause already said is not repeated');
  assert.equal(failureReason('a plain string'), 'a plain string');
  const cyclic = new Error('outer');
  cyclic.cause = cyclic;
  assert.equal(failureReason(cyclic), 'outer');
});

test("a source's credential values are masked anywhere in a URL or a message: a path segment, any parameter, as written or escaped", () => {
  const key = 'k/y+z ü1';
  const url = `https://ecos.bok.or.kr/api/StatisticSearch/${encodeURIComponent(key)}/json/kr/1/1000/802Y001/D/20260601/20260619/0001000?q=${new URLSearchParams([['', key]]).toString().slice(1)}`;
  assert.equal(redactUrl(url, [key]), 'https://ecos.bok.or.kr/api/StatisticSearch/***/json/kr/1/1000/802Y001/D/20260601/20260619/0001000?q=***');
  assert.equal(redactUrl('https://ecos.bok.or.kr/api/StatisticSearch/ABCD1234/json', ['ABCD1234', '']), 'https://ecos.bok.or.kr/api/StatisticSearch/***/json');
  assert.equal(redactUrl('not a URL ABCD1234', ['ABCD1234']), 'not a URL ***', 'a URL that does not parse is masked too');
  const reason = failureReason(new Error(`${url}: HTTP 403; the publisher says "key ${key} is unknown"`), [key]);
  assert.equal(
    reason,
    'https://ecos.bok.or.kr/api/StatisticSearch/***/json/kr/1/1000/802Y001/D/20260601/20260619/0001000?q=***: HTTP 403; the publisher says "key *** is unknown"',
  );
});

test('a failure reason of 2,000,084 characters is cut to 1 KiB of UTF-8, never mid-character, with a marker', () => {
  const long = `${'é'.repeat(1000)}${'x'.repeat(2_000_084 - 1000)}`;
  const reason = failureReason(new Error(long));
  assert.ok(Buffer.byteLength(reason) <= MAX_REASON_BYTES, `${Buffer.byteLength(reason)} bytes`);
  assert.match(reason, /^é+ … \(cut, 2,000,084 characters in all\)$/);
  assert.ok(!reason.includes('\ufffd'));
  // Cut through an escape: the partial escape goes, the marker stays.
  const escapes = boundedText('\x1b'.repeat(2000));
  assert.match(escapes, /^(\\x1b)+ … \(cut, 2,000 characters in all\)$/);
  assert.ok(Buffer.byteLength(escapes) <= MAX_REASON_BYTES);
  // A reason stored long and raw is bounded when shown; a bounded one is shown as it is.
  assert.equal(boundedText(reason), reason);
  assert.equal(boundedText(escapes), escapes);
  assert.equal(boundedText('short'), 'short');
  const emoji = boundedText('😀'.repeat(600));
  assert.ok(Buffer.byteLength(emoji) <= MAX_REASON_BYTES && !emoji.includes('\ufffd'));
});

test('the sources API and Run now show a stored reason bounded and escaped, however it was stored', async (t) => {
  const { hub, double } = await syncSetup(t);
  const admin = await signIn(hub, 'admin@example.com', { role: 'admin' });
  double.fail({ kind: 'status', status: 404, body: `gone\x1b[31m${'z'.repeat(3000)}` }, { times: 10 });
  const run = await admin.post('/api/v1/admin/sources/ecb-test-rates/run');
  assert.equal(run.statusCode, 200, run.body);
  const message = run.json().data.message as string;
  assert.ok(Buffer.byteLength(message) <= MAX_REASON_BYTES && !message.includes('\x1b'), message);
  // A reason stored before reasons were bounded: 2 MB, raw controls.
  await hub.runtime.store.db
    .updateTable('sync_source')
    .set({ last_error: `raw\x1b[2J\n${'y'.repeat(2_000_000)}` })
    .where('source_id', '=', 'ecb-test-rates')
    .execute();
  const listed = await admin.get('/api/v1/admin/sources');
  assert.equal(listed.statusCode, 200);
  const rates = (listed.json().data as { id: string; lastError: string | null }[]).find((s) => s.id === 'ecb-test-rates');
  assert.match(rates?.lastError ?? '', /^raw\\x1b\[2J\\ny+ … \(cut, 2,000,008 characters in all\)$/);
  assert.ok(Buffer.byteLength(rates?.lastError ?? '') <= MAX_REASON_BYTES);
});
