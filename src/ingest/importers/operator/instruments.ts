/**
 * The operator's instruments file (docs/data-sources.md, "Loading licensed data"): a CSV with
 * the heading `fact,key,value`, one attribute per line. `fact` is an instruments family
 * (`etf.trustFee`), or a family and one of its attributes (`equity.issue.segment`); `key` the
 * fund's, issue's or coin's code (`1306`, `8697`, `bitcoin`), or for a fund's holding
 * `FUND/DATE/SYMBOL`; `value` the attribute, empty for one the publisher leaves unsaid (null).
 * A fund, issue or coin the store does not describe yet is created from the file, which must
 * then give what the store needs of it (a fund's name and manager, an issue's name, sector and
 * segment, a coin's symbol and name). A holdings snapshot (a fund's holdings on a day) replaces
 * the stored one of that fund and day.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../../store/schema.ts';
import { insertRows, type RowOf } from '../../../store/loader.ts';
import { familyFact, type StoredFact } from '../../../facts/names.ts';
import { noteFacts } from '../../../store/release-facts.ts';
import { SECTORS_33, SEGMENTS } from '../../../domains/equities/sectors.ts';
import { calendarDate } from '../../calendar-dates.ts';
import { csvCells } from '../../csv.ts';
import { textLines } from '../../file-lines.ts';
import { ImportError, type Importer, type ReleaseInfo } from '../../source.ts';
import { insertNewFund, nextId } from '../etf/new-fund.ts';
import { familiesOf, OPERATOR_SOURCE } from './operator-facts.ts';
import { fullIssueCode } from '../../../domains/equities/issue-code.ts';

type Entity = 'fund' | 'issue' | 'coin' | 'holding';
type Value = string | number | null;

interface Attribute {
  /** `etf.trustFee`, `equity.issue.segment`. */
  fact: string;
  family: string;
  /** The family's stored fact (`etf_fund:trust_fee`), which a stated value writes. */
  stored: StoredFact;
  entity: Entity;
  /** The stored column. */
  column: string;
  /** How the value is read: a number, a whole number, a date, text, or one of a list. */
  kind: 'number' | 'integer' | 'date' | 'text' | readonly string[];
  /** Empty is allowed (stored as null). */
  nullable: boolean;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

type AttributeSpec = Omit<Attribute, 'fact' | 'family' | 'stored'>;

/** Each instruments family's attributes by sub-name; the empty sub-name is the family's own name (`etf.trustFee`). */
const ATTRIBUTES_BY_FAMILY: Readonly<Record<string, Readonly<Record<string, AttributeSpec>>>> = {
  'etf.name': { '': { entity: 'fund', column: 'name', kind: 'text', nullable: false } },
  'etf.manager': { '': { entity: 'fund', column: 'management_company', kind: 'text', nullable: false } },
  'etf.index': { '': { entity: 'fund', column: 'index_name', kind: 'text', nullable: true } },
  'etf.trustFee': { '': { entity: 'fund', column: 'trust_fee', kind: 'number', nullable: true } },
  'etf.listingDate': { '': { entity: 'fund', column: 'listing_date', kind: 'date', nullable: true } },
  'etf.tradingUnit': { '': { entity: 'fund', column: 'trading_unit', kind: 'integer', nullable: true } },
  'etf.distributionYield': { '': { entity: 'fund', column: 'distribution_yield', kind: 'number', nullable: true } },
  'equity.listedOn': { '': { entity: 'issue', column: 'listed_on', kind: 'date', nullable: true } },
  'equity.issue': {
    name: { entity: 'issue', column: 'name', kind: 'text', nullable: false },
    sector: { entity: 'issue', column: 'sector33_code', kind: SECTORS_33.map((sector) => sector.code), nullable: false },
    segment: { entity: 'issue', column: 'segment', kind: SEGMENTS, nullable: false },
    sharesOutstanding: { entity: 'issue', column: 'shares_outstanding', kind: 'integer', nullable: true },
    sharesAsOf: { entity: 'issue', column: 'shares_as_of', kind: 'date', nullable: true },
  },
  'crypto.coin': {
    symbol: { entity: 'coin', column: 'symbol', kind: 'text', nullable: false },
    name: { entity: 'coin', column: 'name', kind: 'text', nullable: false },
  },
  'etf.holding': {
    name: { entity: 'holding', column: 'name', kind: 'text', nullable: false },
    shares: { entity: 'holding', column: 'shares', kind: 'number', nullable: false },
    assetClass: { entity: 'holding', column: 'asset_class', kind: ['stock', 'bond'], nullable: false },
    price: { entity: 'holding', column: 'price', kind: 'number', nullable: true },
    isin: { entity: 'holding', column: 'isin', kind: 'text', nullable: true },
    exchange: { entity: 'holding', column: 'exchange', kind: 'text', nullable: true },
    currency: { entity: 'holding', column: 'currency', kind: 'text', nullable: true },
  },
  'etf.holdingSector': { '': { entity: 'holding', column: 'sector', kind: 'text', nullable: true } },
  'etf.holdingValuation': {
    eps: { entity: 'holding', column: 'eps', kind: 'number', nullable: true },
    bps: { entity: 'holding', column: 'bps', kind: 'number', nullable: true },
    sps: { entity: 'holding', column: 'sps', kind: 'number', nullable: true },
    cfps: { entity: 'holding', column: 'cfps', kind: 'number', nullable: true },
  },
};

