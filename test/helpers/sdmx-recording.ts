import { publisherSample } from './routes-fetch.ts';

/**
 * The observations of one series of a recorded structure-specific SDMX-ML file, read straight
 * from its text (independently of the hub's reader): `[period, value]` as written, in order.
 */
export function recordedSeries(publisher: string, file: string, concepts: Readonly<Record<string, string>>): [string, number][] {
  const text = publisherSample(publisher, file).toString('utf8');
  const series = [...text.matchAll(/<Series ([^>]*)>([\s\S]*?)<\/Series>/g)].filter(([, attributes = '']) =>
    Object.entries(concepts).every(([id, value]) => attributes.includes(` ${id}="${value}"`) || attributes.startsWith(`${id}="${value}"`)),
  );
  if (series.length !== 1) throw new Error(`${file}: ${series.length} series with ${JSON.stringify(concepts)}`);
  return [...(series[0]?.[2] ?? '').matchAll(/TIME_PERIOD="([^"]+)" OBS_VALUE="([^"]+)"/g)].map(([, period = '', value = '']) => [period, Number(value)]);
}

/** The header's Prepared time of a recorded SDMX-ML file, as written. */
export function recordedPrepared(publisher: string, file: string): string {
  const match = /<message:Prepared>([^<]+)<\/message:Prepared>/.exec(publisherSample(publisher, file).toString('utf8'));
  if (match?.[1] === undefined) throw new Error(`${file}: no Prepared`);
  return match[1];
}
