/**
 * The matching key of a name: its *terms*. Noise phrases dropped, words stemmed, prepositions removed,
 * and every phrasing of the equivalence table replaced by its canonical term, so that
 * `Первичная консультация врача-окулиста (к.м.н.)` and `Прием офтальмолога` have the same terms. The table is data:
 * `assets/vocabulary/terms.tsv` (vocabulary.ts reads it).
 */
import { dropNoisePhrases, isStopWord } from './noise-words.js';
import { normalizeName } from './normalize.js';
import { ADJECTIVE_ENDING, stemWord } from './tokens.js';
import { TERM_EQUIVALENCES } from './vocabulary.js';

interface Replacement {
  readonly from: readonly string[];
  readonly to: readonly string[];
}

const replacementsByFirstStem = buildReplacements();

/** The terms of a normalized name (see {@link normalizeName}), in order, each once. */
export function toTerms(nameNorm: string): string[] {
  const stems = withoutAbsent(withNegatedAdjectives(dropNoisePhrases(nameNorm).split(' ')))
    .filter((word) => word.length > 0 && !isStopWord(word))
    .map(stemOf);
  const terms: string[] = [];
  for (let i = 0; i < stems.length; ) {
    const replacement = longestReplacementAt(stems, i);
    if (replacement) {
      terms.push(...replacement.to);
      i += replacement.from.length;
    } else {
      terms.push(stems[i]!);
      i += 1;
    }
  }
  return [...new Set(terms)];
}

/**
 * The terms as a key that ignores their order (`кала анализ общий` ~ `общий анализ кала`): sorted, joined by spaces.
 */
export function termsKey(terms: readonly string[]): string {
  return [...terms].sort().join(' ');
}

// ---- internal helpers ----

/** An adjective in the genitive, as after «без» (`без лейкоцитарной формулы`). */
const GENITIVE_ADJECTIVE = /(?:ой|ого|его|ых|их|ей)$/;

/**
 * The words with what «без» says is absent marked as absent (`без` + the word): `Общий анализ крови без
 * лейкоформулы` names no leukocyte formula, so its `лейкоформулы` must not cover one, while `Лечение геморроя без
 * операции` keeps the absence that makes it an entry of its own. The noise phrases have already taken the «без»
 * that say nothing of the service (`без учета стоимости …`, `без контраста`).
 */
function withoutAbsent(words: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    if (words[i] !== 'без' || i + 1 >= words.length) {
      kept.push(words[i]!);
      continue;
    }
    const absent = GENITIVE_ADJECTIVE.test(words[i + 1]!) && i + 2 < words.length ? 2 : 1;
    for (let k = 1; k <= absent; k += 1) kept.push(`без${words[i + k]!}`);
    i += absent;
  }
  return kept;
}

/**
 * «не» joined to the adjective it negates, as it is often written (`не осложненный` ~ `неосложненный`, `не
 * кариозных` ~ `некариозных`): one word that the adjective alone does not cover, and no stray `не` (which is also
 * how `НЕ-4`, the HE4 marker, reads).
 */
function withNegatedAdjectives(words: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const next = words[i + 1];
    if (words[i] === 'не' && next !== undefined && ADJECTIVE_ENDING.test(next)) {
      kept.push(`не${next}`);
      i += 1;
    } else {
      kept.push(words[i]!);
    }
  }
  return kept;
}

function longestReplacementAt(stems: readonly string[], start: number): Replacement | null {
  for (const candidate of replacementsByFirstStem.get(stems[start]!) ?? []) {
    if (candidate.from.every((stem, k) => stems[start + k] === stem)) return candidate;
  }
  return null;
}

function buildReplacements(): Map<string, Replacement[]> {
  const byFirst = new Map<string, Replacement[]>();
  for (const row of TERM_EQUIVALENCES) {
    const to = stemPhrase(row.canonical);
    for (const variant of row.variants) {
      const from = stemPhrase(variant);
      if (from.length === 0) continue;
      const list = byFirst.get(from[0]!) ?? [];
      list.push({ from, to });
      byFirst.set(from[0]!, list);
    }
  }
  // Longest phrasing first, so `узи сердца` wins over `узи`.
  for (const list of byFirst.values()) list.sort((a, b) => b.from.length - a.from.length);
  return byFirst;
}

function stemPhrase(phrase: string): string[] {
  return normalizeName(phrase)
    .split(' ')
    .filter((word) => word.length > 0 && !isStopWord(word))
    .map(stemOf);
}

/** The stem of a word with `й` read as `и`: spellings and OCR mix them (`Эпштейн` / `Эпштеин`). */
function stemOf(word: string): string {
  return stemWord(word).replace(/й/g, 'и');
}
