import { createHash } from 'node:crypto';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { insertTransactions, transactionFigures, transactionRow, type TransactionFigures } from './mlit-transactions.ts';
import { municipalityWards, type MunicipalityRef } from './jp-municipalities.ts';
import { Type } from 'typebox';
import { readJsonDocument } from '../../publisher-document.ts';

interface ParsedRecord extends TransactionFigures {
  key: string;
  place: MunicipalityRef;
}

const REQUIRED = ['Type', 'MunicipalityCode', 'Prefecture', 'Municipality', 'TradePrice', 'Area', 'Period', 'BuildingYear', 'Structure', 'FloorPlan'] as const;

function recordsOf(parsed: unknown, fileName: string): Record<string, unknown>[] {
  const answer = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (answer.status !== 'OK') throw new ImportError(`${fileName}: status is ${JSON.stringify(answer.status)}, not "OK"`);
  if (!Array.isArray(answer.data)) throw new ImportError(`${fileName}: expected a "data" array`);
  if (answer.data.length === 0) throw new ImportError(`${fileName}: data[0]: the answer has no transactions`);
  return answer.data.map((record: unknown, i) => {
    if (typeof record !== 'object' || record === null || Array.isArray(record)) throw new ImportError(`${fileName}: data[${i}] is not an object`);
    return record as Record<string, unknown>;
  });
}

/**
 * MLIT Real Estate Information Library API XIT001 (real-estate transaction prices): JSON
 * `{"status": "OK", "data": [...]}`, every field a string, "" where not published. Each
 * transaction goes to the ward of its `MunicipalityCode`, created (with its prefecture) when
 * the store does not hold it yet, so a store without the demo fills too.
 */
export const mlitXit001Importer: Importer<ParsedRecord[]> = {
  dataset: 'real-estate-mlit-xit001',
  datasets: ['real-estate'],
  description: 'Japanese real-estate transactions from the MLIT Real Estate Information Library API XIT001 JSON ({"status":"OK","data":[...]})',
  source: 'MLIT Real Estate Information Library',
  canonicalForm: canonicalJson,
  parse: (content, fileName) => mlitTransactions(readJsonDocument(Type.Unknown(), content, fileName), fileName),
  async load(db, parsed, release) {
    const wards = await municipalityWards(db, parsed.map((r) => r.place), release.source);
    const rows = parsed.map((r) => {
      const wardId = wards.get(r.place.code);
      if (wardId === undefined) throw new Error(`no ward was found or created for municipality ${r.place.code}`);
      return transactionRow(r, r.key, wardId, release.source);
    });
    await insertTransactions(db, rows);
    return parsed.length;
  },
};

/** Whether an answer already read is `{"status":"OK","data":[]}`: a quarter not published (or without transactions) yet. */
export function isEmptyAnswer(document: unknown): boolean {
  const answer = typeof document === 'object' && document !== null ? (document as { status?: unknown; data?: unknown }) : {};
  return answer.status === 'OK' && Array.isArray(answer.data) && answer.data.length === 0;
}

/** The transactions of an XIT001 answer already read as JSON. */
export function mlitTransactions(document: unknown, fileName: string): ParsedRecord[] {
  return recordsOf(document, fileName).map((record, i) => {
    const where = `${fileName}: data[${i}]`;
    const field = (name: string) => {
      const value = record[name];
      if (typeof value !== 'string') throw new ImportError(`${where}: ${name} must be a string (got ${JSON.stringify(value)})`);
      return value.trim();
    };
    for (const name of REQUIRED) field(name);
    const code = field('MunicipalityCode');
    if (!/^\d{5}$/.test(code) || Number(code.slice(0, 2)) < 1 || Number(code.slice(0, 2)) > 47) {
      throw new ImportError(`${where}: MunicipalityCode "${code}" is not a local-government code`);
    }
    if (field('Prefecture') === '' || field('Municipality') === '') throw new ImportError(`${where}: Prefecture and Municipality must name the place`);
    return {
      // MLIT gives a transaction no id: its record's canonical JSON is its identity.
      key: createHash('sha256').update(canonicalJson(JSON.stringify(record))).digest('hex').slice(0, 20),
      place: { code, prefecture: field('Prefecture'), municipality: field('Municipality') },
      ...transactionFigures(field, where),
    };
  });
}
