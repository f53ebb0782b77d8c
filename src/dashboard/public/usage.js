import * as api from './api.js';
import { h, formatNumber, table } from './dom.js';
import { timeChart } from './charts.js';

const WINDOWS = { '1h': 'Last hour', '24h': 'Last 24 hours', '30d': 'Last 30 days' };
const BUCKET_WORD = { 60: 'minute', 3600: 'hour', 86400: 'day' };
/** The dashboard shows another process's calls once it has written them (every few seconds). */
const REFRESH_MS = 10_000;
/** Endpoints drawn one by one in the by-endpoint chart; the rest are summed as "other". */
const TOP_ENDPOINTS = 6;

const seconds = (iso) => Date.parse(iso) / 1000;
const sum = (values) => values.reduce((a, b) => a + b, 0);

const STATUS_CLASSES = ['2xx', '4xx', '429', '5xx'];

function statusSplit(byStatus) {
  const counts = STATUS_CLASSES.map((status) => [status, byStatus[status] ?? 0]);
  const total = sum(counts.map(([, count]) => count));
  const bar = h('div', { class: 'split', 'aria-hidden': 'true' });
  for (const [status, count] of counts) {
    if (count === 0) continue;
    const part = h('span', { class: `s${status}` });
    part.style.width = `${(100 * count) / total}%`;
    bar.append(part);
  }
  return h(
    'div',
    {},
    total === 0 ? null : bar,
    h(
      'ul',
      { class: 'legend', 'aria-label': 'Requests by status class' },
      counts.map(([status, count]) => h('li', {}, h('span', { class: `dot s${status}` }), `${status}: ${formatNumber(count)}`)),
    ),
  );
}

/** The window's requests per bucket by endpoint, stacked so that each endpoint shows even where two are equal. */
function endpointsOverTime(container, report, bucket, windowName) {
  const endpoints = report.byEndpoint.slice(0, TOP_ENDPOINTS);
  const rest = report.byEndpoint.slice(TOP_ENDPOINTS);
  const series = endpoints.map((e) => ({ label: e.endpoint, values: e.perBucket }));
  if (rest.length > 0) series.push({ label: 'other', values: report.series.map((_, i) => sum(rest.map((e) => e.perBucket[i] ?? 0))) });
  return timeChart(container, {
    label: `Requests per ${bucket} by endpoint, ${windowName.toLowerCase()}`,
    times: report.series.map((p) => seconds(p.start)),
    step: report.bucketSeconds,
    stacked: true,
    series: series.length > 0 ? series : [{ label: 'requests', values: report.series.map((p) => p.requests) }],
  });
}

export async function renderUsage(view, context, state = { window: '1h' }) {
  const [report, keys] = await Promise.all([api.getUsage(state.window), api.listKeys()]);
  const names = new Map(keys.map((key) => [key.id, key.name]));
  const bucket = BUCKET_WORD[report.bucketSeconds];
  const select = h(
    'select',
    { id: 'usage-window' },
    Object.entries(WINDOWS).map(([value, label]) => h('option', { value, selected: value === state.window }, label)),
  );
  const undo = [];
  const leave = () => {
    for (const step of undo) step();
    undo.length = 0;
  };
  select.addEventListener('change', () => {
    leave();
    renderUsage(view, context, { window: select.value }).then((next) => undo.push(next));
  });
  const overTime = h('div', { class: 'chart-box' });
  const byEndpoint = h('div', { class: 'chart-box' });
  const totalRequests = sum(report.series.map((p) => p.requests));
  const totalWeight = sum(report.series.map((p) => p.weight));
  view.replaceChildren(
    h('div', { class: 'heading' }, h('h1', {}, 'Usage'), h('div', { class: 'row' }, h('label', { for: 'usage-window' }, 'Window'), select)),
    h(
      'p',
      { id: 'usage-summary' },
      `${WINDOWS[state.window]}: ${formatNumber(totalRequests)} request${totalRequests === 1 ? '' : 's'}, ${formatNumber(totalWeight)} weight.`,
    ),
    h('p', { class: 'muted' }, `Times in UTC; each point is the ${bucket} that starts at it.`),
    h('section', { class: 'card' }, h('h2', {}, `Weight and requests per ${bucket}`), overTime),
    h('section', { class: 'card' }, h('h2', {}, `Requests per ${bucket} by endpoint`), byEndpoint),
    h(
      'div',
      { class: 'cards' },
      h('section', { class: 'card' }, h('h2', {}, 'Status'), statusSplit(report.byStatus)),
      h(
        'section',
        { class: 'card' },
        h('h2', {}, 'By key'),
        report.byKey.length === 0
          ? h('p', { class: 'muted' }, 'No calls in this window.')
          : table(
              { text: 'Usage by key' },
              ['Key', 'Requests', 'Weight'],
              report.byKey.map((k) =>
                h(
                  'tr',
                  {},
                  h('th', { scope: 'row', class: 'long' }, `${names.get(k.keyId) ?? k.name ?? '—'} (${k.prefix}…)`),
                  h('td', {}, formatNumber(k.requests)),
                  h('td', {}, formatNumber(k.weight)),
                ),
              ),
            ),
      ),
    ),
    h(
      'section',
      { class: 'card' },
      h('h2', {}, 'By endpoint'),
      report.byEndpoint.length === 0
        ? h('p', { class: 'muted' }, 'No calls in this window.')
        : table(
            { text: 'Usage by endpoint' },
            ['Endpoint', 'Requests', 'Weight'],
            report.byEndpoint.map((e) =>
              h(
                'tr',
                {},
                h('th', { scope: 'row', class: 'long' }, h('code', {}, e.endpoint)),
                h('td', {}, formatNumber(e.requests)),
                h('td', {}, formatNumber(e.weight)),
              ),
            ),
          ),
    ),
  );
  undo.push(
    timeChart(overTime, {
      label: `Weight and requests per ${bucket}, ${WINDOWS[state.window].toLowerCase()}`,
      times: report.series.map((p) => seconds(p.start)),
      step: report.bucketSeconds,
      series: [
        { label: 'weight', values: report.series.map((p) => p.weight), bars: true },
        { label: 'requests', values: report.series.map((p) => p.requests) },
      ],
    }),
    endpointsOverTime(byEndpoint, report, bucket, WINDOWS[state.window]),
  );
  const timer = setInterval(() => {
    if (!view.isConnected) return;
    leave();
    renderUsage(view, context, { window: select.value }).then((next) => undo.push(next));
  }, REFRESH_MS);
  undo.push(() => clearInterval(timer));
  return leave;
}
