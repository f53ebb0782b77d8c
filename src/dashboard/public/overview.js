import * as api from './api.js';
import { h, formatNumber, formatTime } from './dom.js';

/** A use of the current minute, as a gauge of its budget. */
function gauge(id, label, used, budget) {
  const share = budget === 0 ? 0 : used / budget;
  return h(
    'div',
    { class: 'gauge' },
    h('label', { for: id }, label),
    h('meter', { id, min: 0, max: budget, low: budget * 0.7, high: budget * 0.9, optimum: 0, value: used }),
    h('span', { class: share >= 0.9 ? 'warning' : 'muted' }, `${formatNumber(used)} of ${formatNumber(budget)} used this minute`),
  );
}

/** On a store with no release yet: the API answers without figures until data is loaded. */
function emptyStoreNote(account) {
  return h(
    'section',
    { class: 'card notice', role: 'note' },
    h('h2', {}, 'The store holds no data yet'),
    h('p', {}, 'Every endpoint answers without figures until publishers’ data is loaded (or the demo: ', h('code', {}, 'fdh seed demo'), ').'),
    account.role === 'admin'
      ? h('p', {}, 'Run the sources from the ', h('a', { href: '#/admin/sources' }, 'Sources page'), ', or ', h('code', {}, 'fdh sync run'), ' on the server.')
      : h('p', {}, 'An admin loads it from the Sources page or with ', h('code', {}, 'fdh sync run'), '.'),
  );
}

export async function renderOverview(view) {
  const overview = await api.getAccount();
  const { account, plan } = overview;
  const refresh = h('button', { type: 'button', class: 'secondary', onclick: () => renderOverview(view) }, 'Refresh');
  view.replaceChildren(
    h('div', { class: 'heading' }, h('h1', {}, account.name ?? account.email), refresh),
    ...(overview.holdsData ? [] : [emptyStoreNote(account)]),
    h(
      'section',
      { class: 'cards' },
      h(
        'div',
        { class: 'card' },
        h('h2', {}, 'Plan'),
        h('p', { class: 'big', id: 'plan-name' }, plan.name),
        h('p', { class: 'muted' }, `${formatNumber(plan.budget)} weight per minute for the account, up to ${formatNumber(plan.maxKeys)} keys`),
        h('p', { class: 'muted' }, `Signed in as ${account.email} (${account.role})`),
      ),
      h(
        'div',
        { class: 'card' },
        h('h2', {}, 'Features'),
        plan.features.length === 0
          ? h('p', { class: 'muted' }, 'This plan has no data features.')
          : h(
              'ul',
              { class: 'chips', 'aria-label': 'Features of the plan' },
              plan.features.map((feature) => h('li', {}, feature)),
            ),
      ),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'quota-title' },
      h('h2', { id: 'quota-title' }, 'This minute’s quota'),
      h('p', { class: 'muted' }, `Every key draws on the account’s budget; the window resets at ${formatTime(overview.resetAt)}.`),
      gauge('gauge-account', 'All keys', overview.used, overview.budget),
      overview.keys.length === 0
        ? h('p', {}, 'No active keys yet. ', h('a', { href: '#/keys' }, 'Create one under API keys.'))
        : overview.keys
            .filter((key) => key.budget !== null)
            .map((key) => gauge(`gauge-${key.keyId}`, `${key.name ?? 'Unnamed key'} (${key.prefix}…), its own budget`, key.used ?? 0, key.budget)),
    ),
  );
}
