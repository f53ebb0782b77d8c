import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { createTestHub, type TestHub } from '../helpers/app.ts';
import { createAccount, PASSWORD } from '../helpers/dashboard.ts';
import { testStore } from '../helpers/stores.ts';
import { demoGenerators } from '../../src/ingest/demo/index.ts';
import { cliActor } from '../../src/accounts/audit.service.ts';

const CHROMIUM = '/usr/bin/chromium';
const skip = existsSync(CHROMIUM) ? false : `SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`;
const SCREENSHOTS = resolve(fileURLToPath(new URL('../../test-output/layout/', import.meta.url)), testStore);

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** Every page of the dashboard, as an admin reaches it. */
const PAGES = [
  ['#/', 'overview'],
  ['#/keys', 'keys'],
  ['#/usage', 'usage'],
  ['#/admin/accounts', 'accounts'],
  ['#/admin/plans', 'plans'],
  ['#/admin/audit', 'audit'],
  ['#/account/password', 'password'],
  ['#/admin/sources', 'sources'],
] as const;

const LONG_EMAIL = 'treasury.operations.reporting.team-tokyo-branch@subsidiary-of-a-very-long-company-name.example.com';
const LONG_NAME = 'nightly export of every Japanese equity price to the analytics warehouse (production)';
const LONG_ERROR =
  'HTTP 503 from https://data-api.ecb.europa.eu/service/data/EXR/D.USD+JPY+GBP+CHF.EUR.SP00.A?format=csvdata&startPeriod=2026-06-01&detail=dataonly ' +
  '(gave up after 5 attempts); set `FDH_SYNC_RETRIES` or see docs/data-sources.md; the body said `<img src=x onerror="window.pwned=1">` ' +
  'and <img src=x onerror="window.pwned=2"> javascript:window.pwned=3 https://example.com/"><img/src=x/onerror=window.pwned=4>';

/**
 * What is cut on the page: the page wider than the window; a table wider than its card (its
 * wrapper would have to scroll to show it whole); an element whose content is wider
 * than its box (scrollWidth > clientWidth) that is not a declared scroll container (overflow-x
 * auto or scroll: a table's wrapper, the phone's nav bar); an element whose box reaches past its
 * parent's content box, unless that parent scrolls or the element is positioned out of the flow.
 * Elements that are not rendered (display none) or clipped to nothing for screen readers are left out.
 */
const CUT_ELEMENTS = `(() => {
  const scrolls = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).join('.') : '') +
    ' "' + (el.textContent ?? '').trim().replace(/\\s+/g, ' ').slice(0, 50) + '"';
  // Clipped to nothing for screen readers only (a phone's table headers, visually hidden captions).
  const hiddenOnPurpose = (el) => { for (let at = el; at !== null; at = at.parentElement) if (getComputedStyle(at).clipPath !== 'none') return true; return false; };
  const cut = [];
  if (document.documentElement.scrollWidth > window.innerWidth) cut.push('the page is ' + document.documentElement.scrollWidth + ' px wide');
  for (const wrap of document.querySelectorAll('.table-wrap')) if (wrap.scrollWidth > wrap.clientWidth + 1) cut.push(name(wrap.querySelector('caption') ?? wrap) + ': the table needs ' + wrap.scrollWidth + ' px in ' + wrap.clientWidth + ' px');
  for (const el of document.body.querySelectorAll('*')) {
    if (el.getClientRects().length === 0 || hiddenOnPurpose(el)) continue;
    const style = getComputedStyle(el);
    if (style.display === 'contents') continue;
    if (!scrolls(el) && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) cut.push(name(el) + ': content ' + el.scrollWidth + ' px wide in ' + el.clientWidth + ' px');
    const parent = el.parentElement;
    if (parent === null || parent === document.body || scrolls(parent) || style.position === 'absolute' || style.position === 'fixed') continue;
    const outer = parent.getBoundingClientRect();
    const ps = getComputedStyle(parent);
    const left = outer.left + parseFloat(ps.borderLeftWidth) + parseFloat(ps.paddingLeft);
    const right = outer.right - parseFloat(ps.borderRightWidth) - parseFloat(ps.paddingRight);
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.left < left - 1 || box.right > right + 1)) {
      cut.push(name(el) + ': ' + Math.round(box.left) + '–' + Math.round(box.right) + ' px outside ' + name(parent) + ' (' + Math.round(left) + '–' + Math.round(right) + ')');
    }
  }
  return cut;
})()`;

/** An admin, long values everywhere a person or a publisher writes text, and calls in the usage log. */
async function fillWithLongValues(hub: TestHub, base: string): Promise<void> {
  const adminId = await createAccount(hub, LONG_EMAIL, { role: 'admin', plan: 'pro' });
  const members = [];
  for (const index of [1, 2, 3]) members.push(await createAccount(hub, `member-${index}.${LONG_EMAIL}`, { plan: 'basic' }));
  await hub.runtime.accounts.setPlan(members[0] ?? '', 'enterprise', cliActor());
  const keys = await Promise.all(
    [LONG_NAME, `${LONG_NAME} (staging)`, 'short'].map((name, i) =>
      hub.runtime.keys.create({
        accountId: adminId,
        name,
        scopes: i === 0 ? ['market_data', 'fx_data', 'crypto_data', 'macro_data', 'news_data'] : undefined,
        expiresAt: '2027-03-31T23:59:59Z',
      }),
    ),
  );
  const paths = [
    '/openapi/v1/market/jp/equities/7203/prices?range=max',
    '/openapi/v1/crypto',
    '/openapi/v1/fx/table',
    '/openapi/v1/macro/fdi/by-region?country=jp',
    '/openapi/v1/news/feed',
    '/openapi/v1/commodities',
    '/openapi/v1/etf',
    '/openapi/v1/usage',
  ];
  for (const key of keys) for (const path of paths) await fetch(base + path, { headers: { 'x-api-key': key.key } });
  await hub.runtime.store.db
    .insertInto('sync_source')
    .values({
      source_id: 'ecb-eurofxref-hist',
      last_attempt_at: '2026-06-19T08:00:00.000Z',
      failing_since: '2026-06-18T08:00:00.000Z',
      last_error: LONG_ERROR,
      consecutive_failures: 4,
    })
    .execute();
}

