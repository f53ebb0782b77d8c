import * as api from './api.js';
import { h, errorBox, timeCell, table } from './dom.js';

const ACTIONS = [
  'account.create',
  'account.plan',
  'account.disable',
  'account.enable',
  'account.password-reset',
  'account.password-change',
  'key.create',
  'key.rotate',
  'key.disable',
  'key.enable',
  'key.revoke',
  'session.signin',
  'session.signin-failed',
  'session.signout',
];

function row(event) {
  return h(
    'tr',
    { 'data-audit-id': event.id },
    timeCell(event.at),
    h('th', { scope: 'row' }, event.action),
    h('td', { class: 'long' }, event.actor),
    h('td', { class: 'long' }, event.accountEmail ?? '—'),
    h('td', { class: 'long' }, event.target ?? '—'),
    h('td', { class: 'long' }, event.address ?? '—'),
    h(
      'td',
      { class: 'long' },
      event.detail === null
        ? ''
        : Object.entries(event.detail)
            .map(([k, v]) => `${k}: ${v ?? '—'}`)
            .join(', '),
    ),
  );
}

/** Admin only: the audit trail, newest first, filtered by account and action, a page at a time. */
export async function renderAudit(view) {
  const error = h('div');
  const results = h('div');
  const filters = h(
    'form',
    { class: 'filters', 'aria-label': 'Filter the audit trail' },
    h('label', { for: 'audit-account' }, 'Account (email)'),
    h('input', { id: 'audit-account', name: 'account', type: 'email', autocomplete: 'off' }),
    h('label', { for: 'audit-action' }, 'Action'),
    h(
      'select',
      { id: 'audit-action', name: 'action' },
      h('option', { value: '' }, 'any'),
      ACTIONS.map((a) => h('option', { value: a }, a)),
    ),
    h('button', { type: 'submit' }, 'Show'),
  );
  const load = async (query, append) => {
    try {
      const page = await api.listAudit(query);
      const rows = page.events.map(row);
      const more =
        page.next === null
          ? null
          : h('button', { type: 'button', class: 'secondary', onclick: () => load({ ...query, cursor: page.next }, true) }, 'Older events');
      if (append) {
        results.querySelector('tbody')?.append(...rows);
        results.querySelector('.more')?.replaceChildren(...(more === null ? [] : [more]));
      } else {
        results.replaceChildren(
          rows.length === 0
            ? h('p', {}, 'No events.')
            : table({ text: 'Audit events, newest first' }, ['When', 'Action', 'By', 'Account', 'Target', 'Address', 'Detail'], rows),
          h('div', { class: 'more' }, more),
        );
      }
      error.replaceChildren();
    } catch (failure) {
      error.replaceChildren(errorBox(failure));
    }
  };
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(filters);
    const query = Object.fromEntries([...data].map(([k, v]) => [k, String(v).trim()]).filter(([, v]) => v !== ''));
    load(query, false);
  });
  view.replaceChildren(h('div', { class: 'heading' }, h('h1', {}, 'Audit')), filters, error, results);
  await load({}, false);
}
