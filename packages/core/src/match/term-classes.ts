/**
 * Classes of terms that must agree for two names to denote one service: the imaging modality, the
 * material a test is run on, the antibody class and the quantitative/qualitative reading. A shared
 * body part does not make `МРТ коленного сустава` a knee X-ray, and a shared analyte does not make
 * urine urea serum urea. Terms are the output of `toTerms` (stems and canonical terms). The members are data:
 * `assets/vocabulary/term-classes.tsv` and `term-class-patterns.tsv` (vocabulary.ts reads them).
 */
import { VOCABULARY, type TermClass } from './vocabulary.js';


export type { TermClass } from './vocabulary.js';

/** Members by class (`assets/vocabulary/term-classes.tsv`). */
const CLASS_MEMBERS: Readonly<Record<TermClass, readonly string[]>> = VOCABULARY.termClasses;

const CLASS_OF = new Map<string, TermClass>();
for (const [cls, members] of Object.entries(CLASS_MEMBERS) as [TermClass, readonly string[]][]) {
  for (const member of members) CLASS_OF.set(member, cls);
}

/**
 * Classes given by a pattern (`assets/vocabulary/term-class-patterns.tsv`): laboratory methods (`ИФА`, `методом
 * иммунохемилюминесценции`, `нРИФ`, `хроматография`), how a test is run, which the dictionary rarely says. Stems,
 * so a pattern: spellings vary (`иммунохемилюминисценции`).
 */
const PATTERNS: readonly (readonly [TermClass, RegExp])[] = [...VOCABULARY.classPatterns];

/** The class of a term, or null for a term without one. */
export function termClassOf(term: string): TermClass | null {
  const known = CLASS_OF.get(term);
  if (known !== undefined) return known;
  // The method pattern is the costly part; a term's answer is remembered (the vocabulary is bounded, but a
  // long-running service meets new words: the memory starts over past a limit).
  let cls = METHOD_OF.get(term);
  if (cls === undefined) {
    if (METHOD_OF.size >= METHOD_MEMO_LIMIT) METHOD_OF.clear();
    cls = PATTERNS.find(([, pattern]) => pattern.test(term))?.[0] ?? null;
    METHOD_OF.set(term, cls);
  }
  return cls;
}

const METHOD_OF = new Map<string, TermClass | null>();
const METHOD_MEMO_LIMIT = 100_000;

/**
 * How the classes of two term lists agree: `conflict` when both name a member of one class and share
 * none of them (`мрт` against `кт`; `igg` against `igm`), `missing` when the entry names a modality the
 * position lacks or the position one more than the entry, else `agree`.
 */
export function compareTermClasses(position: readonly string[], entry: readonly string[]): 'agree' | 'missing' | 'conflict' {
  return compareClassGroups(classGroupsOf(position), classGroupsOf(entry));
}

/** The terms of a list by class (remembered per list), for {@link compareClassGroups}. */
export type ClassGroups = ReadonlyMap<TermClass, ReadonlySet<string>>;

/** {@link compareTermClasses} on lists already grouped by {@link classGroupsOf} (a scorer keeps the groups). */
export function compareClassGroups(positionByClass: ClassGroups, entryByClass: ClassGroups): 'agree' | 'missing' | 'conflict' {
  let missing = false;
  // By key, not by entry: no pair is made per class.
  for (const cls of entryByClass.keys()) {
    const entryTerms = entryByClass.get(cls)!;
    const positionTerms = positionByClass.get(cls);
    if (!positionTerms) {
      if (cls === 'modality') missing = true;
      continue;
    }
    if (!sharesAny(entryTerms, positionTerms)) return 'conflict';
  }
  // A position that names a modality the entry lacks is another study (`Рентгеноскопия органов малого таза`), or
  // a kind of it the entry does not name (`КТ-ангиография сосудов малого таза` is no `КТ органов малого таза`).
  if (positionByClass.has('modality') && !entryByClass.has('modality')) return 'conflict';
  const entryModalities = entryByClass.get('modality');
  const positionModalities = positionByClass.get('modality');
  if (entryModalities && positionModalities) for (const term of positionModalities) if (!entryModalities.has(term)) return 'missing';
  return missing ? 'missing' : 'agree';
}

/** The terms of a list by class, once per list: a row's terms meet every candidate's, an entry's every row's. */
export function classGroupsOf(terms: readonly string[]): ClassGroups {
  let groups = GROUPS.get(terms);
  if (!groups) {
    groups = groupTerms(terms);
    GROUPS.set(terms, groups);
  }
  return groups;
}

// ---- internal helpers ----

const GROUPS = new WeakMap<readonly string[], ClassGroups>();

function sharesAny(terms: ReadonlySet<string>, other: ReadonlySet<string>): boolean {
  for (const term of terms) if (other.has(term)) return true;
  return false;
}

function groupTerms(terms: readonly string[]): Map<TermClass, Set<string>> {
  const groups = new Map<TermClass, Set<string>>();
  for (const term of terms) {
    const cls = termClassOf(term);
    if (!cls) continue;
    const set = groups.get(cls) ?? new Set<string>();
    set.add(term);
    groups.set(cls, set);
  }
  return groups;
}
