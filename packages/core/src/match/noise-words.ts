/**
 * Words of a price-list name that say nothing about *which* service it is: who performs it (degrees,
 * categories, «врача»), whether the visit is the first, the unit of sale, lab workflow words and
 * prepositions. Matching drops them from both sides (docs/matching.md lists them). The lists are data:
 * `assets/vocabulary/noise-phrases.txt` and `stop-words.txt` (vocabulary.ts reads them).
 */
import { VOCABULARY } from './vocabulary.js';

/**
 * Phrases removed from the normalized text before stemming (`assets/vocabulary/noise-phrases.txt`), anchored on
 * whole words: `\\b` knows no Cyrillic, so the loader anchors them on spaces.
 */
const NOISE_PHRASES: readonly RegExp[] = VOCABULARY.noisePhrases;

/** Single words dropped after stemming: prepositions and conjunctions (`assets/vocabulary/stop-words.txt`). */
const STOP_WORDS: ReadonlySet<string> = VOCABULARY.stopWords;

/** `nameNorm` (already normalized) without its noise phrases; single spaces. */
export function dropNoisePhrases(nameNorm: string): string {
  let text = ` ${nameNorm} `;
  for (const pattern of NOISE_PHRASES) text = text.replace(pattern, ' ');
  return text.replace(/\s+/g, ' ').trim();
}

/** True for a word that carries no meaning on its own (a preposition, a conjunction). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