/** Every attribute an instruments file names, for the families of families.ts whose format is `instruments`. */
function attributes(): Attribute[] {
  return familiesOf('instruments').flatMap((family) =>
    Object.entries(ATTRIBUTES_BY_FAMILY[family.name] ?? {}).map(([name, spec]) => ({
      ...spec,
      fact: name === '' ? family.name : `${family.name}.${name}`,
      family: family.name,
      stored: familyFact(family),
    })),
  );
}

const ATTRIBUTES = attributes();

/** The instruments families an instruments file loads. */
export const LOADED_INSTRUMENT_FAMILIES: readonly string[] = [...new Set(ATTRIBUTES.map((attribute) => attribute.family))];

/** What the store needs of a new fund, issue or coin (the columns with no default). */
const NEEDED: Readonly<Record<Entity, readonly string[]>> = {
  fund: ['name', 'management_company'],
  issue: ['name', 'sector33_code', 'segment'],
  coin: ['symbol', 'name'],
  holding: ['name', 'shares', 'asset_class'],
};

/** One fund, issue, coin or holding the file describes: the attributes its lines give. */
export interface Described {
  entity: Entity;
  key: string;
  line: number;
  values: Record<string, Value>;
}

export interface OperatorInstruments {
  fileName: string;
  described: Described[];
}

function attributeValue(attribute: Attribute, text: string, where: string): Value {
  if (text === '') {
    if (!attribute.nullable) throw new ImportError(`${where}: ${attribute.fact} needs a value`);
    return null;
  }
  const { kind } = attribute;
  if (kind === 'number' || kind === 'integer') {
    if (!NUMBER.test(text) || (kind === 'integer' && !Number.isInteger(Number(text))))
      throw new ImportError(`${where}: ${attribute.fact} "${text}" is not ${kind === 'integer' ? 'a whole number' : 'a number'}`);
    return Number(text);
  }
  if (kind === 'date') {
    const date = calendarDate(text);
    if (date === undefined) throw new ImportError(`${where}: ${attribute.fact} "${text}" is not a date (YYYY-MM-DD)`);
    return date;
  }
  if (kind !== 'text' && !kind.includes(text)) throw new ImportError(`${where}: ${attribute.fact} "${text}" is not one of ${kind.join(', ')}`);
  return text;
}

function keyOf(entity: Entity, key: string, fact: string, where: string): string {
  if (entity === 'holding') {
    const [fund = '', date = '', ...symbol] = key.split('/');
    if (fund === '' || calendarDate(date) === undefined || symbol.join('/') === '')
      throw new ImportError(`${where}: ${fact} key "${key}" must be FUND/DATE/SYMBOL (1306/2026-06-18/7203)`);
    return key;
  }
  if (entity === 'issue') {
    if (!/^[0-9A-Z]{4}[0-9]?$/.test(key)) throw new ImportError(`${where}: ${fact} key "${key}" is not an issue's 4-character ticker or 5-character code`);
    return fullIssueCode(key);
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key)) throw new ImportError(`${where}: ${fact} key "${key}" is not a code`);
  return key;
}

const HEADING = 'fact,key,value';

