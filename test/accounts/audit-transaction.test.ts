import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestHub, type TestHub } from '../helpers/app.ts';
import { probeDomain } from '../helpers/probe-domain.ts';
import { createAccount, login, PASSWORD, signIn } from '../helpers/dashboard.ts';
import { syncSetup } from '../ingest/sync/helpers.ts';
import type { AuditService } from '../../src/accounts/audit.service.ts';

async function events(hub: TestHub, action: string) {
  return (await hub.runtime.audit.list({ action, limit: 100 })).events;
}

/**
 * The audit service writes its row, then the action fails (a crash between the audit insert and
 * the commit): with the row in the action's transaction, neither the action nor the row remains.
 */
function failAfterAuditInsert(audit: AuditService): () => void {
  const real = audit.record.bind(audit);
  audit.record = async (entry, within) => {
    await real(entry, within);
    throw new Error('crash after the audit row was written');
  };
  return () => {
    audit.record = real;
  };
}

test('an action whose transaction fails after its audit row leaves neither the change nor the row', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const accountId = await createAccount(hub, 'ann@example.com', { plan: 'basic' });
  const key = await hub.runtime.keys.create({ accountId, name: 'k' });
  const before = { rotate: (await events(hub, 'key.rotate')).length };
  const restore = failAfterAuditInsert(hub.runtime.audit);

  await assert.rejects(hub.runtime.keys.rotate(key.id, { graceSeconds: 3600 }), /crash after the audit row/);
  await assert.rejects(hub.runtime.keys.revoke(key.id), /crash after the audit row/);
  await assert.rejects(hub.runtime.keys.create({ accountId, name: 'second' }), /crash after the audit row/);
  await assert.rejects(hub.runtime.accounts.setPlan(accountId, 'pro'), /crash after the audit row/);
  await assert.rejects(hub.runtime.accounts.setStatus(accountId, 'disabled'), /crash after the audit row/);
  await assert.rejects(hub.runtime.accounts.create({ email: 'bo@example.com', plan: 'basic', password: PASSWORD }), /crash after the audit row/);
  const signin = await login(hub, 'ann@example.com', PASSWORD);
  assert.equal(signin.statusCode, 500);
  restore();

  const keys = await hub.runtime.keys.list(accountId);
  assert.deepEqual(
    keys.map((k) => [k.id, k.revokedAt, k.graceEndsAt, k.replacedBy]),
    [[key.id, null, null, null]],
    'no replacement, no grace, not revoked, no second key',
  );
  const account = await hub.runtime.accounts.get(accountId);
  assert.equal(account.plan, 'basic');
  assert.equal(account.status, 'active');
  assert.equal(await hub.runtime.accounts.find('bo@example.com'), undefined);
  assert.equal((await hub.runtime.store.db.selectFrom('session').selectAll().execute()).length, 0, 'no session began');
  for (const action of ['key.rotate', 'key.revoke', 'account.plan', 'account.disable', 'session.signin']) {
    assert.equal((await events(hub, action)).length, action === 'key.rotate' ? before.rotate : 0, `no ${action} row`);
  }
  assert.equal((await events(hub, 'key.create')).length, 1, 'only the first key’s');
  assert.equal((await events(hub, 'account.create')).length, 1, 'only ann’s');

  // And when the action succeeds, its row is there.
  await hub.runtime.keys.rotate(key.id, { graceSeconds: 3600 });
  assert.equal((await events(hub, 'key.rotate')).length, 1);
});

test("an account made in a caller's transaction that rolls back leaves no audit row", async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  await assert.rejects(
    hub.runtime.store.db.transaction().execute(async (trx) => {
      await hub.runtime.accounts.create({ email: 'cy@example.com', plan: 'basic', password: PASSWORD }, trx);
      throw new Error('the caller’s next write failed');
    }),
    /next write failed/,
  );
  assert.equal(await hub.runtime.accounts.find('cy@example.com'), undefined);
  assert.equal((await events(hub, 'account.create')).length, 0);
});

test('a wrong current password on a password change is in the audit trail', async (t) => {
  const hub = await createTestHub(t, { domains: [probeDomain] });
  const admin = await signIn(hub, 'admin@example.com', { role: 'admin' });
  const ann = await signIn(hub, 'ann@example.com', { plan: 'basic' });
  const wrong = await ann.post('/api/v1/account/password', { currentPassword: 'not the password', newPassword: 'a brand new passphrase' });
  assert.equal(wrong.statusCode, 400);
  const trail = await admin.get('/api/v1/admin/audit?action=password.change-refused');
  assert.equal(trail.statusCode, 200, trail.body);
  const [event, ...rest] = trail.json().data.events;
  assert.equal(rest.length, 0);
  assert.equal(event.accountId, ann.accountId);
  assert.equal(event.actor, 'ann@example.com');
  assert.deepEqual(event.detail, { reason: 'wrong current password' });
  const right = await ann.post('/api/v1/account/password', { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' });
  assert.equal(right.statusCode, 200, right.body);
  assert.equal((await events(hub, 'account.password-change')).length, 1);
  assert.equal((await events(hub, 'password.change-refused')).length, 1, 'a right one is not a refusal');
});

test('Run now of a source is in the audit trail with its outcome', async (t) => {
  const { hub, double } = await syncSetup(t);
  const admin = await signIn(hub, 'admin@example.com', { role: 'admin' });
  const ok = await admin.post('/api/v1/admin/sources/ecb-test-rates/run');
  assert.equal(ok.statusCode, 200, ok.body);
  double.fail({ kind: 'status', status: 404, body: 'gone' }, { times: 10 });
  const failed = await admin.post('/api/v1/admin/sources/ecb-test-rates/run');
  assert.equal(failed.json().data.status, 'failed');
  const trail = await admin.get('/api/v1/admin/audit?action=source.run');
  assert.equal(trail.statusCode, 200, trail.body);
  const runs = trail.json().data.events as { actor: string; target: string; accountId: string; detail: { status: string; rowsAdded: number } }[];
  assert.deepEqual(
    runs.map((e) => [e.actor, e.target, e.accountId, e.detail.status]),
    [
      ['admin@example.com', 'ecb-test-rates', admin.accountId, 'failed'],
      ['admin@example.com', 'ecb-test-rates', admin.accountId, ok.json().data.status],
    ],
  );
  assert.equal(ok.json().data.status, 'succeeded');
  assert.ok((runs[1]?.detail.rowsAdded ?? 0) > 0);
});
