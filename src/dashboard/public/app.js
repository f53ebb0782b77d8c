import * as api from './api.js';
import { h, errorBox, announce } from './dom.js';
import { renderOverview } from './overview.js';
import { renderKeys } from './keys.js';
import { renderUsage } from './usage.js';
import { renderAccounts, renderPlans } from './admin.js';
import { renderAudit } from './audit.js';
import { renderPasswordChange } from './password.js';
import { renderSources } from './sources.js';

const main = document.getElementById('main');
const nav = document.getElementById('nav');
const who = document.getElementById('who');

const ROUTES = {
  '#/': { title: 'Overview', render: renderOverview },
  '#/keys': { title: 'API keys', render: renderKeys },
  '#/usage': { title: 'Usage', render: renderUsage },
  '#/admin/accounts': { title: 'Accounts', render: renderAccounts, admin: true },
  '#/admin/plans': { title: 'Plans', render: renderPlans, admin: true },
  '#/admin/audit': { title: 'Audit', render: renderAudit, admin: true },
  '#/account/password': { title: 'Password', render: renderPasswordChange },
  '#/admin/sources': { title: 'Sources', render: renderSources, admin: true },
};

/** The signed-in account, or null. */
let account = null;
/** Undoes what the current page set up (timers, charts) before the next one renders. */
let leavePage = () => {};

function showSignedIn(signedIn) {
  account = signedIn?.account ?? null;
  nav.hidden = account === null;
  who.hidden = account === null;
  document.getElementById('who-email').textContent = account?.email ?? '';
  for (const link of nav.querySelectorAll('[data-admin]')) link.hidden = account?.role !== 'admin';
}

function renderSignIn(message) {
  const error = h('div');
  const form = h(
    'form',
    { class: 'card narrow', 'aria-labelledby': 'sign-in-title' },
    h('h1', { id: 'sign-in-title' }, 'Sign in'),
    h('label', { for: 'email' }, 'Email'),
    h('input', { id: 'email', name: 'email', type: 'email', autocomplete: 'username', required: true }),
    h('label', { for: 'password' }, 'Password'),
    h('input', { id: 'password', name: 'password', type: 'password', autocomplete: 'current-password', required: true }),
    error,
    h('button', { type: 'submit' }, 'Sign in'),
  );
  if (message) error.append(h('p', { class: 'muted' }, message));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    try {
      showSignedIn(await api.signIn(String(data.get('email')), String(data.get('password'))));
      if (location.hash === '' || location.hash === '#/') await route();
      else location.hash = '#/';
    } catch (failure) {
      error.replaceChildren(errorBox(failure));
    }
  });
  main.replaceChildren(form);
  document.title = 'Sign in · Financial Data Hub';
  form.querySelector('input').focus();
}

async function route() {
  leavePage();
  leavePage = () => {};
  if (account === null) return renderSignIn();
  if (account.mustChangePassword) {
    // Nothing else answers until the one-time password is changed.
    nav.hidden = true;
    document.title = 'Choose your password · Financial Data Hub';
    const view = h('div', { class: 'page' });
    main.replaceChildren(view);
    return renderPasswordChange(view, {
      account,
      forced: true,
      onChanged: (changed) => {
        showSignedIn({ account: changed });
        route();
      },
    });
  }
  const page = ROUTES[location.hash] ?? ROUTES['#/'];
  if (page.admin && account.role !== 'admin') {
    main.replaceChildren(errorBox('Only an admin may see this page.'));
    return;
  }
  for (const link of nav.querySelectorAll('a')) {
    if (link.getAttribute('href') === (ROUTES[location.hash] ? location.hash : '#/')) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  document.title = `${page.title} · Financial Data Hub`;
  const view = h('div', { class: 'page' });
  main.replaceChildren(view);
  try {
    leavePage = (await page.render(view, { account })) ?? (() => {});
  } catch (failure) {
    if (failure instanceof api.ApiError && failure.status === 401) return signedOut('Your session has ended; sign in again.');
    view.replaceChildren(errorBox(failure));
  }
}

function signedOut(message) {
  showSignedIn(null);
  renderSignIn(message);
}

document.getElementById('sign-out').addEventListener('click', async () => {
  leavePage();
  leavePage = () => {};
  await api.signOut().catch(() => {});
  signedOut('You are signed out.');
  announce('Signed out');
});

/** Any call that finds the session gone (expired, ended elsewhere) brings back the sign-in form. */
window.addEventListener('unhandledrejection', (event) => {
  if (event.reason instanceof api.ApiError && event.reason.status === 401) {
    event.preventDefault();
    signedOut('Your session has ended; sign in again.');
  }
});

window.addEventListener('hashchange', () => {
  route();
  main.focus();
});

try {
  showSignedIn(await api.resumeSession());
} catch {
  showSignedIn(null);
}
await route();
