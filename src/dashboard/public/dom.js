/** Small DOM helpers: elements are built with textContent, never from HTML strings. */

/** `h('button', { type: 'button', onclick }, 'Save')`: attributes, `on…` listeners, then children. */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (name === 'class') element.className = value;
    else if (name in element && typeof value !== 'string') element[name] = value;
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** `2026-06-19 08:45 UTC`, or a dash for no time. */
export function formatTime(iso) {
  if (iso === null || iso === undefined) return '—';
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A table cell of a time: it may wrap between the date and the time, never inside either. */
export function timeCell(iso) {
  const [date, ...rest] = formatTime(iso).split(' ');
  return h('td', { class: 'when' }, h('span', {}, h('span', {}, date), rest.length === 0 ? null : [' ', h('span', {}, rest.join(' '))]));
}

export const formatNumber = (n) => new Intl.NumberFormat('en').format(n);

/** An http(s) URL in running text; the sentence's own punctuation after it is not part of it. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

/** A URL as a link whose text may wrap after a `/`, `?`, `&` or `=`, never inside a word. */
function urlLink(url) {
  const pieces = url.split(/(?<=[/?&=])/).flatMap((piece, i) => (i === 0 ? [piece] : [h('wbr'), piece]));
  return h('a', { href: url, class: 'url', rel: 'noopener noreferrer', target: '_blank' }, pieces);
}

function linked(text) {
  const nodes = [];
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!URL.canParse(url)) continue;
    nodes.push(text.slice(at, match.index), urlLink(url));
    at = match.index + url.length;
  }
  nodes.push(text.slice(at));
  return nodes.filter((node) => node !== '');
}

/**
 * Text that may hold `code spans` and http(s) URLs (a source's description, a publisher's error):
 * the spans as <code>, the URLs as links, all of it as text nodes, never parsed as HTML.
 */
export function richText(text) {
  return text.split(/(`[^`\n]+`)/).flatMap((part, i) => (i % 2 === 1 ? [h('code', {}, part.slice(1, -1))] : linked(part)));
}

/** Tells screen readers what just happened. */
export function announce(text) {
  const status = document.getElementById('status');
  status.textContent = '';
  setTimeout(() => (status.textContent = text), 20);
}

export function errorBox(error) {
  return h('p', { class: 'error', role: 'alert' }, error instanceof Error ? error.message : String(error));
}

/**
 * A table inside a scrolling box, so a wide table never widens the page; on a phone each row
 * becomes a card whose cells carry their column's name (`data-label`, shown by the CSS).
 */
export function table(caption, headers, rows) {
  for (const row of rows)
    [...row.children].forEach((cell, i) => {
      cell.setAttribute('data-label', headers[i] ?? '');
    });
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: 'cards-on-phone' },
      h('caption', { class: caption.visible ? '' : 'visually-hidden' }, caption.text),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headers.map((text) => h('th', { scope: 'col' }, text)),
        ),
      ),
      h('tbody', {}, rows),
    ),
  );
}

/** A modal dialog (keyboard: Escape closes, focus stays inside). Resolves when it closes. */
export function openDialog(title, build) {
  const dialog = h('dialog', { 'aria-labelledby': 'dialog-title' });
  const close = () => dialog.close();
  dialog.append(h('h2', { id: 'dialog-title' }, title), build(close, dialog));
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) =>
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve();
    }),
  );
}

/**
 * A dialog that asks before an action that cannot be taken back: `act` runs on confirmation,
 * `done` (the announcement) is read to screen readers, and a failure stays in the dialog.
 */
export function confirmDialog({ title, text, confirmLabel, done, act, onDone }) {
  return openDialog(title, (close) => {
    const error = h('div');
    const confirm = h(
      'button',
      {
        type: 'button',
        class: 'danger',
        onclick: async () => {
          try {
            await act();
            announce(done);
            close();
            onDone();
          } catch (failure) {
            error.replaceChildren(errorBox(failure));
          }
        },
      },
      confirmLabel,
    );
    setTimeout(() => confirm.focus(), 0);
    return h(
      'div',
      {},
      h('p', {}, text),
      error,
      h('div', { class: 'actions' }, h('button', { type: 'button', class: 'secondary', onclick: close }, 'Cancel'), confirm),
    );
  });
}

/** The secret of a new key (or a one-time password), shown once, with a copy button. */
export function secretBox(label, secret, note) {
  const input = h('input', { id: 'secret', type: 'text', readonly: true, value: secret, class: 'secret', spellcheck: 'false', autocomplete: 'off' });
  const copied = h('span', { class: 'muted', 'aria-live': 'polite' });
  const copy = h(
    'button',
    {
      type: 'button',
      class: 'secondary',
      onclick: async () => {
        input.select();
        try {
          await navigator.clipboard.writeText(secret);
        } catch {
          document.execCommand('copy');
        }
        copied.textContent = 'Copied';
      },
    },
    'Copy',
  );
  return h(
    'div',
    { class: 'secret-box' },
    h('label', { for: 'secret' }, label),
    h('div', { class: 'row' }, input, copy, copied),
    h('p', { class: 'warning' }, note),
  );
}
