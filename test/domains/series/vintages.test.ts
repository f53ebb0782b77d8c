import { test } from 'node:test';
import assert from 'node:assert/strict';
import { demoHubPerFile } from './demo-hub.ts';

interface Vintages {
  data: { date: string }[];
  meta: { fact: string; count: number };
}
interface Point {
  period: string;
  value: number | null;
}
interface ErrorBody {
  success: boolean;
  error: { code: string; message: string | string[] };
}

/** One demo hub for the file: the seed takes a while. */
const { hub: demoHub } = demoHubPerFile();

async function vintages(path: string): Promise<string[]> {
  const { hub, key, validate } = await demoHub();
  const reply = await hub.get(`/openapi/v1/series/${path}/vintages`, key);
  assert.equal(reply.statusCode, 200, `${path}: ${reply.body}`);
  assert.equal(reply.headers['x-ratelimit-weight-used'], '1');
  const check = validate('/openapi/v1/series/{fact}/vintages', 'get');
  assert.ok(check(reply.json()), `${path}: ${JSON.stringify(check.errors)}`);
  const answer = reply.json<Vintages>();
  assert.equal(answer.meta.count, answer.data.length);
  return answer.data.map((vintage) => vintage.date);
}

async function points(url: string): Promise<Point[]> {
  const { hub, key } = await demoHub();
  const reply = await hub.get(`/openapi/v1${url}`, key);
  assert.equal(reply.statusCode, 200, `${url}: ${reply.body}`);
  return reply.json<{ data: Point[] }>().data;
}

const dayBefore = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const distinctAscending = (days: readonly string[]): string[] => [...new Set(days)].sort();

test('/series/{fact}/vintages of a revised statistic lists the days its figures changed; asOf the day before the last revision shows the figures before it', async () => {
  const { hub } = await demoHub();
  // The demo's US PCE: a preliminary figure for most months, revised a month later.
  const stored = await hub.runtime.store.db
    .selectFrom('macro_observation')
    .select(['period', 'value', 'knowledge_at'])
    .where('series', '=', 'us.pce')
    .orderBy('period')
    .orderBy('knowledge_at')
    .execute();
  const days = await vintages('macro:us.pce');
  assert.deepEqual(days, distinctAscending(stored.map((row) => String(row.knowledge_at).slice(0, 10))));
  assert.ok(days.length > 100 && days.every((day, i) => i === 0 || (days[i - 1] ?? '') < day), 'ascending, each once');

  // The last day a figure was replaced by a different one: the period it revised and the figure it replaced.
  const revisions = stored.flatMap((row, i) => {
    const earlier = stored[i - 1];
    return earlier !== undefined && earlier.period === row.period && Number(earlier.value) !== Number(row.value) ? [{ revised: row, earlier }] : [];
  });
  const last = revisions.reduce((latest, revision) => (revision.revised.knowledge_at > latest.revised.knowledge_at ? revision : latest));
  const revisedOn = String(last.revised.knowledge_at).slice(0, 10);
  assert.ok(days.includes(revisedOn));
  const asOf = dayBefore(revisedOn);

  // What the store knew by the end of asOf: each period's latest version learned by then.
  const knownThen = new Map<string, number>();
  for (const row of stored) if (String(row.knowledge_at) <= `${asOf}T23:59:59.999Z`) knownThen.set(row.period, Number(row.value));
  const before = await points(`/series/macro:us.pce?asOf=${asOf}&limit=10000`);
  assert.deepEqual(
    before.map((point) => [point.period, point.value]),
    [...knownThen],
  );
  const period = last.revised.period;
  const now = await points(`/series/macro:us.pce?from=${period}-01&to=${period}-01`);
  assert.deepEqual(
    [before.find((point) => point.period === period)?.value, now.map((point) => point.value)],
    [Number(last.earlier.value), [Number(last.revised.value)]],
    `${period}: the figure revised on ${revisedOn}, then and now`,
  );
});

test("/series/{fact}/vintages of a close lists the days its closes were learned, a pair's slash encoded", async () => {
  const { hub, key } = await demoHub();
  for (const [fact, instrument] of [
    ['index.close:N225', 'index:N225'],
    ['fx.close:USD%2FJPY', 'fx:USD/JPY'],
  ] as const) {
    const db = hub.runtime.store.db;
    const [closes, replaced] = await Promise.all([
      db.selectFrom('instrument_close').select('knowledge_at').where('instrument', '=', instrument).execute(),
      db.selectFrom('instrument_close_superseded').select('knowledge_at').where('instrument', '=', instrument).execute(),
    ]);
    assert.ok(closes.length > 0);
    assert.deepEqual(await vintages(fact), distinctAscending([...closes, ...replaced].map((row) => String(row.knowledge_at).slice(0, 10))), fact);
  }
  const csv = await hub.get('/openapi/v1/series/index.close:N225/vintages?format=csv', key);
  assert.equal(csv.statusCode, 200);
  const [header, ...lines] = csv.body.split('\r\n').filter((line) => line !== '');
  assert.equal(header, 'date');
  assert.deepEqual(lines, await vintages('index.close:N225'));
});

test('/series/{fact}/vintages: a series that keeps no versions is a 400, an unknown one a 404, a plan without its feature a 403', async () => {
  const { hub, key } = await demoHub();
  const cases: [string, number, RegExp][] = [
    ['equity.bar:7203', 400, /keeps no vintages.*asOf/],
    ['crypto.snapshot:BTC', 400, /keeps no vintages.*asOf/],
    ['etf.nav:1306', 400, /keeps no vintages/],
    ['nothing.here:X', 400, /fact/],
    ['macro:us.nope', 404, /macro:us\.nope/],
    ['index.close:NOPE', 404, /index\.close:NOPE/],
  ];
  for (const [fact, status, message] of cases) {
    const reply = await hub.get(`/openapi/v1/series/${fact}/vintages`, key);
    assert.equal(reply.statusCode, status, `${fact}: ${reply.body}`);
    const body = reply.json<ErrorBody>();
    assert.equal(body.success, false);
    assert.match(JSON.stringify(body.error.message), message, fact);
  }
  const free = await hub.key('free');
  const refused = await hub.get('/openapi/v1/series/macro:us.cpi/vintages', free);
  assert.equal(refused.statusCode, 403);
  assert.match(String(refused.json<ErrorBody>().error.message), /macro_data/);
  assert.equal((await hub.get('/openapi/v1/series/fx.close:USD%2FJPY/vintages', free)).statusCode, 200);
});
