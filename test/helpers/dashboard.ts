import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { TestHub } from './app.ts';
import type { Role } from '../../src/accounts/accounts.repo.ts';

export const PASSWORD = 'correct horse battery staple';

/** A signed-in browser, as the dashboard API sees it: the session cookie and the CSRF token. */
export interface DashboardClient {
  accountId: string;
  cookie: string;
  csrfToken: string;
  get(url: string): Promise<LightMyRequestResponse>;
  /** A state change, with the CSRF header unless `csrf` is false. */
  post(url: string, body?: unknown, options?: { csrf?: boolean | string }): Promise<LightMyRequestResponse>;
}

export async function createAccount(hub: TestHub, email: string, options: { plan?: string; role?: Role } = {}): Promise<string> {
  const { account } = await hub.runtime.accounts.create({ email, plan: options.plan ?? 'pro', role: options.role, password: PASSWORD });
  return account.id;
}

export function login(hub: TestHub, email: string, password: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return hub.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers });
}

export async function signIn(hub: TestHub, email: string, options: { plan?: string; role?: Role } = {}): Promise<DashboardClient> {
  const accountId = await createAccount(hub, email, options);
  return signInAs(hub, email, accountId);
}

export async function signInAs(hub: TestHub, email: string, accountId: string, password = PASSWORD): Promise<DashboardClient> {
  const reply = await login(hub, email, password);
  assert.equal(reply.statusCode, 200, reply.body);
  const setCookie = String(reply.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const csrfToken = String(reply.json().data.csrfToken);
  return {
    accountId,
    cookie,
    csrfToken,
    get: (url) => hub.app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url, body = {}, options = {}) => {
      const csrf = options.csrf ?? true;
      const headers: Record<string, string> = { cookie };
      if (csrf !== false) headers['x-csrf-token'] = csrf === true ? csrfToken : csrf;
      return hub.app.inject({ method: 'POST', url, payload: body as Record<string, unknown>, headers });
    },
  };
}
