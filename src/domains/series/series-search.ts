/** What one series can be found by: its id, its name and its aliases (codes, symbols, other names). */
export interface Searchable {
  id: string;
  name: string;
  aliases: readonly string[];
  /** Whether the store holds figures of it: a series with figures goes before one without. */
  held: boolean;
}

/** Lower case, accents and other marks taken off (`Société` → `societe`), full-width forms folded (`ＴＯＰＩＸ` → `topix`). */
export const foldText = (text: string): string =>
  // Printable ASCII has nothing to fold but its case, and most ids, codes and names are ASCII.
  PRINTABLE_ASCII.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

const wordsOfFolded = (folded: string): string[] => folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
const wordsOf = (text: string): string[] => wordsOfFolded(foldText(text));

const EXACT_WORD = 3;
const WORD_PREFIX = 2;
/** A query that is a series' whole id, code or alias (`7203`, `btc`, `usd/jpy`) puts it first. */
const WHOLE_ALIAS = 10;

/**
 * Ranked search over a catalogue's series, built once per catalogue: every word of the ids,
 * names and aliases in one sorted vocabulary, so each word of a query is found by a binary
 * search for its prefix, not by a scan of the series. Every word of the query must match a word
 * of the series (as a word or its beginning); a series scores the best match of each query word,
 * more for the whole word; ties go to a series with figures, then the shorter name (the more
 * specific match), then by id.
 */
export class SeriesSearch {
  /** Every distinct word, sorted; `postings[i]` are the series holding `vocabulary[i]`. */
  readonly #vocabulary: string[];
  readonly #postings: number[][];
  readonly #wholeAliases: Map<string, number[]>;
  readonly #nameLengths: number[];
  readonly #held: boolean[];
  readonly #ids: string[];

  constructor(series: readonly Searchable[]) {
    // Positions only grow, so a list's last position tells whether it holds this series already.
    const add = (lists: Map<string, number[]>, key: string, position: number) => {
      const list = lists.get(key);
      if (list === undefined) lists.set(key, [position]);
      else if (list.at(-1) !== position) list.push(position);
    };
    const byWord = new Map<string, number[]>();
    this.#wholeAliases = new Map();
    this.#nameLengths = [];
    series.forEach((entry, position) => {
      const [id = '', name = '', ...aliases] = [entry.id, entry.name, ...entry.aliases].map(foldText);
      const nameWords = wordsOfFolded(name);
      this.#nameLengths.push(nameWords.length);
      for (const word of [...wordsOfFolded(id), ...nameWords, ...aliases.flatMap(wordsOfFolded)]) add(byWord, word, position);
      for (const alias of [id, ...aliases]) add(this.#wholeAliases, alias, position);
    });
    this.#vocabulary = [...byWord.keys()].sort();
    this.#postings = this.#vocabulary.map((word) => byWord.get(word) ?? []);
    this.#ids = series.map((entry) => entry.id);
    this.#held = series.map((entry) => entry.held);
  }

  /** The positions of the series `query` finds, best first. */
  find(query: string): number[] {
    const words = [...new Set(wordsOf(query))];
    if (words.length === 0) return [];
    let scores: Map<number, number> | undefined;
    for (const word of words) {
      const matched = this.#matches(word);
      if (scores === undefined) scores = matched;
      else
        for (const [position, score] of scores) {
          const more = matched.get(position);
          if (more === undefined) scores.delete(position);
          else scores.set(position, score + more);
        }
    }
    const ranked = scores ?? new Map<number, number>();
    for (const position of this.#wholeAliases.get(foldText(query).trim()) ?? []) ranked.set(position, (ranked.get(position) ?? 0) + WHOLE_ALIAS);
    const heldFirst = (a: number, b: number) => Number(this.#held[b] ?? false) - Number(this.#held[a] ?? false);
    return [...ranked]
      .sort(
        ([a, scoreA], [b, scoreB]) =>
          scoreB - scoreA || heldFirst(a, b) || (this.#nameLengths[a] ?? 0) - (this.#nameLengths[b] ?? 0) || compare(this.#ids[a], this.#ids[b]),
      )
      .map(([position]) => position);
  }

  /** Each series holding a word that is `word` or begins with it, with the better of the two scores. */
  #matches(word: string): Map<number, number> {
    const matched = new Map<number, number>();
    for (let at = this.#firstAtOrAfter(word); at < this.#vocabulary.length && this.#vocabulary[at]?.startsWith(word); at += 1) {
      const score = this.#vocabulary[at] === word ? EXACT_WORD : WORD_PREFIX;
      for (const position of this.#postings[at] ?? []) if ((matched.get(position) ?? 0) < score) matched.set(position, score);
    }
    return matched;
  }

  #firstAtOrAfter(word: string): number {
    let low = 0;
    let high = this.#vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#vocabulary[middle] ?? '') < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const compare = (a: string | undefined, b: string | undefined): number => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
