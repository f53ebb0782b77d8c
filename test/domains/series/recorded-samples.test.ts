import assert from 'node:assert/strict';
import { test } from 'node:test';
import { allPublishersHub } from '../../helpers/all-publishers-hub.ts';
import { assertLinksAnswerAtTheirFrequency, listedSeries } from './listed-series.ts';

test("on the recorded samples' store, every link of /series answers 200 as written, with as many points a year as its frequency says", async (t) => {
  const { hub } = await allPublishersHub(t);
  const key = await hub.key('pro');
  const entries = await listedSeries(hub, key);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  // The World Bank's gold is a monthly average; FRED's WTI a daily close; J-Quants' bars and ECB's pairs are daily.
  assert.deepEqual(
    ['commodity.close:gold', 'commodity.close:wti-crude', 'fx.close:USD/JPY'].map((id) => [id, byId.get(id)?.frequency, byId.get(id)?.firstDate !== null]),
    [
      ['commodity.close:gold', 'monthly', true],
      ['commodity.close:wti-crude', 'daily', true],
      ['fx.close:USD/JPY', 'daily', true],
    ],
  );
  assert.ok(
    entries.some((entry) => entry.family === 'equity.bar' && entry.firstDate !== null),
    'J-Quants bars are listed per issue',
  );
  assert.ok((await assertLinksAnswerAtTheirFrequency(hub, key, entries)) > 200);
});
