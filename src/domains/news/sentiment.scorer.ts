import { roundTo } from '../../kernel/numbers.ts';
import { ENGLISH_LEXICON, ENGLISH_NEGATIONS, JAPANESE_LEXICON, VIETNAMESE_LEXICON } from './sentiment.lexicon.ts';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface Sentiment {
  score: number;
  label: SentimentLabel;
}

/** VADER's normalisation constant: a raw sum of ±√15 maps to ±0.71. */
const ALPHA = 15;
/** Scores within ±0.05 are neutral, as in VADER. */
const NEUTRAL_BAND = 0.05;
const NEGATION_REACH = 3;
const MAX_PHRASE_WORDS = 3;

export function labelOf(score: number): SentimentLabel {
  if (score >= NEUTRAL_BAND) return 'positive';
  if (score <= -NEUTRAL_BAND) return 'negative';
  return 'neutral';
}

/** Sum of English term weights; longest phrase first, a negation flips the next term. */
function englishSum(text: string): number {
  const words =
    text
      .toLowerCase()
      .replace(/n't\b/g, " n't")
      .match(/[a-z0-9'-]+|n't/g) ?? [];
  let sum = 0;
  let negatedUntil = -1;
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, words.length - i); n >= 1 && matched === 0; n--) {
      const weight = ENGLISH_LEXICON[words.slice(i, i + n).join(' ')];
      if (weight !== undefined) {
        sum += i <= negatedUntil ? -weight : weight;
        negatedUntil = -1;
        matched = n;
      }
    }
    if (matched > 0) {
      i += matched;
      continue;
    }
    if (ENGLISH_NEGATIONS.has(words[i] ?? '')) negatedUntil = i + NEGATION_REACH;
    i++;
  }
  return sum;
}

/** Sum of weights of terms found as substrings, longest first, each occurrence consumed once. */
function substringSum(text: string, lexicon: Readonly<Record<string, number>>): number {
  let rest = text.toLowerCase();
  let sum = 0;
  const terms = Object.keys(lexicon).sort((a, b) => b.length - a.length);
  for (const term of terms) {
    const parts = rest.split(term);
    const count = parts.length - 1;
    if (count > 0) {
      sum += count * (lexicon[term] ?? 0);
      rest = parts.join(' ');
    }
  }
  return sum;
}

/** The deterministic lexicon score of an article's title and summary, in [-1, 1]. */
export function scoreArticle({ title, summary, language }: { title: string; summary: string; language: string }): Sentiment {
  const text = `${title}. ${summary}`;
  const sum = language === 'ja' ? substringSum(text, JAPANESE_LEXICON) : language === 'vi' ? substringSum(text, VIETNAMESE_LEXICON) : englishSum(text);
  const score = roundTo(sum / Math.sqrt(sum * sum + ALPHA), 4);
  return { score, label: labelOf(score) };
}
