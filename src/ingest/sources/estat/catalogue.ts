import { Type, type Static } from 'typebox';
import { ImportError } from '../../import-error.ts';
import { readJsonDocument } from '../../publisher-document.ts';
import type { CollectContext } from '../../sync/source-definition.ts';
import { fetchUnconditional } from '../unconditional-fetch.ts';

const PATH = '/rest/3.0/app/json/getStatsList';

/** A survey's catalogue holds a few dozen tables; more than one page of this many is not the catalogue expected. */
const LIMIT = 1000;

/** The `{base}` of a table-name template: the base year, four digits. */
const BASE = '{base}';

/**
 * How a series finds its table in e-Stat's catalogue: the survey's government statistics code
 * (政府統計コード) and the name its tables carry in TITLE_SPEC.TABLE_NAME, with `{base}` where
 * the base year stands (`消費者物価指数（{base}年基準）`). The table of the newest base year is read.
 */
export const EstatCatalogueRuleSchema = Type.Object(
  {
    statsCode: Type.String({ pattern: '^\\d{8}$' }),
    tableName: Type.String({ pattern: '\\{base\\}', minLength: 7, maxLength: 200 }),
  },
  { additionalProperties: false },
);
type EstatCatalogueRule = Static<typeof EstatCatalogueRuleSchema>;

/** RESULT_INF.NEXT_KEY: the next page's start position when the answer has more pages. */
export const NextKeySchema = Type.Union([Type.Number(), Type.String(), Type.Null()]);

const TableSchema = Type.Object({
  '@id': Type.String({ pattern: '^\\d{10}$' }),
  OPEN_DATE: Type.Optional(Type.String()),
  TITLE_SPEC: Type.Optional(Type.Object({ TABLE_NAME: Type.Optional(Type.String()) })),
});

/**
 * What the lookup reads of a getStatsList answer. XML-to-JSON gives one table as an object and
 * several as an array; RESULT.STATUS 0 is a list, 1 an empty one, anything above an error.
 */
const ListSchema = Type.Object({
  GET_STATS_LIST: Type.Object({
    RESULT: Type.Object({ STATUS: Type.Number(), ERROR_MSG: Type.Optional(Type.String()) }),
    DATALIST_INF: Type.Optional(
      Type.Object({
        RESULT_INF: Type.Optional(Type.Object({ NEXT_KEY: Type.Optional(NextKeySchema) })),
        TABLE_INF: Type.Optional(Type.Union([TableSchema, Type.Array(TableSchema)])),
      }),
    ),
  }),
});
type Table = Static<typeof TableSchema>;

/** The template as a matcher of whole table names, its `{base}` a captured four-digit year. */
function nameMatcher(template: string): RegExp {
  const [before = '', after = ''] = template.split(BASE);
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escapeRegExp(before)}(\\d{4})${escapeRegExp(after)}$`);
}

/**
 * The statsDataId of the table a rule names in the survey's current catalogue: the newest base
 * year among the tables whose name fits, the latest opened if two share it. A catalogue that
 * lists none fails the run, naming the rule: the series is not read from a table it was not meant for.
 */
export async function currentTableId(context: CollectContext<unknown>, appId: string, rule: EstatCatalogueRule): Promise<string> {
  const query = new URLSearchParams({ appId, lang: 'J', statsCode: rule.statsCode, limit: String(LIMIT), explanationGetFlg: 'N' });
  const fileName = `getStatsList-${rule.statsCode}.json`;
  const { body } = await fetchUnconditional(context.fetch, { url: `${context.baseUrl}${PATH}?${query.toString()}` });
  const answer = readJsonDocument(ListSchema, body, fileName).GET_STATS_LIST;
  if (answer.RESULT.STATUS > 1) throw new ImportError(`${fileName}: e-Stat answered STATUS ${answer.RESULT.STATUS}: ${answer.RESULT.ERROR_MSG ?? ''}`);
  const next = answer.DATALIST_INF?.RESULT_INF?.NEXT_KEY;
  if (next !== undefined && next !== null && next !== '') throw new ImportError(`${fileName}: more than ${LIMIT} tables: not the survey's catalogue expected`);
  const listed = answer.DATALIST_INF?.TABLE_INF;
  const tables: Table[] = listed === undefined ? [] : Array.isArray(listed) ? listed : [listed];
  const matcher = nameMatcher(rule.tableName);
  const fitting = tables
    .map((table) => ({ id: table['@id'], base: matcher.exec(table.TITLE_SPEC?.TABLE_NAME ?? '')?.[1], opened: table.OPEN_DATE ?? '' }))
    .filter((table) => table.base !== undefined)
    .sort((a, b) => `${a.base}${a.opened}`.localeCompare(`${b.base}${b.opened}`));
  const newest = fitting.pop();
  if (newest === undefined) throw new ImportError(`${fileName}: survey ${rule.statsCode} lists no table named '${rule.tableName}' (TITLE_SPEC.TABLE_NAME)`);
  return newest.id;
}
