/** Split adjustment: restates history on the share base of the latest session. */
export interface ShareBaseChange {
  /** First session on the new share base. */
  effectiveDate: string;
  /** Shares after per share before. */
  ratio: number;
}

export interface RawBar {
  date: string;
  close: number;
  volume: number;
  tradingValue: number;
}

export interface AdjustedBar extends RawBar {
  adjustedClose: number;
  adjustedVolume: number;
}

/**
 * `bars` oldest to newest. A bar before a change is divided (price) and multiplied (volume)
 * by the ratios of every change after it up to the newest bar, so close × volume is kept and
 * the newest bar is unadjusted. Changes after the newest bar are not yet in effect.
 */
export function adjustBars(bars: readonly RawBar[], changes: readonly ShareBaseChange[]): AdjustedBar[] {
  const newest = bars[bars.length - 1];
  if (newest === undefined) return [];
  const pending = changes.filter((c) => c.effectiveDate <= newest.date).sort((a, b) => (a.effectiveDate < b.effectiveDate ? 1 : -1));
  const adjusted = new Array<AdjustedBar>(bars.length);
  let factor = 1;
  let next = 0;
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i] as RawBar;
    for (let change = pending[next]; change !== undefined && bar.date < change.effectiveDate; change = pending[++next]) {
      factor *= change.ratio;
    }
    adjusted[i] = {
      date: bar.date,
      close: bar.close,
      volume: bar.volume,
      tradingValue: bar.tradingValue,
      adjustedClose: bar.close / factor,
      adjustedVolume: bar.volume * factor,
    };
  }
  return adjusted;
}

/** The previous close on today's share base, for the day's change. */
export function previousCloseOnTodaysBase(previousClose: number, ratioEffectiveToday: number | undefined): number {
  return previousClose / (ratioEffectiveToday ?? 1);
}