async function signIn(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/dashboard`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#plan-name').waitFor();
}

async function visit(page: Page, base: string, hash: string): Promise<void> {
  await page.goto(`${base}/dashboard${hash}`);
  await page.locator('main h1').waitFor();
  await page.waitForLoadState('networkidle');
}

async function launch(t: TestContext) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  t.after(() => browser.close());
  return browser;
}

test('at 1280×800 and 390×844 no element of any dashboard page is wider than its container, with the demo and long values; screenshots in test-output/layout', {
  skip,
  timeout: 240_000,
}, async (t) => {
  const hub = await createTestHub(t, { seed: demoGenerators });
  const base = await hub.app.listen({ port: 0, host: '127.0.0.1' });
  await fillWithLongValues(hub, base);
  mkdirSync(SCREENSHOTS, { recursive: true });
  t.diagnostic(`screenshots: ${SCREENSHOTS}`);
  const page = await (await launch(t)).newPage({ viewport: VIEWPORTS[0] });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await signIn(page, base, LONG_EMAIL);

  const cut: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}x${viewport.height}`;
    for (const [hash, name] of PAGES) {
      await visit(page, base, hash);
      if (name === 'usage') await page.locator('.chart canvas').first().waitFor();
      cut.push(...((await page.evaluate(CUT_ELEMENTS)) as string[]).map((problem) => `${size} ${name}: ${problem}`));
      // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, which hides what CSS hides.
      const text = await page.locator('main').innerText();
      if (/\b(null|undefined|NaN)\b/.test(text)) cut.push(`${size} ${name}: the page prints null, undefined or NaN`);
      await page.screenshot({ path: join(SCREENSHOTS, `${size}-${name}.png`), fullPage: true });
    }
    const header = await page.locator('header.top').boundingBox();
    if (header === null || header.height > viewport.height / 6) cut.push(`${size}: the header is ${header?.height} px high, more than a sixth of the window`);
  }
  assert.deepEqual(cut, [], 'nothing is cut');

  // The Sources page: a publisher's URL is a link, its code spans are code, no backtick shows.
  await visit(page, base, '#/admin/sources');
  const failing = page.getByRole('row').filter({ hasText: 'ecb-eurofxref-hist' });
  const link = failing.getByRole('link', { name: /^https:\/\/data-api\.ecb\.europa\.eu\/service\/data\/EXR/ });
  assert.equal(
    await link.getAttribute('href'),
    'https://data-api.ecb.europa.eu/service/data/EXR/D.USD+JPY+GBP+CHF.EUR.SP00.A?format=csvdata&startPeriod=2026-06-01&detail=dataonly',
  );
  assert.equal(
    await failing
      .locator('code')
      .filter({ hasText: /^FDH_SYNC_RETRIES$/ })
      .count(),
    1,
  );
  // biome-ignore lint/performance/useDomNodeTextContent: the text as rendered, which hides what CSS hides.
  assert.ok(!(await page.locator('main').innerText()).includes('`'), 'no literal backtick on the Sources page');
  assert.ok((await page.locator('main a[href^="https://"]').count()) > 1, 'the sign-up pages of keyed sources are links too');
  assert.equal(await page.locator('main img').count(), 0, "a publisher's markup stays text");
  assert.equal(await page.evaluate('window.pwned'), undefined);
  assert.deepEqual(
    await page
      .locator('main a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')).filter((href) => !/^(#\/|https?:\/\/)/.test(href ?? ''))),
    [],
    'links go to a page of the dashboard or an http(s) URL only',
  );

  // Times: every time the pages print says UTC; the charts' time axis is in UTC, 24-hour, and says so.
  await visit(page, base, '#/usage');
  const ticks = (await page.evaluate(
    `import('/dashboard/assets/charts.js').then((charts) => charts.timeTicks([Date.UTC(2026, 5, 19, 0, 0) / 1000, Date.UTC(2026, 5, 19, 13, 30) / 1000], 1800))`,
  )) as string[];
  assert.deepEqual(ticks, ['06-19 00:00', '13:30']);
  assert.ok(await page.getByText('Times in UTC').first().isVisible(), 'the usage page says its times are UTC');
  assert.deepEqual(problems, [], 'no script errors');
});

test("an empty store's Overview says the store holds no data and points the admin to the Sources page", { skip, timeout: 120_000 }, async (t) => {
  const hub = await createTestHub(t);
  const base = await hub.app.listen({ port: 0, host: '127.0.0.1' });
  await createAccount(hub, 'admin@example.com', { role: 'admin' });
  const page = await (await launch(t)).newPage({ viewport: VIEWPORTS[1] });
  await signIn(page, base, 'admin@example.com');
  const notice = page.getByRole('note').filter({ hasText: 'The store holds no data yet' });
  await notice.waitFor();
  await notice.getByRole('link', { name: 'Sources page' }).click();
  await page.getByRole('heading', { name: 'Sources' }).waitFor();
  mkdirSync(SCREENSHOTS, { recursive: true });
  await visit(page, base, '#/');
  await page.screenshot({ path: join(SCREENSHOTS, 'empty-store-overview.png'), fullPage: true });
  assert.deepEqual(await page.evaluate(CUT_ELEMENTS), []);
});
