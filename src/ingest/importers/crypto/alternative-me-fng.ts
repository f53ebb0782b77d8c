import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import type { Database } from '../../../store/schema.ts';
import { ImportError, type Importer, type ReleaseInfo } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { insertRows } from '../../../store/loader.ts';
import { isoDay } from '../../../kernel/dates.ts';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';
import { publisherFigure } from '../../publisher-figures.ts';

export interface FearGreedDay {
  date: string;
  value: number;
}

/** Alternative.me's error, in `metadata.error` (null in a normal answer): every answer is first read as this envelope, which any object fits. */
const EnvelopeSchema = Type.Object({
  metadata: Type.Optional(Type.Object({ error: Type.Optional(Type.Union([Type.String(), Type.Null()])) })),
});

/** A day's value and start, both as text. */
const AnswerSchema = Type.Object({ data: Type.Array(Type.Object({ value: Type.String(), timestamp: Type.String() })) });

/**
 * Alternative.me `GET /fng/?limit=…&format=json`: `{name, data, metadata: {error}}`, `data` a
 * list of `{value, value_classification, timestamp, time_until_update?}` with the value (0–100)
 * and the day's start (Unix seconds, UTC) as strings, newest first: the value a whole number held
 * to the figure rules of crypto.fearGreed. The classification is not stored: the hub classifies
 * the value itself (crypto.zones.ts).
 */
export function parseFearGreed(content: string, fileName: string): FearGreedDay[] {
  const envelope = readJsonDocument(EnvelopeSchema, content, fileName);
  const error = envelope.metadata?.error;
  if (typeof error === 'string' && error !== '') throw new ImportError(`${fileName}: Alternative.me answered with the error ${JSON.stringify(error)}`);
  const days: FearGreedDay[] = [];
  const seen = new Set<string>();
  checkDocument(AnswerSchema, envelope, fileName).data.forEach(({ value, timestamp }, index) => {
    const where = `${fileName}: data item ${index + 1}`;
    if (!/^\d+$/.test(timestamp)) throw new ImportError(`${where}: timestamp ${JSON.stringify(timestamp)} is not Unix seconds`);
    const date = isoDay(Number(timestamp) * 1000);
    if (seen.has(date)) throw new ImportError(`${where}: ${date} appears twice`);
    seen.add(date);
    const index100 = publisherFigure(value, 'crypto.fearGreed', where);
    if (!Number.isInteger(index100)) throw new ImportError(`${where}: value ${JSON.stringify(value)} on ${date} is not a whole number from 0 to 100`);
    days.push({ date, value: index100 });
  });
  if (days.length === 0) throw new ImportError(`${fileName}: the "data" list is empty`);
  return days;
}

export const alternativeMeFearGreedImporter: Importer<FearGreedDay[]> = {
  dataset: 'alternative-me-fng',
  datasets: ['crypto'],
  description: 'Alternative.me Crypto Fear & Greed Index JSON (/fng/?format=json): one value per day',
  source: 'Alternative.me',
  canonicalForm: canonicalJson,
  parse: parseFearGreed,
  async load(db: Transaction<Database>, days, release: ReleaseInfo) {
    const rows = days.map((d) => ({ date: d.date, value: d.value, source: release.source }));
    await insertRows(db, 'crypto_fear_greed', rows, { onConflict: { key: ['date'], keep: 'new' } });
    return rows.length;
  },
};
