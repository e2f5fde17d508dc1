/**
 * What the analysts' decisions teach the matcher beyond exact-name synonyms (issue 15, part 4):
 *
 * - **carry-over**: a clinic's row decided once is decided for the clinic's next lists too, when the next list
 *   names it with OCR noise, other spacing or punctuation, another word order or another doctor's name;
 * - **cross-clinic aliases**: a wording decided alike in two or more clinics applies to every clinic;
 * - **rejections**: a suggestion the analyst turned down (chose another service, or skipped the row) is never
 *   again the automatic answer for that wording.
 *
 * Wordings are compared by their *edition key* ({@link createEditionKeys}): the name's terms that the
 * dictionary's own names use (so a doctor's surname or a damaged word drops out), OCR damage of a word repaired
 * to the dictionary word one edit away, sorted. The key is derived from the dictionary, never listed by hand. A
 * key that the decisions of one clinic send to different answers is ambiguous there and carries nothing.
 */
import leven from 'leven';
import type { Service } from '../storage/records.js';
import { normalizeName } from './normalize.js';
import { toTerms } from './terms.js';

/** One decided wording: a match (service) or a skip (null), as the decision log holds it. */
export interface DecidedName {
  readonly clinic_id: string;
  readonly name_norm: string;
  /** The service the analyst chose; null for a skip (the row has no entry). */
  readonly service_id: string | null;
  readonly decision_id: string;
  /**
   * True for the position the analyst decided, false for the identical names the decision was applied to: only
   * the former counts as a clinic confirming a wording (a cross-clinic alias needs analysts in two clinics).
   */
  readonly primary: boolean;
}

/** A suggestion the analyst turned down for a wording. */
export interface RejectedSuggestion {
  readonly name_norm: string;
  readonly service_id: string;
  readonly decision_id: string;
}

/** What the decisions say of one row. */
export interface Recollection {
  /** The service decided for this wording; null when its twin was skipped. */
  readonly service_id: string | null;
  /** `clinic`: the clinic's own earlier decision; `alias`: a wording decided alike in ≥ 2 clinics. */
  readonly scope: 'clinic' | 'alias';
  /** The decision it comes from (the latest one with this key). */
  readonly decision_id: string;
  /**
   * True when the row's words outside the dictionary are those of a row decided with this key (none, or the same
   * doctor): the answer carries as decided. False when they differ (another doctor's name — or another brand, another
   * Latin name the dictionary lacks): the answer is only the first suggestion.
   */
  readonly exact: boolean;
}

export interface DecisionMemory {
  /** The decision that covers this row of this clinic, or null when none does (or the key is ambiguous). */
  recall(clinicId: string, nameNorm: string): Recollection | null;
  /** Services the analysts rejected for this wording (by edition key); empty when none. */
  rejectedFor(nameNorm: string): ReadonlySet<string>;
}

/** How many clinics must decide a wording alike before it applies everywhere. */
export const ALIAS_CLINICS = 2;

/** Builds the memory over the dictionary (for the edition keys) and the decisions logged so far. */
export function createDecisionMemory(options: {
  readonly services: readonly Service[];
  readonly decided: readonly DecidedName[];
  readonly rejected: readonly RejectedSuggestion[];
}): DecisionMemory {
  const read = createEditionReader(options.services);
  const keyOf = (nameNorm: string) => read(nameNorm).key;
  // clinic → key → the answers given (the latest decision id kept for the trace)
  const byClinic = new Map<string, Map<string, Answers>>();
  for (const decided of options.decided) {
    const { key, dropped } = read(decided.name_norm);
    if (key === '') continue;
    const keys = byClinic.get(decided.clinic_id) ?? new Map<string, Answers>();
    byClinic.set(decided.clinic_id, keys);
    const answers = keys.get(key) ?? { services: new Set(), dropped: new Set(), names: new Set(), decision_id: decided.decision_id, primary: false };
    answers.services.add(decided.service_id);
    answers.dropped.add(dropped);
    answers.names.add(decided.name_norm);
    answers.decision_id = decided.decision_id;
    answers.primary ||= decided.primary;
    keys.set(key, answers);
  }
  // A wording decided alike (one service, not a skip) in at least ALIAS_CLINICS clinics, and never otherwise.
  const aliases = new Map<string, { service_id: string; clinics: Set<string>; dropped: Set<string>; names: Set<string>; decision_id: string } | null>();
  for (const [clinicId, keys] of byClinic) {
    for (const [key, answers] of keys) {
      if (!answers.primary) continue;
      const only = answers.services.size === 1 ? [...answers.services][0]! : null;
      const alias = aliases.get(key);
      if (alias === null) continue;
      if (only === null || (alias && alias.service_id !== only)) {
        aliases.set(key, null);
        continue;
      }
      const entry = alias ?? { service_id: only, clinics: new Set<string>(), dropped: new Set<string>(), names: new Set<string>(), decision_id: answers.decision_id };
      entry.clinics.add(clinicId);
      for (const words of answers.dropped) entry.dropped.add(words);
      for (const name of answers.names) entry.names.add(name);
      entry.decision_id = answers.decision_id;
      aliases.set(key, entry);
    }
  }
  const rejections = new Map<string, Set<string>>();
  for (const rejected of options.rejected) {
    const key = keyOf(rejected.name_norm);
    if (key === '') continue;
    const services = rejections.get(key) ?? new Set<string>();
    services.add(rejected.service_id);
    rejections.set(key, services);
  }
  const none: ReadonlySet<string> = new Set();

  return {
    recall(clinicId, nameNorm) {
      const { key, dropped } = read(nameNorm);
      if (key === '') return null;
      const own = byClinic.get(clinicId)?.get(key);
      if (own) {
        if (own.services.size !== 1) return null;
        return { service_id: [...own.services][0]!, scope: 'clinic', decision_id: own.decision_id, exact: sameWording(nameNorm, dropped, own) };
      }
      const alias = aliases.get(key);
      if (alias && alias.clinics.size >= ALIAS_CLINICS) {
        return { service_id: alias.service_id, scope: 'alias', decision_id: alias.decision_id, exact: sameWording(nameNorm, dropped, alias) };
      }
      return null;
    },
    rejectedFor(nameNorm) {
      const key = keyOf(nameNorm);
      return (key !== '' && rejections.get(key)) || none;
    },
  };
}

