import * as api from './api.js';
import { h, announce, confirmDialog, errorBox, formatTime, timeCell, openDialog, secretBox, table } from './dom.js';

const SECRET_NOTE = 'This is the only time the key is shown. Store it now; the hub keeps only its hash.';
const KEY_PLACEHOLDER = 'apk_…';

/**
 * How an AI assistant reaches the hub with a key (MCP): the /mcp URL for clients that speak
 * Streamable HTTP, and a desktop client's configuration that runs `fdh mcp` from the hub's checkout.
 */
function assistantSetup(key) {
  const desktop = {
    mcpServers: { fdh: { command: '/path/to/the/checkout/bin/fdh', args: ['mcp'], env: { FDH_URL: location.origin, FDH_API_KEY: key } } },
  };
  return h(
    'details',
    { class: 'assistant-setup' },
    h('summary', {}, 'Connect an AI assistant (MCP)'),
    h('p', {}, 'Streamable HTTP: ', h('code', {}, `${location.origin}/mcp`), ' with the header ', h('code', {}, `Authorization: Bearer ${key}`)),
    h('p', {}, 'A desktop client (claude_desktop_config.json):'),
    h('pre', { class: 'snippet' }, h('code', {}, JSON.stringify(desktop, null, 2))),
  );
}

function createDialog(features, onDone) {
  return openDialog('Create an API key', (close) => {
    const error = h('div');
    const form = h(
      'form',
      {},
      h('label', { for: 'key-name' }, 'Name'),
      h('input', { id: 'key-name', name: 'name', required: true, maxlength: 100, autocomplete: 'off' }),
      h('label', { for: 'key-expires' }, 'Expires on (optional, end of that UTC day)'),
      h('input', { id: 'key-expires', name: 'expires', type: 'date' }),
      h(
        'fieldset',
        {},
        h('legend', {}, 'Scopes (optional: none checked means every feature of your plan)'),
        features.map((feature) => h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'scopes', value: feature }), ` ${feature}`)),
      ),
      error,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', class: 'secondary', onclick: close }, 'Cancel'),
        h('button', { type: 'submit' }, 'Create key'),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const expires = String(data.get('expires') ?? '');
      const scopes = data.getAll('scopes').map(String);
      try {
        const created = await api.createKey({
          name: String(data.get('name')).trim(),
          ...(expires === '' ? {} : { expiresAt: `${expires}T23:59:59Z` }),
          ...(scopes.length === 0 ? {} : { scopes }),
        });
        form.replaceWith(showSecret(created.key, close));
        announce('Key created');
        onDone();
      } catch (failure) {
        error.replaceChildren(errorBox(failure));
      }
    });
    return form;
  });
}

function showSecret(secret, close) {
  const done = h('button', { type: 'button', onclick: close }, 'Done');
  const box = h('div', {}, secretBox('Your new API key', secret, SECRET_NOTE), assistantSetup(secret), h('div', { class: 'actions' }, done));
  setTimeout(() => box.querySelector('input')?.select(), 0);
  return box;
}

function rotateDialog(key, onDone) {
  return openDialog(`Rotate “${key.name ?? key.prefix}”`, (close) => {
    const error = h('div');
    const form = h(
      'form',
      {},
      h('p', {}, 'A new key replaces this one, with the same name, scopes and expiry.'),
      h('label', { for: 'grace' }, 'The old key keeps working'),
      h(
        'select',
        { id: 'grace', name: 'grace' },
        h('option', { value: '0' }, 'Not at all: refused from its next request'),
        h('option', { value: '3600' }, 'For 1 more hour'),
        h('option', { value: '86400' }, 'For 24 more hours'),
      ),
      error,
      h(
        'div',
        { class: 'actions' },
        h('button', { type: 'button', class: 'secondary', onclick: close }, 'Cancel'),
        h('button', { type: 'submit' }, 'Rotate key'),
      ),
    );
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      try {
        const rotated = await api.rotateKey(key.id, Number(new FormData(form).get('grace')));
        form.replaceWith(showSecret(rotated.key, close));
        announce('Key rotated');
        onDone();
      } catch (failure) {
        error.replaceChildren(errorBox(failure));
      }
    });
    return form;
  });
}

function revokeDialog(key, onDone) {
  return confirmDialog({
    title: `Revoke “${key.name ?? key.prefix}”?`,
    text: `Requests with ${key.prefix}… are refused from the next one. This cannot be undone.`,
    confirmLabel: 'Revoke key',
    done: 'Key revoked',
    act: () => api.revokeKey(key.id),
    onDone,
  });
}

export async function renderKeys(view) {
  const [keys, overview] = await Promise.all([api.listKeys(), api.getAccount()]);
  const reload = () => renderKeys(view);
  const prefixOf = new Map(keys.map((key) => [key.id, key.prefix]));
  const rows = keys.map((key) =>
    h(
      'tr',
      { 'data-key-id': key.id },
      h('th', { scope: 'row', class: 'long' }, key.name ?? '—'),
      h('td', {}, h('code', {}, `${key.prefix}…`)),
      timeCell(key.createdAt),
      timeCell(key.lastUsedAt),
      timeCell(key.expiresAt),
      h('td', { class: 'long' }, key.scopes === null ? 'all of the plan' : key.scopes.join(', ')),
      h(
        'td',
        {},
        // A key in its grace still works, but a rotation has replaced it: say by which key, and until when.
        key.status === 'active' && key.graceEndsAt !== null
          ? [
              h('span', { class: 'badge replaced' }, 'replaced'),
              h('div', { class: 'muted small' }, `by ${prefixOf.get(key.replacedBy) ?? 'a new key'}…, works until ${formatTime(key.graceEndsAt)}`),
            ]
          : h('span', { class: `badge ${key.status}` }, key.status),
      ),
      h(
        'td',
        { class: 'row-actions' },
        key.status === 'active'
          ? [
              // A key in its grace is already replaced: rotate its replacement instead.
              key.graceEndsAt === null
                ? h(
                    'button',
                    { type: 'button', class: 'secondary', 'aria-label': `Rotate ${key.name ?? key.prefix}`, onclick: () => rotateDialog(key, reload) },
                    'Rotate',
                  )
                : null,
              h(
                'button',
                { type: 'button', class: 'danger', 'aria-label': `Revoke ${key.name ?? key.prefix}`, onclick: () => revokeDialog(key, reload) },
                'Revoke',
              ),
            ]
          : null,
      ),
    ),
  );
  view.replaceChildren(
    h(
      'div',
      { class: 'heading' },
      h('h1', {}, 'API keys'),
      h('button', { type: 'button', onclick: () => createDialog(overview.plan.features, reload) }, 'Create key'),
    ),
    h('p', { class: 'muted' }, `Keys take your account’s plan (${overview.plan.name}) on every request. Send one in the X-API-Key header to /openapi/v1.`),
    keys.length === 0
      ? h('p', {}, 'No keys yet.')
      : table({ text: 'Your API keys' }, ['Name', 'Prefix', 'Created', 'Last used', 'Expires', 'Scopes', 'Status', 'Actions'], rows),
    assistantSetup(KEY_PLACEHOLDER),
  );
}
