import { ImportError, type Importer } from '../../source.ts';
import { canonicalJson } from '../../canonical-content.ts';
import { municipalityWards, type MunicipalityRef } from './jp-municipalities.ts';
import { Type } from 'typebox';
import { readJsonDocument } from '../../publisher-document.ts';

/** The columns of the list's sheet of current local governments, as headed (line breaks inside a heading ignored). */
const COLUMNS = ['団体コード', '都道府県名（漢字）', '市区町村名（漢字）', '都道府県名（カナ）', '市区町村名（カナ）'] as const;

interface Sheet {
  name: string;
  rows: string[][];
}

export interface LocalGovernmentCodes {
  /** Prefecture code (2 digits) → name (漢字). */
  prefectures: Map<string, string>;
  /** Municipalities by their 5-digit code (the 6-digit code without its check digit). */
  municipalities: MunicipalityRef[];
}

/** The workbook's sheets as text rows, as the soumu source reads them. */
const SheetsSchema = Type.Object({ sheets: Type.Array(Type.Object({ name: Type.String(), rows: Type.Array(Type.Array(Type.String())) }), { minItems: 1 }) });

function sheetsOf(content: string, fileName: string): Sheet[] {
  return readJsonDocument(SheetsSchema, content, fileName).sheets;
}

const heading = (text: string | undefined) => (text ?? '').replace(/\s+/g, '');

/** A 6-digit code as written (a cell stored as a number loses its leading zero) → its 5 digits, if it is one. */
function municipalityCode(text: string): string | undefined {
  const digits = text.trim();
  if (!/^\d{5,6}$/.test(digits)) return undefined;
  const code = digits.padStart(6, '0').slice(0, 5);
  const prefecture = Number(code.slice(0, 2));
  return prefecture >= 1 && prefecture <= 47 ? code : undefined;
}

/**
 * The Ministry of Internal Affairs and Communications' 全国地方公共団体コード list
 * (https://www.soumu.go.jp/denshijiti/code.html), an .xlsx whose sheets the soumu source passes
 * on as text (`{"sheets": [{"name", "rows"}]}`). Its first sheet (`R6.1.1現在の団体`) lists every
 * prefecture (code `PP000c`, no municipality name) and municipality, Tokyo's special wards and
 * the designated cities included; the wards of the designated cities (the second sheet) are not
 * read: their layout is not established, and MLIT's answers create those they name.
 */
export function localGovernmentCodes(content: string, fileName: string): LocalGovernmentCodes {
  return localGovernmentCodesOf(sheetsOf(content, fileName), fileName);
}

/** The list of the workbook's sheets as text rows (the soumu source reads them once from the workbook). */
export function localGovernmentCodesOf(sheets: readonly { name: string; rows: string[][] }[], fileName: string): LocalGovernmentCodes {
  const [current] = sheets;
  if (current === undefined) throw new ImportError(`${fileName}: the workbook has no sheet`);
  const header = current.rows[0] ?? [];
  if (!COLUMNS.every((name, i) => heading(header[i]) === name)) {
    throw new ImportError(
      `${fileName}: sheet "${current.name}" row 1: expected the columns ${COLUMNS.join(', ')} (got ${header.slice(0, COLUMNS.length).map(heading).join(', ')})`,
    );
  }
  const prefectures = new Map<string, string>();
  const named: { code: string; municipality: string; where: string }[] = [];
  current.rows.slice(1).forEach((row, i) => {
    const where = `${fileName}: sheet "${current.name}" row ${i + 2}`;
    if (row.every((cell) => cell.trim() === '')) return;
    const code = municipalityCode(row[0] ?? '');
    if (code === undefined) throw new ImportError(`${where}: 団体コード "${row[0] ?? ''}" is not a local-government code`);
    const municipality = (row[2] ?? '').trim();
    if (code.endsWith('000')) {
      const prefecture = (row[1] ?? '').trim();
      if (prefecture === '' || municipality !== '') throw new ImportError(`${where}: prefecture row ${row[0]} must name the prefecture and no municipality`);
      prefectures.set(code.slice(0, 2), prefecture);
      return;
    }
    if (municipality === '') throw new ImportError(`${where}: 市区町村名（漢字） is empty for code ${row[0]}`);
    named.push({ code, municipality, where });
  });
  if (named.length === 0) throw new ImportError(`${fileName}: sheet "${current.name}" row 2: the list has no municipalities`);
  const municipalities: MunicipalityRef[] = named.map(({ code, municipality, where }) => {
    const prefecture = prefectures.get(code.slice(0, 2));
    if (prefecture === undefined) throw new ImportError(`${where}: no prefecture row for code ${code.slice(0, 2)}`);
    return { code, prefecture, municipality };
  });
  return { prefectures, municipalities };
}

/**
 * Prefectures → `re_province` and municipalities → `re_ward` by their codes (ids 100 + prefecture
 * code and 1,000,000 + municipality code, as the MLIT importer creates them): what the store lacks
 * is created with the list's names, what it holds is kept.
 */
export const soumuLocalGovernmentCodesImporter: Importer<LocalGovernmentCodes> = {
  dataset: 'real-estate-soumu-local-government-codes',
  datasets: ['real-estate'],
  description:
    "Japan's prefectures and municipalities from the MIC national local-government code list (全国地方公共団体コード .xlsx, its sheets as JSON text)",
  source: 'MIC national local-government codes',
  canonicalForm: canonicalJson,
  parse: localGovernmentCodes,
  async load(db, parsed, release) {
    await municipalityWards(db, parsed.municipalities, release.source);
    return parsed.municipalities.length;
  },
};
