import * as api from './api.js';
import { h, announce, errorBox, formatNumber, formatTime, richText, table } from './dom.js';

/** `3 h 12 min`, or a dash. */
function age(seconds) {
  if (seconds === null) return '—';
  const minutes = Math.max(0, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} d`;
}

function stateBadge(source) {
  if (source.skipped !== null) return h('span', { class: 'badge expired' }, source.enabled ? 'skipped' : 'disabled');
  if (source.running) return h('span', { class: 'badge' }, 'running');
  if (source.interrupted) return h('span', { class: 'badge disabled' }, 'interrupted');
  if (source.lastError !== null) return h('span', { class: 'badge disabled' }, 'failing');
  if (source.lastSuccessAt === null) return h('span', { class: 'badge' }, 'never run');
  if (source.staleFacts.length > 0) return h('span', { class: 'badge expired' }, 'stale');
  return h('span', { class: 'badge active' }, 'ok');
}

/** The facts past their due date: how many, then those of each latest period and due date together (a source may load dozens). */
function staleNote(source) {
  const facts = source.staleFacts;
  if (facts.length === 0) return null;
  const groups = new Map();
  for (const fact of facts) {
    const when = `latest ${fact.lastPeriod ?? '—'}, next due ${formatTime(fact.dueAt)}`;
    groups.set(when, [...(groups.get(when) ?? []), fact.fact]);
  }
  return h(
    'details',
    { class: 'warning', role: 'note' },
    h('summary', {}, `Stale: ${facts.length === 1 ? '1 fact' : `${facts.length} facts`} past due`),
    ...[...groups].map(([when, names]) => h('div', {}, `${names.join(', ')} (${when})`)),
  );
}

export async function renderSources(view) {
  const sources = await api.listSources();
  const message = h('div');
  const reload = () => renderSources(view);
  const rows = sources.map((source) => {
    const run = h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        disabled: source.skipped !== null,
        onclick: async () => {
          run.disabled = true;
          run.textContent = 'Running…';
          try {
            const outcome = await api.runSource(source.id);
            announce(outcome.status === 'succeeded' ? `${source.id}: ${outcome.rowsAdded} rows added` : `${source.id}: ${outcome.status}`);
            await reload();
          } catch (failure) {
            message.replaceChildren(errorBox(failure));
            run.disabled = false;
            run.textContent = 'Run now';
          }
        },
      },
      'Run now',
    );
    return h(
      'tr',
      {},
      h('th', { scope: 'row', title: source.description }, h('code', {}, source.id), h('div', { class: 'muted' }, source.publisher)),
      h('td', {}, stateBadge(source)),
      h('td', {}, h('code', {}, source.schedule), h('div', { class: 'muted' }, `in ${source.timeZone}; next ${formatTime(source.nextRunAt)}`)),
      h(
        'td',
        {},
        formatTime(source.lastSuccessAt),
        h('div', { class: 'muted' }, source.lastRowsAdded === null ? '' : `${formatNumber(source.lastRowsAdded)} rows added`),
      ),
      h('td', {}, age(source.lastSuccessAgeSeconds)),
      h(
        'td',
        { class: 'problem' },
        source.skipped !== null
          ? h('span', { class: 'muted' }, richText(source.skipped))
          : source.lastError === null
            ? '—'
            : h('span', { class: 'error' }, richText(source.lastError)),
        source.consecutiveFailures > 0 ? h('div', { class: 'muted' }, `${source.consecutiveFailures} failure(s) in a row`) : null,
        source.warning === null ? null : h('div', { class: 'warning', role: 'note' }, 'Warning: ', richText(source.warning)),
        staleNote(source),
      ),
      h('td', { class: 'row-actions' }, run),
    );
  });
  view.replaceChildren(
    h('h1', {}, 'Sources'),
    h(
      'p',
      { class: 'muted' },
      richText(
        'What `fdh sync` fetches from the publishers (sources file: `FDH_SOURCES_FILE`). Times are in UTC; a schedule is read in the time zone under it. Age is the time since the last successful fetch; a source is stale when a fact it loaded is past the date its publisher’s next figure was due.',
      ),
    ),
    message,
    sources.length === 0
      ? h('p', {}, 'No sources are defined.')
      : table({ text: 'Sources' }, ['Source', 'State', 'Schedule', 'Last success', 'Age', 'Last error, why skipped, stale facts', 'Actions'], rows),
  );
}
