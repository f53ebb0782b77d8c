import { remove as foldConfusables } from 'confusables';

/**
 * Look-alike addresses. `normaliseEmail` folds compatibility forms (NFKC: full-width letters,
 * ligatures) but not characters of other scripts drawn like Latin ones: `аdmin@fdh.local` with a
 * Cyrillic а is another string that a reader cannot tell from the admin's address.
 *
 * Two defences, both cheap:
 * - A skeleton per address (UTS #39's idea): each character that is drawn like a Latin letter or
 *   digit is replaced by it (the `confusables` package's table of about 3,300 characters: Cyrillic,
 *   Greek, Cherokee, mathematical and accented forms), then lower-cased. Two addresses with one
 *   skeleton are one account: the second is refused as taken. The skeleton is stored per account
 *   under a unique index (migration 0018), so two processes racing cannot both create look-alikes.
 *   The table also drops diacritics, so `josé@x.test` and `jose@x.test` are one account too: we
 *   accept that, a reader confuses them as easily.
 * - A dot- or @-separated part of an address may not mix Latin with a script whose letters are
 *   drawn like Latin ones (Cyrillic, Greek, Armenian, Cherokee), which catches a look-alike the
 *   table misses. Addresses wholly in one script (`иван@пример.рф`, `müller@example.de`) are
 *   ordinary and allowed, so non-ASCII users are not turned away, as an ASCII-only rule would.
 */
export function emailSkeleton(normalisedEmail: string): string {
  return foldConfusables(normalisedEmail).normalize('NFKC').toLowerCase();
}

const LOOK_ALIKE_SCRIPTS = [/\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Armenian}/u, /\p{Script=Cherokee}/u];
const LATIN = /\p{Script=Latin}/u;

/** The first part of the address that mixes Latin with a look-alike script, if any. */
export function mixedScriptPart(normalisedEmail: string): string | undefined {
  return normalisedEmail.split(/[@.]/).find((part) => LATIN.test(part) && LOOK_ALIKE_SCRIPTS.some((script) => script.test(part)));
}
