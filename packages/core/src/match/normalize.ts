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
  const spaced = lowered.replace(/[^\p{L}\p{N}+%]+/gu, ' ').trim();
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

/** Latin letters without a Cyrillic twin: a word that has one is a Latin word. */
const LATIN_ONLY = /[dfgijlnqrsuvwz]/;

function fixLookAlikes(word: string): string {
  if (!CYRILLIC.test(word) || !/[a-z]/.test(word)) return word;
  // A Latin word with Cyrillic twins typed in (`IgЕ`, `HBsАg`); else a Cyrillic word with Latin ones (`yЗИ`).
  if (LATIN_ONLY.test(word) && hasOnlyLatinLookAlikeCyrillic(word)) return cyrillicLookAlikesToLatin(word);
  return latinLookAlikesToCyrillic(word);
}
