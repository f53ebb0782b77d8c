import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../helpers/app.ts';
import { collectFromRoutes, importPayloads, publisherSample } from '../../helpers/routes-fetch.ts';
import { answersOf, collectLying, quotedText, refusedFor } from './lying-publisher.ts';
import { bisPolicyRatesSource } from '../../../src/ingest/sources/bis/index.ts';
import { bisCbpolImporter } from '../../../src/ingest/importers/macro/bis-cbpol.ts';

/**
 * Plausible lies in the BIS's SDMX-CSV of Japan's policy rate: one rate or one row changed in the
 * recorded answer. Each is refused naming the file and line, through the source and through `fdh
 * import`, and the policy-rate answers stay byte for byte what they were.
 */

const FILE = 'WS_CBPOL-M.JP.csv';
const LINES = publisherSample('bis', FILE).toString('utf8').trimEnd().split('\n');
const AT = new Date('2026-09-26T06:00:00Z');
const PATHS = ['/macro/indicators/policy-rate?periods=4', '/series/macro:jp.policy-rate', '/series/macro:jp.policy-rate?format=csv'];

/** The answer with line 3 (2016-10, -0.1) given `rate`. */
const withRate = (rate: string) => `${LINES.map((line, i) => (i === 2 ? line.replace(/,-0\.1$/, `,${rate}`) : line)).join('\n')}\n`;
/** The answer with a row of `month` after its last, as line LINES.length + 1. */
const withMonth = (month: string) => `${[...LINES, `dataflow,BIS:WS_CBPOL(1.0),I,M,JP,${month},0.5`].join('\n')}\n`;

const VALUE_LIES = [
  { rate: '1e308', problem: 'is not a decimal number' },
  { rate: '5e-324', problem: 'is not a decimal number' },
  { rate: '0x10', problem: 'is not a decimal number' },
  // A cell's surrounding spaces are the CSV's, not the figure's (csv.ts trims them); a Unicode minus is not a decimal.
  { rate: '\u2212150', problem: 'is not a decimal number' },
  { rate: '-150', problem: 'is outside what a macro figure can be \\(from -100 to 10000\\)' },
];

test('BIS policy rates: a value lie or a row dated 2099-12 or 1799-12 is refused naming the line, through the source and fdh import; the policy-rate answers stay byte for byte', async (t) => {
  const hub = await createTestHub(t, { now: '2026-09-28T00:00:00.000Z', env: { FDH_DEMO: 'off' } });
  await importPayloads(hub, (await collectFromRoutes(bisPolicyRatesSource)).result.payloads, AT);
  const key = await hub.key();
  const before = await answersOf(hub, key, PATHS);
  const releases = (await hub.runtime.store.db.selectFrom('release').select('id').execute()).length;

  const refused = async (body: string, reason: RegExp, lie: string) => {
    const lying = collectLying(bisPolicyRatesSource, { [FILE]: body });
    await assert.rejects(
      lying.then(({ payloads }) => importPayloads(hub, payloads, AT)),
      refusedFor(reason),
      lie,
    );
    await assert.rejects(
      importPayloads(hub, [{ importer: bisCbpolImporter, fileName: FILE, content: Buffer.from(body), archiveHashes: [] }], AT),
      refusedFor(reason),
      lie,
    );
  };
  for (const { rate, problem } of VALUE_LIES) {
    await refused(withRate(rate), new RegExp(`^WS_CBPOL-M\\.JP\\.csv:3: macro:jp\\.policy-rate ${quotedText(rate)} ${problem}`), rate);
  }
  const last = LINES.length + 1;
  await refused(withMonth('2099-12'), new RegExp(`^WS_CBPOL-M\\.JP\\.csv:${last}: 2099-12 is after what the hub knows \\(2026-09-26\\)`), '2099-12');
  await refused(
    withMonth('1799-12'),
    new RegExp(`^WS_CBPOL-M\\.JP\\.csv:${last}: 1799-12 is before a macro:jp\\.policy-rate figure can exist \\(1800-01-01\\)`),
    '1799-12',
  );

  assert.deepEqual(await answersOf(hub, key, PATHS), before, 'every policy-rate answer is what it was');
  assert.equal((await hub.runtime.store.db.selectFrom('release').select('id').execute()).length, releases, 'no release was added');
});
