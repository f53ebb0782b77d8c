import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTestHub } from '../../../helpers/app.ts';
import { importOperatorFile, operatorFixture, tempFile } from '../../../helpers/operator-files.ts';
import { ImportError } from '../../../../src/ingest/source.ts';

const HEADING = 'fact,key,series,name,importance,time,period,forecast,actual,unit';

test("a non-US calendar loads from an events file: Japan's CPI release is in /calendar/events at its time, in UTC", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('pro');
  const result = await importOperatorFile(hub, 'events', operatorFixture('examples/japan-cpi-release.csv'));
  assert.deepEqual([result.status, result.rows], ['loaded', 2]);
  const events = (await hub.get('/openapi/v1/calendar/events?from=2026-06-15&to=2026-06-21&country=JP', key)).json().data as Record<string, unknown>[];
  const cpi = events.find((event) => event.id === 'jp-cpi-yoy-2026-06-19');
  assert.deepEqual(
    { ...cpi, source: undefined },
    {
      id: 'jp-cpi-yoy-2026-06-19',
      time: '2026-06-18T23:30:00.000Z',
      country: 'JP',
      name: 'CPI YoY',
      importance: 'high',
      period: '2026-05',
      actual: null,
      forecast: 3.4,
      previous: null,
      unit: '%',
      source: undefined,
    },
    'the actual of a macro release is the macro figure (none loaded here)',
  );
  const boj = events.find((event) => event.id === 'jp-boj-rate-2026-06-16');
  assert.deepEqual([boj?.time, boj?.actual, boj?.forecast], ['2026-06-16T03:00:00.000Z', 0.75, 0.75], 'a decision keeps the actual the file gives');
  // The same release given again in another zone is the same event, replaced.
  await importOperatorFile(
    hub,
    'events',
    tempFile(t, 'moved.csv', `${HEADING}\ncalendar.event,jp,jp-cpi-yoy,CPI YoY,high,2026-06-19T08:30:00+09:00,2026-05,3.5,,%\n`),
  );
  const again = (await hub.get('/openapi/v1/calendar/events?from=2026-06-15&to=2026-06-21&country=JP', key)).json().data as Record<string, unknown>[];
  assert.deepEqual(
    again.filter((event) => event.id === 'jp-cpi-yoy-2026-06-19').map((event) => event.forecast),
    [3.5],
  );
});

test('a malformed events file is refused naming the line, and changes nothing', async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const db = hub.runtime.store.db;
  const good = 'calendar.event,jp,jp-cpi-yoy,CPI YoY,high,2026-06-19T08:30:00+09:00,2026-05,3.4,,%';
  const cases: [string, string, RegExp][] = [
    ['heading.csv', 'country,series,name\n', /heading\.csv:1: the heading must be fact,key,series,name,importance,time,period,forecast,actual,unit/],
    [
      'fact.csv',
      `${HEADING}\n${good}\ncalendar.events,jp,x,X,high,2026-06-19T08:30:00+09:00,2026-05,,,%\n`,
      /fact\.csv:3: unknown fact "calendar\.events"; an events file names one of calendar\.event, equity\.action/,
    ],
    [
      'country.csv',
      `${HEADING}\ncalendar.event,kr,kr-cpi,CPI,high,2026-06-19T08:30:00+09:00,2026-05,,,%\n`,
      /country\.csv:2: calendar\.event has no key "kr"; its keys are cn, eu, jp, us, vn/,
    ],
    [
      'zone.csv',
      `${HEADING}\ncalendar.event,jp,jp-cpi-yoy,CPI YoY,high,2026-06-19T08:30:00,2026-05,,,%\n`,
      /zone\.csv:2: time "2026-06-19T08:30:00" is not an ISO date-time with its zone/,
    ],
    [
      'importance.csv',
      `${HEADING}\ncalendar.event,jp,jp-cpi-yoy,CPI YoY,top,2026-06-19T08:30:00+09:00,2026-05,,,%\n`,
      /importance\.csv:2: importance "top" is not one of low, medium, high/,
    ],
    [
      'actual.csv',
      `${HEADING}\ncalendar.event,jp,jp-cpi-yoy,CPI YoY,high,2026-06-19T08:30:00+09:00,2026-05,,3.2,%\n`,
      /actual\.csv:2: the actual of jp-cpi-yoy is the macro figure it reports/,
    ],
    ['twice.csv', `${HEADING}\n${good}\n${good}\n`, /twice\.csv:3: calendar\.event jp-cpi-yoy-2026-06-19 appears twice \(first on line 2\)/],
  ];
  for (const [name, content, message] of cases) {
    await assert.rejects(
      importOperatorFile(hub, 'events', tempFile(t, name, content)),
      (error: unknown) => error instanceof ImportError && message.test(error.message),
      name,
    );
  }
  assert.equal(
    Number(
      (
        await db
          .selectFrom('calendar_event')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    0,
  );
  assert.equal(
    Number(
      (
        await db
          .selectFrom('release')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    0,
  );
});

test("an issue's split loads from an events file and fills its corporate actions; a ratio that contradicts the kind, or an issue not in the store, is refused", async (t) => {
  const hub = await createTestHub(t, { env: { FDH_DEMO: 'off' } });
  const key = await hub.key('pro');
  await importOperatorFile(
    hub,
    'instruments',
    tempFile(t, 'issue.csv', 'fact,key,value\nequity.issue.name,8697,Japan Exchange Group\nequity.issue.sector,8697,7200\nequity.issue.segment,8697,prime\n'),
  );
  await importOperatorFile(hub, 'events', tempFile(t, 'split.csv', `${HEADING}\nequity.action,8697,split,,,2024-01-01,,,2,\n`));
  const actions = (await hub.get('/openapi/v1/market/jp/equities/8697/corporate-actions', key)).json().data as { effectiveDate: string; ratio: number }[];
  assert.deepEqual(
    actions.map(({ effectiveDate, ratio }) => ({ effectiveDate, ratio })),
    [{ effectiveDate: '2024-01-01', ratio: 2 }],
  );
  await assert.rejects(
    importOperatorFile(hub, 'events', tempFile(t, 'ratio.csv', `${HEADING}\nequity.action,8697,split,,,2025-01-01,,,0.5,\n`)),
    /ratio\.csv:2: equity\.action actual "0\.5" must be the shares after per share before/,
  );
  await assert.rejects(
    importOperatorFile(hub, 'events', tempFile(t, 'unknown.csv', `${HEADING}\nequity.action,7203,split,,,2025-01-01,,,2,\n`)),
    /unknown\.csv:2: equity\.action: no issue 72030 in the store/,
  );
});
