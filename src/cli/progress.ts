/**
 * Progress of a multi-step load: a redrawn bar on a terminal, one line per finished step
 * otherwise (so CI logs stay readable).
 */
export function progressReporter(steps: readonly string[]): { update: (step: string, fraction: number) => void; done: () => void } {
  const out = process.stderr;
  const width = 30;
  let lastDrawn = '';
  const finished = new Set<string>();
  return {
    update(step, fraction) {
      const index = steps.indexOf(step);
      const overall = (Math.max(0, index) + fraction) / Math.max(1, steps.length);
      if (!out.isTTY) {
        if (fraction === 1 && !finished.has(step)) out.write(`seeded ${step} (${index + 1}/${steps.length})\n`);
        if (fraction === 1) finished.add(step);
        return;
      }
      const filled = Math.round(overall * width);
      const line = `[${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${String(Math.round(overall * 100)).padStart(3)}% ${step}`;
      if (line !== lastDrawn) {
        out.write(`\r${line.padEnd(60)}`);
        lastDrawn = line;
      }
    },
    done() {
      if (out.isTTY && lastDrawn !== '') out.write('\n');
    },
  };
}
