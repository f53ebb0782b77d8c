import uPlot from '/dashboard/vendor/uPlot.esm.js';

const PALETTE = ['#2563eb', '#db2777', '#059669', '#d97706', '#7c3aed', '#0891b2', '#64748b'];
const HEIGHT = 240;
/** Room above the tallest value, as a fraction of it: its bar's outline and its line's point are drawn whole, not cut by the plot's edge. */
const HEADROOM = 0.1;
/** Counts are whole numbers: no tick between 0 and 1. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 1e7, 1e8];

/** Ticks fall on UTC hours and midnights, as the labels below say. */
const utc = (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC');

const pad = (n) => String(n).padStart(2, '0');

/**
 * The time axis's labels, in UTC as every time the hub shows: `HH:MM` (24-hour) within a day,
 * the date `MM-DD` before the first label and at each midnight, the date alone for daily ticks.
 */
export function timeTicks(splits, increment) {
  return splits.map((seconds, i) => {
    const at = new Date(seconds * 1000);
    const date = `${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
    if (increment >= 86_400) return date;
    const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
    return i === 0 || time === '00:00' ? `${date} ${time}` : time;
  });
}

/** Each series plus all before it: drawn last-first with fills, every series is a visible band. */
function stack(series) {
  let below = series[0]?.values.map(() => 0) ?? [];
  return series.map((s) => {
    below = s.values.map((value, i) => value + (below[i] ?? 0));
    return { ...s, values: below, fill: true };
  });
}

/**
 * A time chart (uPlot, served by the hub from its npm package) that follows its container's
 * width. `series`: `{ label, values, bars? }`, one value per time, each time the start of a
 * bucket of `step` seconds: the x axis runs half a bucket beyond the first and last, so their
 * bars show whole. `stacked`: each series is drawn on top of those before it. The figure is
 * labelled for screen readers; the tables beside each chart hold the same numbers.
 */
export function timeChart(container, { label, times, step, series: given, stacked = false }) {
  const series = stacked ? stack(given) : given;
  const drawn = stacked ? [...series.keys()].reverse() : [...series.keys()];
  const figure = document.createElement('div');
  figure.className = 'chart';
  figure.setAttribute('role', 'img');
  figure.setAttribute('aria-label', label);
  container.append(figure);
  const options = {
    width: Math.max(280, container.clientWidth),
    height: HEIGHT,
    tzDate: utc,
    legend: { live: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: true, range: (_u, min, max) => [min - step / 2, max + step / 2] },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * (1 + HEADROOM)] },
    },
    axes: [
      { label: 'Time (UTC)', labelSize: 20, values: (_u, splits, _axis, _space, increment) => timeTicks(splits, increment) },
      { size: 50, incrs: WHOLE_STEPS },
    ],
    series: [
      {},
      ...drawn.map((i) => {
        const s = series[i];
        return {
          label: s.label,
          stroke: PALETTE[i % PALETTE.length],
          width: 2,
          fill: s.bars || s.fill ? `${PALETTE[i % PALETTE.length]}${s.fill ? 'cc' : '55'}` : undefined,
          paths: s.bars ? uPlot.paths.bars({ size: [0.7, 40] }) : undefined,
          points: { show: !s.bars && !s.fill },
        };
      }),
    ],
  };
  const chart = new uPlot(options, [times, ...drawn.map((i) => series[i].values)], figure);
  const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, container.clientWidth), height: HEIGHT }));
  resize.observe(container);
  return () => {
    resize.disconnect();
    chart.destroy();
  };
}
