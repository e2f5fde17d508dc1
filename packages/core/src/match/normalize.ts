/**
 * Text normalization for matching and search: the `name_norm` of services and positions.
 * Pure functions, no state.
 */
import { latinLookAlikesToCyrillic } from '../text/look-alikes.js';

const CYRILLIC = /[а-яё]/;

/** Lower case, `ё` → `е`, punctuation to spaces, look-alike Latin letters fixed inside Cyrillic words, single spaces. */
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

function fixLookAlikes(word: string): string {
  if (!CYRILLIC.test(word) || !/[a-z]/.test(word)) return word;
  return latinLookAlikesToCyrillic(word);
}
