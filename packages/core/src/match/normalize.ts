/**
 * Text normalization for matching and search: the `name_norm` of services and positions.
 * Pure functions, no state.
 */
import { cyrillicLookAlikesToLatin, hasOnlyLatinLookAlikeCyrillic, latinLookAlikesToCyrillic } from '../text/look-alikes.js';

const CYRILLIC = /[а-яё]/;

/**
 * Lower case, `ё` → `е`, punctuation to spaces, look-alike letters of the other alphabet fixed inside a word (`yзи`
 * → `узи`, `igе` with a Cyrillic `е` → `ige`), single spaces.
 */
export function normalizeName(text: string): string {
  const lowered = text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е');
  const spaced = wordsOf(lowered);
  // A look-alike letter is fixed only in a word that mixes the alphabets: none when the text does not.
  if (!CYRILLIC.test(spaced) || !LATIN.test(spaced)) return spaced;
  return spaced
    .split(' ')
    .filter((word) => word.length > 0)
    .map(fixLookAlikes)
    .join(' ');
}

/** Case-insensitive search key: same rules as {@link normalizeName}. */
export function normalizeQuery(text: string): string {
  return normalizeName(text);
}

// ---- internal helpers ----

const LATIN = /[a-z]/;

/** What a word is made of: letters, digits, `+` and `%`; any other run of characters separates words. */
const WORD_CHARACTER = /[\p{L}\p{N}+%]/u;
const SEPARATORS = /[^\p{L}\p{N}+%]+/gu;
/** Characters below this are read from a table (Latin, Cyrillic, punctuation, `№`, dashes); a text with others by the pattern. */
const TABLE_SIZE = 0x3000;
let wordCharacters: Uint8Array | null = null;

/**
 * The text's words joined by single spaces: `text.replace(SEPARATORS, ' ').trim()`, by a table of the characters
 * (built on first use) rather than the Unicode pattern, which costs more than the rest of the matcher's reading of a
 * name; a text with a character past the table goes by the pattern.
 */
function wordsOf(text: string): string {
  const table = (wordCharacters ??= wordCharacterTable());
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= TABLE_SIZE) return text.replace(SEPARATORS, ' ').trim();
    if (table[code] === 1) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      words.push(text.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(start === 0 ? text : text.slice(start));
  return words.join(' ');
}

function wordCharacterTable(): Uint8Array {
  const table = new Uint8Array(TABLE_SIZE);
  for (let code = 0; code < TABLE_SIZE; code += 1) table[code] = WORD_CHARACTER.test(String.fromCharCode(code)) ? 1 : 0;
  return table;
}

/** Latin letters without a Cyrillic twin: a word that has one is a Latin word. */
const LATIN_ONLY = /[dfgijlnqrsuvwz]/;

function fixLookAlikes(word: string): string {
  if (!CYRILLIC.test(word) || !/[a-z]/.test(word)) return word;
  // A Latin word with Cyrillic twins typed in (`IgЕ`, `HBsАg`); else a Cyrillic word with Latin ones (`yЗИ`).
  if (LATIN_ONLY.test(word) && hasOnlyLatinLookAlikeCyrillic(word)) return cyrillicLookAlikesToLatin(word);
  return latinLookAlikesToCyrillic(word);
}
