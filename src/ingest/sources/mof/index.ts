import { Type } from 'typebox';
import { mofJgbYieldsImporter } from '../../importers/macro/mof-jgb-yields.ts';
import { defineSource, type CollectResult, type ImportPayload, type SourceDefinition } from '../../sync/source-definition.ts';
import { utf8From } from '../text-encoding.ts';
import { storedFacts } from '../../../facts/names.ts';

const SOURCE_ID = 'mof-jgb-yields';
const DIRECTORY = '/english/policy/jgbs/reference/interest_rate';
/**
 * The current month's file first, the history (up to the end of the previous month) last: when
 * both hold a month — the history has just taken in the month the current file still shows —
 * the history's complete month is the one that stays.
 */
const FILES = [`${DIRECTORY}/jgbcme.csv`, `${DIRECTORY}/historical/jgbcme_all.csv`];

/**
 * The Ministry of Finance's JGB constant-maturity yields
 * (https://www.mof.go.jp/english/policy/jgbs/reference/interest_rate/index.htm): the current
 * month's `jgbcme.csv` and the history `historical/jgbcme_all.csv`, each asked conditionally,
 * so a run where neither changed imports nothing. The files carry a Japanese note, hence
 * `params.encoding` (Shift_JIS by default, of which their ASCII rows are a part).
 */
const MofParams = Type.Object(
  {
    /** The files' encoding, such as "shift_jis" or "utf-8". */
    encoding: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);

export const mofJgbYieldsSource = defineSource({
  id: SOURCE_ID,
  publisher: 'mof',
  description: 'Ministry of Finance JGB yields (jgbcme.csv, historical/jgbcme_all.csv) → monthly average 10-year yield',
  defaultBaseUrl: 'https://www.mof.go.jp',
  // The MOF posts the day's yields in the evening of Tokyo business days.
  defaultSchedule: '0 19 * * 1-5',
  timeZone: 'Asia/Tokyo',
  params: MofParams,
  defaultParams: { encoding: 'shift_jis' },
  credentials: [],
  importers: [mofJgbYieldsImporter],
  feeds: [storedFacts.macro('jp.bond-10y')],
  minRequestIntervalMs: 1000,
  async collect({ baseUrl, params, fetch }): Promise<CollectResult> {
    const { encoding } = params;
    const payloads: ImportPayload[] = [];
    for (const path of FILES) {
      const answer = await fetch({ url: `${baseUrl}${path}` });
      if (answer.notModified) continue;
      const fileName = path.split('/').at(-1) ?? 'jgbcme.csv';
      payloads.push({
        importer: mofJgbYieldsImporter,
        fileName,
        content: utf8From(answer.body, encoding, fileName, SOURCE_ID),
        archiveHashes: [answer.archiveHash],
      });
    }
    return { payloads, cursor: undefined };
  },
});

export const mofSources: SourceDefinition[] = [mofJgbYieldsSource];