/** The file's funds, issues, coins and holdings, every line checked; throws naming the first bad line. */
export function parseInstruments(content: string, fileName: string): OperatorInstruments {
  const lines = textLines(content, fileName);
  let headed = false;
  const described = new Map<string, Described>();
  lines.forEach((text, index) => {
    const line = index + 1;
    const where = `${fileName}:${line}`;
    if (text.trim() === '') return;
    const cells = csvCells(text);
    if (!headed) {
      if (cells.map((cell) => cell.toLowerCase()).join(',') !== HEADING) throw new ImportError(`${where}: the heading must be ${HEADING}`);
      headed = true;
      return;
    }
    if (cells.length !== 3) throw new ImportError(`${where}: ${cells.length} cells, expected 3`);
    const [fact = '', keyText = '', valueText = ''] = cells;
    const attribute = ATTRIBUTES.find((candidate) => candidate.fact === fact);
    if (attribute === undefined)
      throw new ImportError(`${where}: unknown fact "${fact}"; an instruments file names one of ${ATTRIBUTES.map((a) => a.fact).join(', ')}`);
    const key = keyOf(attribute.entity, keyText, fact, where);
    const id = `${attribute.entity}\u0000${key}`;
    const entry = described.get(id) ?? { entity: attribute.entity, key, line, values: {} };
    if (attribute.column in entry.values) throw new ImportError(`${where}: ${fact} of ${keyText} appears twice`);
    entry.values[attribute.column] = attributeValue(attribute, valueText, where);
    described.set(id, entry);
  });
  if (!headed) throw new ImportError(`${fileName}:1: the heading must be ${HEADING}`);
  if (described.size === 0) throw new ImportError(`${fileName}: no attributes after the heading`);
  const all = [...described.values()];
  for (const holding of all.filter((entry) => entry.entity === 'holding')) refuseIncomplete(holding, fileName, 'the holding');
  return { fileName, described: all };
}

const attributeOf = (entity: Entity, column: string): Attribute | undefined =>
  ATTRIBUTES.find((attribute) => attribute.entity === entity && attribute.column === column);
const factOf = (entity: Entity, column: string): string => attributeOf(entity, column)?.fact ?? column;

function refuseIncomplete(entry: Described, fileName: string, what: string): void {
  const missing = NEEDED[entry.entity].filter((column) => entry.values[column] === undefined || entry.values[column] === null);
  if (missing.length > 0) {
    throw new ImportError(`${fileName}:${entry.line}: ${what} ${entry.key} needs ${missing.map((column) => factOf(entry.entity, column)).join(', ')}`);
  }
}

const text = (value: Value | undefined): string => String(value ?? '');

/** The stored facts an entry's stated attributes are (`etf_fund:trust_fee`), for the release's facts. */
function statedFacts(entry: Described): { fact: StoredFact }[] {
  const facts = Object.entries(entry.values).flatMap(([column, value]) => {
    const stored = attributeOf(entry.entity, column)?.stored;
    return value === null || stored === undefined ? [] : [stored];
  });
  return [...new Set(facts)].map((fact) => ({ fact }));
}

const textOrNull = (value: Value | undefined): string | null => (typeof value === 'string' ? value : null);
const numberOrNull = (value: Value | undefined): number | null => (typeof value === 'number' ? value : null);

async function loadFunds(db: Transaction<Database>, funds: readonly Described[], release: ReleaseInfo, fileName: string): Promise<void> {
  if (funds.length === 0) return;
  const codes = funds.map((fund) => fund.key);
  const known = new Set((await db.selectFrom('etf_fund').select('code').where('code', 'in', codes).execute()).map((row) => row.code));
  for (const fund of funds) {
    if (!known.has(fund.key)) {
      refuseIncomplete(fund, fileName, 'the fund (not in the store)');
      await insertNewFund(db, {
        code: fund.key,
        name: text(fund.values.name),
        name_jp: null,
        management_company: text(fund.values.management_company),
        source: release.source,
      });
    }
    await db.updateTable('etf_fund').set(fund.values).where('code', '=', fund.key).execute();
    noteFacts(db, statedFacts(fund));
  }
}

