/** A value the client writes into a query string or a path segment. */
export type ParameterValue = string | number | boolean | Date | readonly (string | number)[] | null | undefined;

/** A Date as the hub's `YYYY-MM-DD`: its UTC day, the day an `asOf` cut-off is measured in. */
export function isoDay(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('an invalid Date cannot be sent as a date');
  return date.toISOString().slice(0, 10);
}

function text(value: Exclude<ParameterValue, null | undefined>): string {
  if (value instanceof Date) return isoDay(value);
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

/** `/commodities/{id}/history` with `{ id: 'gold' }` → `/commodities/gold/history`. */
export function fillPath(template: string, params: Record<string, ParameterValue> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new TypeError(`${template} needs the path parameter ${name}`);
    return encodeURIComponent(text(value));
  });
}

/** The query string, `?` included, leaving out absent values; empty when nothing remains. */
export function queryString(query: Record<string, ParameterValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, text(value));
  }
  const encoded = search.toString();
  return encoded === '' ? '' : `?${encoded}`;
}
