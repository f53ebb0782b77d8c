import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { FACT_FAMILIES } from '../../src/facts/families.ts';
import { figureBounds, LONGEST_FIGURE } from '../../src/facts/figure-bounds.ts';
import { SMALLEST_FIGURE } from '../../src/kernel/numbers.ts';
import { publisherFigure, type FigureSyntax } from '../../src/ingest/publisher-figures.ts';
import { ImportError } from '../../src/ingest/import-error.ts';

/**
 * publisherFigure against random text: whatever a publisher writes, an accepted figure is finite,
 * within its family's bounds, never a denormal, and was written as a decimal literal of the
 * syntax asked for; a refusal is an ImportError naming the place. Seeded, so a failure repeats.
 */

const WHERE = 'lies.csv: line 7';

/** A key of each keyed family; the bounds depend on the family alone, but for macro series. */
const KEYS: Record<string, string> = {
  'index.close': 'N225',
  'fx.close': 'EUR/USD',
  'commodity.close': 'wti-crude',
  macro: 'us.cpi',
  'crypto.metric': 'btc_hashrate',
};
/** Macro series of each kind: percentages and rates (bounded to -100..10000) and levels. */
const MACRO = [
  'macro:us.policy-rate',
  'macro:jp.overnight-rate',
  'macro:us.unemployment',
  'macro:jp.bond-10y',
  'macro:jp.tibor.3m',
  'macro:us.government-debt-to-gdp',
  'macro:us.gdp.real',
  'macro:jp.population',
  'macro:vn.cpi',
  'macro:us.payrolls',
];
const FACTS = [...FACT_FAMILIES.map((family) => (family.stored.includes('*') ? `${family.name}:${KEYS[family.name] ?? 'jp'}` : family.name)), ...MACRO];
const SYNTAXES: FigureSyntax[] = [{}, { exponent: true }, { grouping: true }, { exponent: true, grouping: true }];
const RUNS = 150;

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/**
 * The definition of a decimal literal, written apart from the rule's own patterns: an optional
 * minus, ASCII digits (grouped by commas in threes when the syntax groups), an optional fraction
 * of at least one digit, an exponent of 1–3 digits only when the syntax has exponents, nothing
 * else (no plus, no space, no hex, no Infinity), at most LONGEST_FIGURE characters.
 */
function isDecimalLiteral(text: string, syntax: FigureSyntax): boolean {
  if (text.length > LONGEST_FIGURE) return false;
  let at = text.startsWith('-') ? 1 : 0;
  const integerStart = at;
  while (isDigit(text[at])) at++;
  if (at === integerStart) return false;
  if (text[at] === ',') {
    if (syntax.grouping !== true || at - integerStart > 3) return false;
    while (text[at] === ',') {
      if (!(isDigit(text[at + 1]) && isDigit(text[at + 2]) && isDigit(text[at + 3]))) return false;
      at += 4;
    }
    if (isDigit(text[at])) return false;
  }
  if (text[at] === '.') {
    const fractionStart = ++at;
    while (isDigit(text[at])) at++;
    if (at === fractionStart) return false;
  }
  if (text[at] === 'e' || text[at] === 'E') {
    if (syntax.exponent !== true) return false;
    at++;
    if (text[at] === '+' || text[at] === '-') at++;
    const exponentStart = at;
    while (isDigit(text[at])) at++;
    if (at === exponentStart || at - exponentStart > 3) return false;
  }
  return at === text.length;
}

/** Characters publishers and liars write: digits (ASCII and not), signs, separators, spaces, letters of hex, exponents, Infinity and NaN. */
const CHARACTERS = [
  ...'0123456789',
  ...'0123456789',
  '.',
  ',',
  '-',
  '+',
  'e',
  'E',
  'x',
  'X',
  'a',
  'f',
  'I',
  'n',
  'N',
  ' ',
  '\t',
  '\u00a0',
  '_',
  '٣',
  '０',
  '𝟗',
  '−',
  '%',
];
const randomCharacters = fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 24 }).map((chars) => chars.join(''));
const anyText = fc.string({ unit: 'grapheme', maxLength: 24 });

/** A true-looking number as text: an integer, a decimal, a float in every magnitude. */
const numberText = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }).map(String),
  fc.tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.nat({ max: 999_999 })).map(([whole, fraction]) => `${whole}.${fraction}`),
  fc.double({ noNaN: true }).map(String),
  fc.tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 8 })).map(([value, digits]) => value.toFixed(digits)),
);

const groupedText = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const UNICODE_DIGITS = ['٠١٢٣٤٥٦٧٨٩', '０１２３４５６７８９', '०१२३४५६७८९'];