async function loadIssues(db: Transaction<Database>, issues: readonly Described[], release: ReleaseInfo, fileName: string): Promise<void> {
  if (issues.length === 0) return;
  const codes = issues.map((issue) => issue.key);
  const known = new Set((await db.selectFrom('equity_issue').select('code').where('code', 'in', codes).execute()).map((row) => row.code));
  const sectorName = (code: Value | undefined) => SECTORS_33.find((sector) => sector.code === code)?.name ?? '';
  for (const issue of issues) {
    const { sector33_code: sector, name, ...rest } = issue.values;
    const named = name === undefined ? {} : { name: text(name), search_name: text(name).toLowerCase() };
    const sectored = sector === undefined ? {} : { sector33_code: text(sector), sector33_name: sectorName(sector) };
    if (known.has(issue.key)) {
      await db
        .updateTable('equity_issue')
        .set({ ...rest, ...named, ...sectored })
        .where('code', '=', issue.key)
        .execute();
      noteFacts(db, statedFacts(issue));
      continue;
    }
    refuseIncomplete(issue, fileName, 'the issue (not in the store)');
    await insertRows(db, 'equity_issue', [
      {
        code: issue.key,
        ticker: issue.key.slice(0, 4),
        name: text(name),
        search_name: text(name).toLowerCase(),
        sector33_code: text(sector),
        sector33_name: sectorName(sector),
        segment: text(rest.segment),
        security_type: issue.key.endsWith('5') ? 'preferred' : 'common',
        shares_outstanding: null,
        shares_as_of: null,
        listed_on: null,
        fiscal_year_end_month: null,
        source: release.source,
        ...rest,
      },
    ]);
  }
}

async function loadCoins(db: Transaction<Database>, coins: readonly Described[], fileName: string): Promise<void> {
  if (coins.length === 0) return;
  const ids = coins.map((coin) => coin.key);
  const known = new Set((await db.selectFrom('crypto_coin').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  for (const coin of coins) {
    if (known.has(coin.key)) {
      await db.updateTable('crypto_coin').set(coin.values).where('id', '=', coin.key).execute();
      noteFacts(db, statedFacts(coin));
    } else {
      refuseIncomplete(coin, fileName, 'the coin (not in the store)');
      await insertRows(db, 'crypto_coin', [{ id: coin.key, symbol: text(coin.values.symbol), name: text(coin.values.name) }]);
    }
  }
}

/** Each (fund, day) snapshot replaces the stored one. */
async function loadHoldings(db: Transaction<Database>, holdings: readonly Described[], release: ReleaseInfo, fileName: string): Promise<number> {
  if (holdings.length === 0) return 0;
  const parts = holdings.map((holding) => {
    const [fund = '', date = '', ...symbol] = holding.key.split('/');
    return { holding, fund, date, symbol: symbol.join('/') };
  });
  const funds = [...new Set(parts.map((part) => part.fund))];
  const known = new Set((await db.selectFrom('etf_fund').select('code').where('code', 'in', funds).execute()).map((row) => row.code));
  const unknown = parts.find((part) => !known.has(part.fund));
  if (unknown !== undefined)
    throw new ImportError(`${fileName}:${unknown.holding.line}: etf.holding: no fund ${unknown.fund} in the store; describe it with etf.name and etf.manager`);
  for (const snapshot of new Set(parts.map((part) => `${part.fund}/${part.date}`))) {
    const [fund = '', date = ''] = snapshot.split('/');
    await db.deleteFrom('etf_holding').where('fund_code', '=', fund).where('fund_date', '=', date).execute();
  }
  let id = (await nextId(db, 'etf_holding')) - 1;
  const rows: RowOf<'etf_holding'>[] = parts.map(({ holding, fund, date, symbol }) => ({
    id: ++id,
    fund_code: fund,
    fund_date: date,
    symbol,
    name: text(holding.values.name),
    isin: textOrNull(holding.values.isin),
    exchange: textOrNull(holding.values.exchange),
    currency: textOrNull(holding.values.currency),
    sector: textOrNull(holding.values.sector),
    asset_class: text(holding.values.asset_class),
    shares: Number(holding.values.shares),
    price: numberOrNull(holding.values.price),
    eps: numberOrNull(holding.values.eps),
    bps: numberOrNull(holding.values.bps),
    sps: numberOrNull(holding.values.sps),
    cfps: numberOrNull(holding.values.cfps),
    source: release.source,
  }));
  return insertRows(db, 'etf_holding', rows);
}

export const operatorInstrumentsImporter: Importer<OperatorInstruments> = {
  dataset: 'operator-instruments',
  datasets: ['etf', 'equities', 'crypto'],
  description: "Operator's instruments CSV (fact,key,value): fund attributes (trust fee, listing date…), issues, coins, holdings",
  source: OPERATOR_SOURCE,
  parse: parseInstruments,
  async load(db, { fileName, described }, release) {
    const of = (entity: Entity) => described.filter((entry) => entry.entity === entity);
    await loadFunds(db, of('fund'), release, fileName);
    await loadIssues(db, of('issue'), release, fileName);
    await loadCoins(db, of('coin'), fileName);
    const holdings = await loadHoldings(db, of('holding'), release, fileName);
    return described.length - of('holding').length + holdings;
  },
};
