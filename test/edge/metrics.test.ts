import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, type TestHub } from '../helpers/app.ts';
import { PROBE_KNOWN_ID, probeDomain } from '../helpers/probe-domain.ts';
import { FEATURE_CODES } from '../../src/edge/auth/plans.ts';
import { loadConfig } from '../../src/config.ts';

/** Weight 3 of a budget of 7: two calls pass, the third is refused. */
const PLANS = { plans: { pro: { budget: 7, features: [...FEATURE_CODES] } } };
const probe = `/openapi/v1/probe/${PROBE_KNOWN_ID}`;

async function scrape(hub: TestHub, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) {
  return hub.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
}

/** The value of one sample line, e.g. `fdh_quota_refusals_total{plan="pro"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('/metrics answers the Prometheus text format without an API key: requests by route, status class and plan, latency, refusals, cache, store and process', async (t) => {
  const hub = await createTestHub(t, { plans: PLANS, domains: [probeDomain] });
  const pro = await hub.key('pro');
  assert.equal((await hub.get(probe, pro)).statusCode, 200);
  assert.equal((await hub.get(probe, pro)).statusCode, 200);
  assert.equal((await hub.get(probe, pro)).statusCode, 429);
  assert.equal((await hub.get(probe)).statusCode, 401);
  assert.equal((await hub.get('/no/such/page')).statusCode, 404);

  const reply = await scrape(hub);
  assert.equal(reply.statusCode, 200);
  assert.match(String(reply.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  const text = reply.body;
  const route = '/openapi/v1/probe/:id';
  assert.equal(sample(text, `fdh_http_requests_total{route="${route}",status="2xx",plan="pro"}`), 2);
  assert.equal(sample(text, `fdh_http_requests_total{route="${route}",status="4xx",plan="pro"}`), 1, 'the refused call');
  assert.equal(sample(text, `fdh_http_requests_total{route="${route}",status="4xx",plan="none"}`), 1, 'the call without a key');
  assert.equal(sample(text, 'fdh_http_requests_total{route="unmatched",status="4xx",plan="none"}'), 1, 'unknown paths share one series');
  assert.equal(sample(text, `fdh_http_request_duration_seconds_count{route="${route}",status="2xx"}`), 2);
  assert.equal(sample(text, 'fdh_quota_refusals_total{plan="pro"}'), 1);
  assert.equal(sample(text, 'fdh_answer_cache_lookups_total{result="miss"}'), 1);
  assert.equal(sample(text, 'fdh_answer_cache_lookups_total{result="hit"}'), 1, 'the second call was answered from the cache');
  assert.ok((sample(text, 'fdh_store_query_duration_seconds_count{outcome="ok"}') ?? 0) > 0, 'store queries are timed');
  assert.ok(sample(text, 'process_resident_memory_bytes') !== undefined, 'process metrics');
  assert.ok(sample(text, 'nodejs_eventloop_lag_seconds') !== undefined, 'event-loop metrics');
});

test("/metrics reports each dataset's loaded releases and the time of the last", async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const release = (id: string, loadedAt: string) => ({
    id,
    dataset: 'fx',
    source: 'test',
    file_name: `${id}.csv`,
    content_hash: id,
    knowledge_at: loadedAt,
    loaded_at: loadedAt,
  });
  await hub.runtime.store.db
    .insertInto('release')
    .values([release('r1', '2026-06-01T00:00:00.000Z'), release('r2', '2026-06-18T06:00:00.000Z')])
    .execute();
  const text = (await scrape(hub)).body;
  assert.equal(sample(text, 'fdh_import_releases{dataset="fx"}'), 2);
  assert.equal(sample(text, 'fdh_import_last_success_timestamp_seconds{dataset="fx"}'), Date.parse('2026-06-18T06:00:00.000Z') / 1000);
});

test('/metrics is refused with 403 outside FDH_METRICS_ALLOW unless the request carries FDH_METRICS_TOKEN', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_METRICS_TOKEN: 'scrape-secret-1' } });
  const refused = await scrape(hub, '203.0.113.5');
  assert.equal(refused.statusCode, 403);
  assert.equal(refused.json().success, false);
  assert.doesNotMatch(refused.body, /fdh_http_requests_total/);
  assert.equal((await scrape(hub, '203.0.113.5', { authorization: 'Bearer wrong' })).statusCode, 403);
  assert.equal((await scrape(hub, '203.0.113.5', { authorization: 'Bearer scrape-secret-1' })).statusCode, 200);
  assert.equal((await scrape(hub, '::1')).statusCode, 200, 'IPv6 loopback is allowed by default');
  assert.equal((await scrape(hub, '::ffff:127.0.0.1')).statusCode, 200, 'so is IPv4 loopback on a dual-stack socket');
  assert.equal((await scrape(hub, '::ffff:203.0.113.5')).statusCode, 403);
});

test('FDH_METRICS_ALLOW replaces the loopback default with the listed addresses and ranges, and a bad entry fails the start', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_METRICS_ALLOW: '10.0.0.0/8, 2001:db8::1' } });
  assert.equal((await scrape(hub, '10.20.30.40')).statusCode, 200);
  assert.equal((await scrape(hub, '2001:db8::1')).statusCode, 200);
  assert.equal((await scrape(hub, '127.0.0.1')).statusCode, 403);
  assert.throws(
    () => loadConfig({ env: { FDH_METRICS_ALLOW: '10.0.0.0/33' }, cwd: hub.dataDir }),
    /FDH_METRICS_ALLOW: "10.0.0.0\/33" is not an IP address or CIDR range/,
  );
  assert.throws(() => loadConfig({ env: { FDH_METRICS_ALLOW: 'localhost' }, cwd: hub.dataDir }), /"localhost"/);
});

test('/metrics answers only for an expected Host (DNS rebinding): loopback names and the listen host by default, FDH_METRICS_HOSTS otherwise', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain], env: { FDH_METRICS_TOKEN: 'scrape-secret-1' } });
  for (const host of ['localhost:8080', 'localhost', '127.0.0.1:8080', '[::1]:8080', 'LOCALHOST.:9000']) {
    assert.equal((await scrape(hub, '127.0.0.1', { host })).statusCode, 200, host);
  }
  for (const host of ['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io:8080']) {
    const refused = await scrape(hub, '127.0.0.1', { host });
    assert.equal(refused.statusCode, 403, host);
    assert.equal(refused.json().success, false);
    assert.match(JSON.stringify(refused.json().error.message), /FDH_METRICS_HOSTS/);
    assert.doesNotMatch(refused.body, /fdh_http_requests_total/);
  }
  assert.equal(
    (await scrape(hub, '203.0.113.5', { host: 'hub.internal', authorization: 'Bearer scrape-secret-1' })).statusCode,
    200,
    'the token needs no Host check',
  );

  const listed = await createTestHub(t, { domains: [probeDomain], env: { FDH_HOST: '0.0.0.0', FDH_METRICS_HOSTS: 'metrics.internal:9100, 10.0.0.5' } });
  assert.equal((await scrape(listed, '127.0.0.1', { host: 'metrics.internal:9100' })).statusCode, 200);
  assert.equal((await scrape(listed, '127.0.0.1', { host: '10.0.0.5:8080' })).statusCode, 200);
  assert.equal((await scrape(listed, '127.0.0.1', { host: 'metrics.internal:8080' })).statusCode, 403);
  assert.equal((await scrape(listed, '127.0.0.1', { host: 'localhost' })).statusCode, 403, 'the list replaces the default');
  const listen = await createTestHub(t, { domains: [probeDomain], env: { FDH_HOST: '192.0.2.7' } });
  assert.equal((await scrape(listen, '127.0.0.1', { host: '192.0.2.7:8080' })).statusCode, 200, 'the listen host is expected by default');
  assert.throws(() => loadConfig({ env: { FDH_METRICS_HOSTS: 'evil example' }, cwd: hub.dataDir }), /FDH_METRICS_HOSTS: "evil example"/);
});