/** Real numbers mutated the ways a lie hides: exponents, hex, signs, spaces, huge and tiny magnitudes, Infinity, NaN, unicode digits, groupings. */
const mutated = fc.oneof(
  numberText,
  fc.tuple(numberText, fc.integer({ min: -400, max: 400 })).map(([text, exponent]) => `${text}e${exponent}`),
  fc.tuple(numberText, fc.constantFrom('E+', 'e-', 'e', 'E0')).map(([text, mark]) => `${text}${mark}${text.replace(/\D/g, '').slice(0, 4)}`),
  fc.integer({ min: 0, max: 2 ** 31 }).map((value) => `0x${value.toString(16)}`),
  fc.tuple(fc.constantFrom('+', '-', '--', '+-', '−'), numberText).map(([sign, text]) => `${sign}${text}`),
  fc
    .tuple(fc.constantFrom(' ', '  ', '\t', '\u00a0', '\n'), numberText, fc.boolean())
    .map(([space, text, before]) => (before ? `${space}${text}` : `${text}${space}`)),
  fc.tuple(numberText, fc.nat({ max: 8 })).map(([text, at]) => `${text.slice(0, at)} ${text.slice(at)}`),
  fc.constantFrom(
    '1e308',
    '-1e308',
    '5e-324',
    '1e-9',
    '1e-10',
    '9e15',
    '1e15',
    '1e16',
    '0.000000001',
    '0.0000000001',
    'Infinity',
    '-Infinity',
    'NaN',
    '',
    '.',
    '-',
    '.5',
    '5.',
    '0',
    '-0',
    '00',
    '1,000',
    '1,00',
    '10,000.5',
    '1,2345',
  ),
  fc.tuple(fc.nat({ max: 60 }), fc.nat({ max: 60 })).map(([zeros, fraction]) => `1${'0'.repeat(zeros)}.${'0'.repeat(fraction)}1`),
  fc.tuple(fc.nat({ max: 40 })).map(([zeros]) => `0.${'0'.repeat(zeros)}1`),
  fc
    .tuple(fc.integer({ min: -1e12, max: 1e12 }), fc.boolean())
    .map(([value, fraction]) => `${value < 0 ? '-' : ''}${groupedText(String(Math.abs(value)))}${fraction ? '.25' : ''}`),
  fc.tuple(numberText, fc.constantFrom(...UNICODE_DIGITS)).map(([text, digits]) => text.replace(/\d/g, (digit) => digits[Number(digit)] ?? digit)),
  fc.tuple(numberText, fc.nat({ max: 8 }), fc.constantFrom('_', ',', '.', "'")).map(([text, at, mark]) => `${text.slice(0, at)}${mark}${text.slice(at)}`),
);

/** publisherFigure's answer to `text`, held to what an accepted figure must be; a refusal must name the place. */
function holds(text: string, fact: string, syntax: FigureSyntax): void {
  let value: number;
  try {
    value = publisherFigure(text, fact, WHERE, syntax);
  } catch (error) {
    assert.ok(error instanceof ImportError, `${JSON.stringify(text)}: ${String(error)}`);
    assert.ok(error.message.startsWith(`${WHERE}: ${fact} `), error.message);
    return;
  }
  const bounds = figureBounds(fact);
  const shown = `${fact} ${JSON.stringify(text)} (${JSON.stringify(syntax)}) → ${value}`;
  assert.ok(Number.isFinite(value), shown);
  assert.ok(value >= bounds.min && value <= bounds.max, `${shown} is outside ${bounds.min}..${bounds.max}`);
  assert.ok(!bounds.positive || value > 0, `${shown} is not above 0`);
  assert.ok(value === 0 || Math.abs(value) >= SMALLEST_FIGURE, `${shown} is smaller than ${SMALLEST_FIGURE}`);
  assert.ok(isDecimalLiteral(text, syntax), `${shown}: not a decimal literal of the syntax`);
  assert.equal(value, Number(text.replaceAll(',', '')), `${shown}: not the literal's value`);
}

test('every family, every syntax: publisherFigure accepts nothing non-finite, out of bounds, denormal or other than a decimal literal, whatever the text', () => {
  assert.equal(FACTS.length, FACT_FAMILIES.length + MACRO.length);
  FACTS.forEach((fact, f) => {
    SYNTAXES.forEach((syntax, s) => {
      const seed = 46_000 + f * SYNTAXES.length + s;
      for (const texts of [randomCharacters, anyText, mutated]) {
        fc.assert(
          fc.property(texts, (text) => holds(text, fact, syntax)),
          { seed, numRuns: RUNS, examples: [['1e308'], ['5e-324'], ['0x10'], [' 1.17 '], ['Infinity'], ['NaN']] },
        );
      }
    });
  });
});

test("a whole number within a family's bounds, written plainly or grouped, is accepted as itself", () => {
  FACTS.forEach((fact, f) => {
    const { min, max, positive } = figureBounds(fact);
    const whole = fc
      .integer({ min: Math.max(Math.ceil(min), -Number.MAX_SAFE_INTEGER), max: Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER) })
      .filter((value) => !positive || value > 0);
    fc.assert(
      fc.property(whole, (value) => {
        assert.equal(publisherFigure(String(value), fact, WHERE), value, fact);
        const grouped = `${value < 0 ? '-' : ''}${groupedText(String(Math.abs(value)))}`;
        assert.equal(publisherFigure(grouped, fact, WHERE, { grouping: true }), value, `${fact} ${grouped}`);
      }),
      { seed: 47_000 + f, numRuns: RUNS },
    );
  });
});

test('the decimal-literal definition the property holds the rule to', () => {
  for (const text of ['0', '-1', '1.5', '-0.25', '1234567']) assert.ok(isDecimalLiteral(text, {}), text);
  for (const text of ['', '-', '.5', '5.', '+1', ' 1', '1 ', '1e5', '0x10', 'Infinity', 'NaN', '1,000', '١٢', '1.2.3'])
    assert.ok(!isDecimalLiteral(text, {}), text);
  assert.ok(
    isDecimalLiteral('1e308', { exponent: true }) && isDecimalLiteral('-2.5E-3', { exponent: true }) && !isDecimalLiteral('1e1000', { exponent: true }),
  );
  assert.ok(
    isDecimalLiteral('1,234,567.5', { grouping: true }) &&
      !isDecimalLiteral('1234,567', { grouping: true }) &&
      !isDecimalLiteral('1,23', { grouping: true }) &&
      !isDecimalLiteral(',123', { grouping: true }),
  );
});
