/**
 * Every HTTP call the dashboard pages make, in one module, so a generated, typed client of the
 * OpenAPI document (/openapi.json, tag Dashboard) can replace it. Answers are the envelope's
 * `data`; failures throw ApiError. The session lives in an HttpOnly cookie the browser sends by
 * itself; the CSRF token it came with is kept here and sent on every state change.
 */
const BASE = '/api/v1';
let csrfToken = null;

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function call(method, path, body) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken !== null) headers['x-csrf-token'] = csrfToken;
  const response = await fetch(BASE + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
  });
  const envelope = await response.json().catch(() => null);
  if (!response.ok || envelope === null || envelope.success !== true) {
    const error = envelope?.error;
    const message = Array.isArray(error?.message) ? error.message.join('; ') : (error?.message ?? response.statusText);
    throw new ApiError(response.status, error?.code ?? 'ERROR', message);
  }
  return envelope.data;
}

const id = (value) => encodeURIComponent(value);

export async function signIn(email, password) {
  const signedIn = await call('POST', '/auth/login', { email, password });
  csrfToken = signedIn.csrfToken;
  return signedIn;
}

/** The session of a page opened again, if the cookie still holds one. */
export async function resumeSession() {
  const signedIn = await call('GET', '/auth/session');
  csrfToken = signedIn.csrfToken;
  return signedIn;
}

export async function signOut() {
  try {
    await call('POST', '/auth/logout', {});
  } finally {
    csrfToken = null;
  }
}

export const getAccount = () => call('GET', '/account');
export const listKeys = () => call('GET', '/keys');
/** `{ name, expiresAt?, scopes? }`; the answer carries the secret, once. */
export const createKey = (input) => call('POST', '/keys', input);
export const rotateKey = (keyId, graceSeconds) => call('POST', `/keys/${id(keyId)}/rotate`, graceSeconds > 0 ? { graceSeconds } : {});
export const revokeKey = (keyId) => call('POST', `/keys/${id(keyId)}/revoke`, {});
/** `window`: 1h, 24h or 30d. */
export const getUsage = (window) => call('GET', `/usage?window=${id(window)}`);

export const listAccounts = () => call('GET', '/admin/accounts');
/** `{ email, plan, name?, role?, password? }`; without a password the answer carries a one-time one. */
export const createAccount = (input) => call('POST', '/admin/accounts', input);
export const setAccountPlan = (accountId, plan) => call('POST', `/admin/accounts/${id(accountId)}/plan`, { plan });
export const setAccountEnabled = (accountId, enabled) => call('POST', `/admin/accounts/${id(accountId)}/${enabled ? 'enable' : 'disable'}`, {});
export const listPlans = () => call('GET', '/admin/plans');
