/**
 * Every HTTP call the dashboard pages make, in one module, through the hub's typed client
 * (@fdh/client, served as JavaScript under /dashboard/client/). Answers are the envelope's
 * `data`; failures throw ApiError. The session lives in an HttpOnly cookie the browser sends by
 * itself (the client's session mode: no API key, `credentials: 'same-origin'`); the CSRF token
 * it came with is kept here and the client sends it on every state change. The client retries
 * reads after a 5xx or a lost answer and sends every POST once.
 */
import { createClient, FdhError } from '../client/index.ts';

let csrfToken = null;
/**
 * Set while this browser holds a session it signed in to: a page opened without it asks no
 * session check, whose 401 the browser would log as an error before anyone signed in.
 */
const SIGNED_IN = 'fdh-signed-in';
const fdh = createClient({ baseUrl: location.origin, csrfToken: () => csrfToken });

/** What the pages show and test: the HTTP status (0 when no answer came), the hub's code and its message. */
export class ApiError extends Error {
  constructor(status, code, message, options) {
    super(message, options);
    this.status = status;
    this.code = code;
  }
}

/** The client's answer, or its FdhError as an ApiError whose message is the hub's own words. */
async function call(request) {
  try {
    return await request;
  } catch (failure) {
    if (!(failure instanceof FdhError)) throw failure;
    if (failure.status === 401) localStorage.removeItem(SIGNED_IN);
    throw new ApiError(failure.status, failure.code, failure.messages.join('; ') || failure.code, { cause: failure });
  }
}

export async function signIn(email, password) {
  const signedIn = await call(fdh.post('/api/v1/auth/login', { body: { email, password } }));
  csrfToken = signedIn.csrfToken;
  localStorage.setItem(SIGNED_IN, 'yes');
  return signedIn;
}

/** The session of a page opened again, if the cookie still holds one; null when this browser has not signed in. */
export async function resumeSession() {
  if (localStorage.getItem(SIGNED_IN) === null) return null;
  const signedIn = await call(fdh.get('/api/v1/auth/session'));
  csrfToken = signedIn.csrfToken;
  return signedIn;
}

export async function signOut() {
  try {
    await call(fdh.post('/api/v1/auth/logout'));
  } finally {
    csrfToken = null;
    localStorage.removeItem(SIGNED_IN);
  }
}

export const getAccount = () => call(fdh.get('/api/v1/account'));
export const listKeys = () => call(fdh.get('/api/v1/keys'));
/** `{ name, expiresAt?, scopes? }`; the answer carries the secret, once. */
export const createKey = (input) => call(fdh.post('/api/v1/keys', { body: input }));
export const rotateKey = (keyId, graceSeconds) =>
  call(fdh.post('/api/v1/keys/{id}/rotate', { params: { id: keyId }, body: graceSeconds > 0 ? { graceSeconds } : {} }));
export const revokeKey = (keyId) => call(fdh.post('/api/v1/keys/{id}/revoke', { params: { id: keyId } }));
/** `window`: 1h, 24h or 30d. */
export const getUsage = (window) => call(fdh.get('/api/v1/usage', { query: { window } }));

export const listAccounts = () => call(fdh.get('/api/v1/admin/accounts'));
/** `{ email, plan, name?, role?, password? }`; without a password the answer carries a one-time one. */
export const createAccount = (input) => call(fdh.post('/api/v1/admin/accounts', { body: input }));
export const setAccountPlan = (accountId, plan) => call(fdh.post('/api/v1/admin/accounts/{id}/plan', { params: { id: accountId }, body: { plan } }));
export const setAccountEnabled = (accountId, enabled) =>
  call(fdh.post(enabled ? '/api/v1/admin/accounts/{id}/enable' : '/api/v1/admin/accounts/{id}/disable', { params: { id: accountId } }));
export const listPlans = () => call(fdh.get('/api/v1/admin/plans'));
/** `{ account?, action?, cursor? }`: a page of the audit trail, newest first, and the next page's cursor. */
export const listAudit = (query) => call(fdh.get('/api/v1/admin/audit', { query }));
export const changePassword = (currentPassword, newPassword) => call(fdh.post('/api/v1/account/password', { body: { currentPassword, newPassword } }));

export const listSources = () => call(fdh.get('/api/v1/admin/sources'));
/** Runs the source now; answers when the run has finished. */
export const runSource = (sourceId) => call(fdh.post('/api/v1/admin/sources/{id}/run', { params: { id: sourceId } }));
