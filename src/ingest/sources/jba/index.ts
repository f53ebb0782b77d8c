import { Type } from 'typebox';
import { tiborJbaImporter } from '../../importers/macro/tibor-jba.ts';
import { defineSource, type CollectResult, type SourceDefinition } from '../../sync/source-definition.ts';
import { utf8From } from '../text-encoding.ts';
import { storedFacts } from '../../../facts/names.ts';

const JbaParams = Type.Object(
  {
    /** The path of the TIBOR CSV under the publisher's baseUrl: no default, the operator names it. */
    path: Type.Optional(Type.String({ minLength: 1 })),
    /** The CSV's encoding, such as "shift_jis" or "utf-8". */
    encoding: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

/**
 * JBA TIBOR Administration's daily Japanese Yen TIBOR rates, read from a CSV in the layout the
 * jp-tibor-jba importer reads (title lines, `"Date","1WEEK","1MONTH",…`, one row per business
 * day). JBATA itself publishes the day's rates as a PDF (`JAPANESEYENTIBOR<YYMMDD>.pdf` on
 * https://www.jbatibor.or.jp/rate/) and through contracted information providers, so the path
 * of the CSV has no default: `params.path` names it (on the publisher's site or a mirror set as
 * the publisher's baseUrl), and `params.encoding` its encoding (Shift_JIS by default, as
 * Japanese publishers' CSVs are).
 */
export const jbaTiborSource = defineSource({
  id: 'jba-tibor',
  publisher: 'jba',
  description: 'JBA Japanese Yen TIBOR daily fixings (1W, 1M, 3M, 6M) from a CSV of the rates',
  defaultBaseUrl: 'https://www.jbatibor.or.jp',
  // JBATA publishes the rates at 11:00 JST on Tokyo business days.
  defaultSchedule: '30 11 * * 1-5',
  timeZone: 'Asia/Tokyo',
  params: JbaParams,
  defaultParams: { encoding: 'shift_jis' },
  // No published CSV to read until the operator names one in params.path.
  enabledByDefault: false,
  credentials: [],
  importers: [tiborJbaImporter],
  feeds: [storedFacts.macro('jp.tibor.*')],
  async collect({ baseUrl, params, fetch }): Promise<CollectResult> {
    const { path, encoding } = params;
    // Checked here, not by the schema: the source ships disabled until the operator names the file.
    if (path === undefined)
      throw new Error(
        'jba-tibor: params.path must be set: the path of the TIBOR CSV under the publisher baseUrl (JBATA publishes its daily file as a PDF; see docs/data-sources.md)',
      );
    const url = new URL(path, `${baseUrl}/`);
    const answer = await fetch({ url: url.toString() });
    if (answer.notModified) return { payloads: [], cursor: undefined };
    const fileName = url.pathname.split('/').pop() || 'jba-tibor.csv';
    return {
      payloads: [
        { importer: tiborJbaImporter, fileName, content: utf8From(answer.body, encoding, fileName, 'jba-tibor'), archiveHashes: [answer.archiveHash] },
      ],
      cursor: undefined,
    };
  },
});

export const jbaSources: SourceDefinition[] = [jbaTiborSource];