/**
 * The edition key of a normalized name: its terms (see {@link toTerms}) that occur in the dictionary's names,
 * a word one edit away from a dictionary word (of five letters or more) read as that word, numbers kept, sorted,
 * each once. Another doctor's name, a damaged word that is no word of the dictionary, punctuation, spacing and
 * word order do not change it. Empty when the name has no dictionary word.
 */
export function createEditionKeys(services: readonly Service[]): (nameNorm: string) => string {
  const read = createEditionReader(services);
  return (nameNorm) => read(nameNorm).key;
}

/** A name's edition key, and the words it left out (no dictionary word, none one edit away), sorted, joined. */
export interface EditionKey {
  readonly key: string;
  readonly dropped: string;
}

/** Reads names into {@link EditionKey}s over the dictionary's vocabulary (see {@link createEditionKeys}). */
export function createEditionReader(services: readonly Service[]): (nameNorm: string) => EditionKey {
  const vocabulary = new Set<string>();
  for (const service of services) for (const term of toTerms(normalizeName(service.name))) vocabulary.add(term);
  const repair = createOneEditRepair(vocabulary);
  const cache = new Map<string, EditionKey>();
  return (nameNorm) => {
    const cached = cache.get(nameNorm);
    if (cached !== undefined) return cached;
    const kept = new Set<string>();
    const dropped = new Set<string>();
    for (const term of toTerms(nameNorm)) {
      if (vocabulary.has(term) || /^\d+$/.test(term)) kept.add(term);
      else {
        const repaired = repair(term);
        if (repaired) kept.add(repaired);
        else dropped.add(term);
      }
    }
    const read: EditionKey = { key: [...kept].sort().join(' '), dropped: [...dropped].sort().join(' ') };
    if (cache.size > 50_000) cache.clear();
    cache.set(nameNorm, read);
    return read;
  };
}

// ---- internal helpers ----

interface Answers {
  readonly services: Set<string | null>;
  /** The words outside the dictionary of each row decided with this key. */
  readonly dropped: Set<string>;
  /** The decided rows' normalized names. */
  readonly names: Set<string>;
  decision_id: string;
  /** Whether an analyst decided a row of this key in this clinic (not only through identical names). */
  primary: boolean;
}

/**
 * Share of a name's letters (spaces aside) that OCR noise may change while it stays the decided row's wording: `Транс
 * пункционная` for `Транспункционная`, `коятраста` for `контраста`. Another doctor's surname or another brand changes
 * far more of a name, and so is only suggested.
 */
const OCR_NOISE_SHARE = 0.1;

/** True when a row is worded as a decided row: the same words outside the dictionary, or the same name up to OCR noise. */
function sameWording(nameNorm: string, dropped: string, decided: { readonly dropped: Set<string>; readonly names: Set<string> }): boolean {
  if (decided.dropped.has(dropped)) return true;
  const letters = nameNorm.replace(/\s+/g, '');
  for (const name of decided.names) {
    const other = name.replace(/\s+/g, '');
    const longest = Math.max(letters.length, other.length);
    if (Math.abs(letters.length - other.length) > longest * OCR_NOISE_SHARE) continue;
    if (leven(letters, other) <= longest * OCR_NOISE_SHARE) return true;
  }
  return false;
}

/** Shortest word a one-edit repair is tried on: shorter words are too often another word one edit away. */
const REPAIR_MIN_LENGTH = 5;

/**
 * The vocabulary word one edit (deletion, insertion or substitution) away from a word, when exactly one such
 * word exists; by the deletion neighbourhoods of both (symmetric delete), so no word is compared with every word.
 */
function createOneEditRepair(vocabulary: ReadonlySet<string>): (word: string) => string | null {
  const byDeletion = new Map<string, Set<string>>();
  const add = (variant: string, word: string) => {
    const words = byDeletion.get(variant) ?? new Set<string>();
    words.add(word);
    byDeletion.set(variant, words);
  };
  for (const word of vocabulary) {
    if (word.length < REPAIR_MIN_LENGTH - 1) continue;
    add(word, word);
    for (const variant of deletionsOf(word)) add(variant, word);
  }
  return (word) => {
    if (word.length < REPAIR_MIN_LENGTH) return null;
    const found = new Set<string>();
    for (const variant of [word, ...deletionsOf(word)]) {
      for (const candidate of byDeletion.get(variant) ?? []) {
        if (withinOneEdit(word, candidate)) found.add(candidate);
      }
    }
    return found.size === 1 ? [...found][0]! : null;
  };
}

function deletionsOf(word: string): string[] {
  const variants: string[] = [];
  for (let i = 0; i < word.length; i += 1) variants.push(word.slice(0, i) + word.slice(i + 1));
  return variants;
}

/** True when `a` and `b` differ by at most one deletion, insertion or substitution. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
