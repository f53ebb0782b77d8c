/** One member of a header's weighted list (`Accept`, `Accept-Encoding`): its name, lower-cased, and its q (1 when absent). */
export interface Weighted {
  name: string;
  q: number;
}

/** `text/csv;q=0.9, application/json` → its members with their q values (RFC 9110, 12.4.2). */
export function weightedList(header: string): Weighted[] {
  return header.split(',').map((part) => {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return { name: name.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
  });
}
