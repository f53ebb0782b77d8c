import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { answersOf, collectLying, quotedText, refusedFor } from './lying-publisher.ts';
import { imfCpiSource } from '../../../src/ingest/sources/imf/index.ts';
import { imfCpiImporter } from '../../../src/ingest/importers/macro/imf-cpi.ts';

/**
 * Plausible lies in the IMF's SDMX-JSON of Vietnam's CPI: one OBS_VALUE or one month changed in
 * the recorded answer. Each is refused naming the file, the series key and the observation key,
 * through the source and through `fdh import`, and the CPI answers stay byte for byte.
 */

const FILE = 'CPI-VNM.CPI._T.IX.M.json';
const PATHS = [
  '/macro/indicators/inflation-rate?periods=3',
  '/macro/economic-data?type=cpi&country=VN&period=1Y',
  '/series/macro:vn.cpi',
  '/series/macro:vn.cpi?format=csv',
];

interface Answer {
  data: {
    dataSets: { series: Record<string, { observations: Record<string, unknown[]> }> }[];
    structures: { dimensions: { observation: { values: { value: string }[] }[] } }[];
  };
}
const answer = () => JSON.parse(publisherSample('imf', FILE).toString('utf8')) as Answer;
const observationsOf = (document: Answer) => document.data.dataSets[0]?.series['0:0:0:0:0']?.observations ?? {};

/** The answer with observation 1 (2025-05) given `value` as its OBS_VALUE. */
function withValue(value: string): string {
  const document = answer();
  const observation = observationsOf(document)['1'] ?? [];
  observation[0] = value;
  return JSON.stringify(document);
}

/** The answer with a month `period` (`2099-M12`) after its last, and a figure for it: observation 14. */
function withMonth(period: string): string {
  const document = answer();
  document.data.structures[0]?.dimensions.observation[0]?.values.push({ value: period });
  observationsOf(document)['14'] = ['190.12', null, 0, '2010A', null];
  return JSON.stringify(document);
}

const VALUE_LIES = [
  { value: '1e308', problem: 'is outside what a macro figure can be' },
  { value: '5e-324', problem: 'is smaller than any published figure' },
  { value: '0x10', problem: 'is not a decimal number' },
  { value: ' 188.47 ', problem: 'is not a decimal number' },
  { value: 'Infinity', problem: 'is not a decimal number' },
];

test('IMF CPI: a value lie or a month dated 2099-12 or 1799-12 is refused naming the observation, through the source and fdh import; the CPI answers stay byte for byte', async (t) => {
  const hub = await createTestHub(t, { now: '2026-06-19T23:00:00.000Z', env: { FDH_DEMO: 'off' } });
  await importPayloads(hub, (await collectFromRoutes(imfCpiSource)).result.payloads);
  const key = await hub.key();
  const before = await answersOf(hub, key, PATHS);
  const releases = (await hub.runtime.store.db.selectFrom('release').select('id').execute()).length;

  const refused = async (body: string, reason: RegExp, lie: string) => {
    const lying = collectLying(imfCpiSource, { [FILE]: body });
    await assert.rejects(
      lying.then(({ payloads }) => importPayloads(hub, payloads)),
      refusedFor(reason),
      lie,
    );
    await assert.rejects(
      importPayloads(hub, [{ importer: imfCpiImporter, fileName: FILE, content: Buffer.from(body), archiveHashes: [] }]),
      refusedFor(reason),
      lie,
    );
  };
  const where = (observation: number) => `^CPI-VNM\\.CPI\\._T\\.IX\\.M\\.json: series 0:0:0:0:0 observation ${observation}:`;
  for (const { value, problem } of VALUE_LIES) await refused(withValue(value), new RegExp(`${where(1)} macro:vn\\.cpi ${quotedText(value)} ${problem}`), value);
  await refused(withMonth('2099-M12'), new RegExp(`${where(14)} 2099-12 is after what the hub knows \\(2026-06-19\\)`), '2099-M12');
  await refused(withMonth('1799-M12'), new RegExp(`${where(14)} 1799-12 is before a macro:vn\\.cpi figure can exist \\(1800-01-01\\)`), '1799-M12');

  assert.deepEqual(await answersOf(hub, key, PATHS), before, 'every CPI answer is what it was');
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, releases, 'no release was added');
});
