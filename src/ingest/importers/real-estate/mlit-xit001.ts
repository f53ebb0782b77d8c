import { createHash } from 'node:crypto';
import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { insertTransactions, transactionFigures, transactionRow, type TransactionFigures } from './mlit-transactions.ts';
import { municipalityWards, type MunicipalityRef } from './jp-municipalities.ts';
import { Type, type Static } from 'typebox';
import { checkDocument, readJsonDocument } from '../../publisher-document.ts';

interface ParsedRecord extends TransactionFigures {
  key: string;
  place: MunicipalityRef;
}

/** The fields the hub reads of a transaction, each a string ("" where not published); the others are kept for its identity. */
const TransactionSchema = Type.Object({
  Type: Type.String(),
  MunicipalityCode: Type.String(),
  Prefecture: Type.String(),
  Municipality: Type.String(),
  TradePrice: Type.String(),
  Area: Type.String(),
  Period: Type.String(),
  BuildingYear: Type.String(),
  Structure: Type.String(),
  FloorPlan: Type.String(),
});

/** Any answer's status: an error answer ("NG", with a message) has no `data`. */
const StatusSchema = Type.Object({ status: Type.String() });
const AnswerSchema = Type.Object({ status: Type.Literal('OK'), data: Type.Array(TransactionSchema) });
export type Xit001Answer = Static<typeof AnswerSchema>;

/** An XIT001 answer read once: a status other than "OK" is refused quoting it, before the layout is checked. */
export function readXit001Answer(content: string | Buffer, fileName: string): Xit001Answer {
  const document = readJsonDocument(StatusSchema, content, fileName);
  if (document.status !== 'OK') throw new ImportError(`${fileName}: status is ${JSON.stringify(document.status)}, not "OK"`);
  return checkDocument(AnswerSchema, document, fileName);
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
  parse: (content, fileName) => mlitTransactions(readXit001Answer(content, fileName), fileName),
  async load(db, parsed, release) {
    const wards = await municipalityWards(
      db,
      parsed.map((r) => r.place),
      release.source,
    );
    const rows = parsed.map((r) => {
      const wardId = wards.get(r.place.code);
      if (wardId === undefined) throw new Error(`no ward was found or created for municipality ${r.place.code}`);
      return transactionRow(r, r.key, wardId, release.source);
    });
    await insertTransactions(db, rows);
    return parsed.length;
  },
};

/** The transactions of an XIT001 answer already read. */
export function mlitTransactions(answer: Xit001Answer, fileName: string): ParsedRecord[] {
  if (answer.data.length === 0) throw new ImportError(`${fileName}: data[0]: the answer has no transactions`);
  return answer.data.map((record, i) => {
    const where = `${fileName}: data[${i}]`;
    const field = (name: keyof typeof record) => record[name].trim();
    const code = field('MunicipalityCode');
    if (!/^\d{5}$/.test(code) || Number(code.slice(0, 2)) < 1 || Number(code.slice(0, 2)) > 47) {
      throw new ImportError(`${where}: MunicipalityCode "${code}" is not a local-government code`);
    }
    if (field('Prefecture') === '' || field('Municipality') === '') throw new ImportError(`${where}: Prefecture and Municipality must name the place`);
    return {
      // MLIT gives a transaction no id: its record's canonical JSON is its identity.
      key: createHash('sha256')
        .update(canonicalJson(JSON.stringify(record)))
        .digest('hex')
        .slice(0, 20),
      place: { code, prefecture: field('Prefecture'), municipality: field('Municipality') },
      ...transactionFigures(field, where),
    };
  });
}
