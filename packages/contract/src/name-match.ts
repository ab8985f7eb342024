/**
 * Does the name a bank returns for an account or UPI ID belong to the person
 * named on the PAN? Banks write names their own way: upper case, initials,
 * a title in front, a middle name left out, words in another order. So both
 * names are normalised first (accents and punctuation dropped, upper case,
 * titles such as MR, MRS, SHRI, SMT, DR and M/S removed) and then compared
 * word by word, in any order:
 *
 * - a word matches the same word, and a single letter matches a word it is
 *   the initial of (`A SHARMA` and `ASHA SHARMA`);
 * - every word of the shorter name must match a different word of the longer
 *   one, and the longer may have at most one word more (a middle name or a
 *   father's name the bank left out);
 * - at least one full word (not an initial) must match, so `A K` never
 *   matches `ASHA KUMARI`;
 * - names written without spaces also match their spaced form (`ASHARANI`
 *   and `ASHA RANI`).
 *
 * Anything else is a mismatch, which goes to a person, never a refusal.
 */
const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'SHRI', 'SRI', 'SMT', 'KUM', 'MESSRS']);

export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\bM\/S\b/g, ' ')
    .replace(/[^A-Z]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w && !TITLES.has(w));
}

const wordsMatch = (a: string, b: string) => a === b || (a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b));

export function namesMatch(panName: string, bankName: string): boolean {
  const a = nameWords(panName);
  const b = nameWords(bankName);
  if (!a.length || !b.length) return false;
  if (a.join('') === b.join('')) return true;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (longer.length - shorter.length > 1) return false;
  // Full words first, so an initial never takes the word a full word needed.
  const order = [...shorter].sort((x, y) => y.length - x.length);
  const left = [...longer];
  let fullWords = 0;
  for (const word of order) {
    const exact = left.indexOf(word);
    const at = exact >= 0 ? exact : left.findIndex((w) => wordsMatch(word, w));
    if (at < 0) return false;
    if (word.length > 1 && left[at]!.length > 1) fullWords++;
    left.splice(at, 1);
  }
  return fullWords > 0;
}
