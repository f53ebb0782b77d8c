import { Type, type Static } from 'typebox';
import { localGovernmentCodesOf, soumuLocalGovernmentCodesImporter } from '../../importers/real-estate/soumu-local-government-codes.ts';
import { defineSource, parsedPayload, type CollectContext, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { currentCodeListPath } from './code-list-link.ts';
import { workbookSheets } from './workbook-sheets.ts';
import { storedFacts } from '../../../facts/names.ts';

const SoumuParams = Type.Object(
  {
    /**
     * The list's .xlsx under /main_content/, to pin one edition. Absent (the default): the one
     * MIC's code page links now.
     */
    path: Type.Optional(Type.String({ pattern: '^/main_content/[\\w.-]+\\.xlsx$' })),
  },
  { additionalProperties: false },
);

/**
 * The list is published as an .xlsx whose file name changes with each revision, linked from
 * https://www.soumu.go.jp/denshijiti/code.html: each run reads the page and fetches the workbook
 * it links (a conditional GET: an edition already loaded costs a 304), so a new edition is read
 * the month it is linked, with no setting to move. Its sheets are read once and become the
 * importer's list.
 */
async function collect(context: CollectContext<Static<typeof SoumuParams>>): Promise<CollectResult> {
  const { baseUrl, params, fetch } = context;
  const path = params.path ?? (await currentCodeListPath(context));
  const answer = await fetch({ url: `${baseUrl}${path}` });
  if (answer.notModified) return { payloads: [], cursor: undefined };
  const fileName = path.split('/').pop() ?? 'local-government-codes.xlsx';
  const sheets = await workbookSheets(answer.body, fileName);
  const name = `${fileName}.json`;
  return {
    payloads: [parsedPayload(soumuLocalGovernmentCodesImporter, localGovernmentCodesOf(sheets, name), { fileName: name, archiveHashes: [answer.archiveHash] })],
    cursor: undefined,
  };
}

export const soumuSources: SourceDefinition[] = [
  defineSource({
    id: 'soumu-local-government-codes',
    publisher: 'soumu',
    description: "MIC's national local-government code list (全国地方公共団体コード): Japan's prefectures and municipalities by code",
    defaultBaseUrl: 'https://www.soumu.go.jp',
    // The list changes when municipalities merge or are renamed (a few times a year); a monthly look at the page finds it.
    defaultSchedule: '0 5 2 * *',
    timeZone: 'Asia/Tokyo',
    params: SoumuParams,
    defaultParams: {},
    credentials: [],
    importers: [soumuLocalGovernmentCodesImporter],
    // Japan's prefectures and municipalities, by name and code; no boundary.
    feeds: [storedFacts.province('jp'), storedFacts.ward('jp')],
    collect,
  }),
];
