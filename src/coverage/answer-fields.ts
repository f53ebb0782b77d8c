/**
 * A field of an answer, as a route's declared reads name it (src/edge/route-reads.ts): a path in the answer's `data`, `[]` for
 * each item of a list (`rows[].lastPrice`: every row's), `[]` alone for the items of `data`.
 */

/** The values at `path` in `data`; an item list that is missing or not a list gives one undefined. */
export function valuesAt(data: unknown, path: string): unknown[] {
  let values = [data];
  for (const step of path.split('.')) {
    const name = step.endsWith('[]') ? step.slice(0, -2) : step;
    values = values.flatMap((value) => {
      const child = name === '' ? value : isRecord(value) ? value[name] : undefined;
      return step.endsWith('[]') ? (Array.isArray(child) ? child : [undefined]) : [child];
    });
  }
  return values;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A figure is there: not null, undefined or '', and a list holds one (an empty list or a list of nulls holds none). */
const holdsFigure = (value: unknown): boolean => value !== null && value !== undefined && value !== '' && (!Array.isArray(value) || value.some(holdsFigure));

/** How many values the field has in `data` (every row's, for a field of a list), and how many of them hold a figure. */
export function fieldFigures(data: unknown, path: string): { values: number; withFigure: number } {
  const values = valuesAt(data, path);
  return { values: values.length, withFigure: values.filter(holdsFigure).length };
}

/** A table's rows in `data`: each row's label, and whether its `field` holds a figure. */
export function tableRowFigures(data: unknown, list: string, label: string, field: string): { label: string; values: unknown; withFigure: boolean }[] {
  return valuesAt(data, `${list}[]`)
    .filter(isRecord)
    .map((row) => ({ label: String(row[label]), values: row[field], withFigure: holdsFigure(row[field]) }));
}

/** The newest of `periods` (aligned with `values`) whose value holds a figure, if any. */
export function newestWithFigure(values: unknown, periods: readonly unknown[]): string | undefined {
  if (!Array.isArray(values)) return undefined;
  const at = values.findLastIndex(holdsFigure);
  return at < 0 ? undefined : String(periods[at]);
}
