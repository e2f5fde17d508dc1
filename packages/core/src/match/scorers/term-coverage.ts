/**
 * The fuzzy scorer over terms (see terms.ts). Dictionary names are short and canonical
 * (`Ферритин`, `Прием офтальмолога`), price-list names long and wordy
 * (`Определение ферритина в сыворотке крови ИФА методом`), so the score is asymmetric:
 * - how much of the dictionary entry the position covers (a bracketed gloss of the entry, as in
 *   `ЦМВ (ВПГ-V) Ig G`, may be left uncovered; the row's section may cover a term the name leaves
 *   implicit, for less credit);
 * - times a penalty for every word of the position the entry does not explain: a word other entries use
 *   (`спинного` in `МРТ головного + спинного мозга`) weighs by its rarity, a word no entry uses only a
 *   little, the material or the method of a test whose entry names none (`в сыворотке крови`, `методом ИФА`) not
 *   at all;
 * - disagreeing term classes (modality, material, antibody class) sink it;
 * - a little edit similarity of the sorted terms separates near ties.
 */
import { compareTermClasses, termClassOf as classOfTerm, type TermClass } from '../term-classes.js';
import { scoreEditSimilarity } from './edit-similarity.js';

/** Rarity weights of terms over the dictionary. */
export interface TermWeights {
  /** Weight of a term the dictionary uses; higher for rarer ones. */
  weight(term: string): number;
  /** True when some dictionary name has the term. */
  known(term: string): boolean;
  /** The largest weight (of a term used by one entry). */
  readonly maxWeight: number;
}

/** What the scorer knows of a position. */
export interface PositionTerms {
  readonly terms: readonly string[];
  /** Terms of the row's section heading, `[]` when none. */
  readonly sectionTerms: readonly string[];
  /**
   * The position's words that a plausible rival entry explains ({@link contestedTermsOf}). When given, an
   * unexplained dictionary word outside it costs an entry that the position covers completely no more than a
   * word the dictionary does not know. Absent: every dictionary word counts as contested.
   */
  readonly contested?: ReadonlySet<string>;
}

/** What the scorer knows of a dictionary entry. */
export interface EntryTerms {
  readonly terms: readonly string[];
  /**
   * Other readings of the name, each as good as the name itself but for {@link READING_FACTOR}: the terms outside
   * brackets (`ЦМВ (ВПГ-V) Ig G` → `цмв igg`), a final gloss in place of what it glosses (`Рентген головы
   * (черепа)` → `рентген череп`). `[]` when there are none.
   */
  readonly readings: readonly (readonly string[])[];
  /** The terms outside brackets, which with `terms` delimit the entry's scope as a rival (see contestedTermsOf). */
  readonly unbracketed: readonly string[];
}

/** The class of a term, remembered: the scorer asks for the same few hundred terms millions of times. */
const CLASSES = new Map<string, TermClass | null>();
function termClassOf(term: string): TermClass | null {
  let cls = CLASSES.get(term);
  if (cls === undefined) {
    cls = classOfTerm(term);
    if (CLASSES.size < 100_000) CLASSES.set(term, cls);
  }
  return cls;
}

const EDIT_WEIGHT = 0.1;
/** Credit for an entry term found only in the section heading. */
const SECTION_CREDIT = 0.8;
/** Cost of covering another reading of the entry's name instead of the name itself. */
const READING_FACTOR = 0.97;
/** How hard an unexplained position word bites, at the rarest weight. */
const EXTRA_KNOWN_PENALTY = 0.4;
const EXTRA_UNKNOWN_FACTOR = 0.88;
const COVER_EXPONENT = 1.5;
/** An entry covered at least this much is complete: what the position adds is detail, unless a rival explains it. */
const COMPLETE_COVER = 0.9;
/**
 * A candidate whose scope the position covers at least this much is a plausible rival for its words. The scope
 * leaves out the modality and the material: `УЗИ надпочечников` explains `надпочечников` in `КТ почек и
 * надпочечников`, `УЗИ плода` explains `плода` in `УЗИ сердца плода`.
 */
const RIVAL_COVER = 0.8;
const CONFLICT_FACTOR = 0.3;
/** The term of «антитела» (assets/vocabulary/terms.tsv). */
const ANTIBODIES = 'антител';
const MISSING_MODALITY_FACTOR = 0.6;

/** Similarity of a position to a dictionary entry, 0..1. */
export function scoreTermCoverage(position: PositionTerms, entry: EntryTerms, weights: TermWeights): number {
  if (position.terms.length === 0 || entry.terms.length === 0) return 0;
    let cover = entryCoverage(entry.terms, position, weights);
  // The readings the position follows: the name, the best covered of its other readings, and every reading the
  // position contains (`Трансректальное УЗИ предстательной железы` of `ТРУЗИ`, though the name alone is covered too).
  // Kept as the list of those readings (their concatenation is built only when the term classes need it).
  let reading: readonly string[] | null = null;
  const followed: (readonly string[])[] = [entry.terms];
  // Which readings are followed, one bit each (for the remembered concatenation below).
  let followedBits = 0;
  entry.readings.forEach((other, k) => {
    const readingCover = READING_FACTOR * entryCoverage(other, position, weights);
    const best = readingCover > cover;
    if (best) [cover, reading] = [readingCover, other];
    if (best || readingCover >= COMPLETE_COVER) {
      followed.push(other);
      followedBits |= 1 << k;
    }
  });
  // The words the entry explains: its name's and all its readings' (an alias's words are the entry's too:
  // `Иссечение геморроидальных узлов` explains each of its words for `Геморроидэктомия`, `Массаж передней брюшной
  // стенки` its own for `Массаж живота`, `РНК вируса гепатита C количественно` the virus for `Гепатит C
  // количественное`).
  const explained = explainedBy(entry);
  // The classes, though, are those of the readings followed: `Ультразвуковой фонофорез` does not make every
  // `Фонофорез` an ultrasound study.
  const entryHasMaterial = followed.some((terms) => classesIn(terms).has('material'));
  const entryHasMethod = followed.some((terms) => classesIn(terms).has('method'));
  const complete = cover >= COMPLETE_COVER;
  const namesAntibodyClass = namesAntibodyClassIn(position);
  let penalty = 1;
  const terms = position.terms;
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i]!;
    // A word a rival names is explained only by the readings followed, not by any alias: `УЗДГ артерий и вен
    // верхних конечностей` of `УЗИ сосудов верхних конечностей` does not take `артерий` from `УЗИ артерий верхних
    // конечностей`. (The credit in several lists is the best credit in any of them.)
    if (position.contested?.has(term) ? followed.some((list) => termCredit(term, list) >= 0.5) : termCredit(term, explained) >= 0.5) continue;
    if (!entryHasMaterial && termClassOf(term) === 'material') continue;
    if (!entryHasMethod && termClassOf(term) === 'method') continue;
    // «антитела класса IgG» are IgG: the class says it.
    if (term === ANTIBODIES && namesAntibodyClass) continue;
    penalty *= isDistinguishing(term, i, position, complete, weights)
      ? 1 - (EXTRA_KNOWN_PENALTY * weights.weight(term)) / weights.maxWeight
      : EXTRA_UNKNOWN_FACTOR;
  }
  let edit = scoreEditSimilarity(position.terms, entry.terms);
  if (reading) edit = Math.max(edit, scoreEditSimilarity(position.terms, reading));
  const score = (1 - EDIT_WEIGHT) * cover ** COVER_EXPONENT * penalty + EDIT_WEIGHT * edit;
  const classes = compareTermClasses(classEvidenceOf(position), followedTermsOf(entry, followed, followedBits));
  if (classes === 'conflict' || namesOtherSpecies(position.terms, entry)) return score * CONFLICT_FACTOR;
  if (classes === 'missing') return score * MISSING_MODALITY_FACTOR;
  return score;
}

/** How well `other` contains one term: 1 for the same term, less for a near one (an OCR slip, a cut ending). */
export function termCredit(term: string, other: readonly string[]): number {
  let best = 0;
  for (const candidate of other) {
    if (candidate === term) return 1;
    best = Math.max(best, nearCredit(term, candidate));
  }
  return best;
}

/**
 * The words of a position that some plausible rival explains: the terms of every candidate entry whose scope
 * the position covers at least {@link RIVAL_COVER}. `желчного` in `УЗИ печени и желчного пузыря` is explained by
 * `УЗИ желчного пузыря`; `органов` in `УЗИ органов мошонки` only by `Рентген органов грудной клетки`, which is
 * no rival (its chest is not covered), so there that word is mere wording; nor is `Билирубин прямой` a rival
 * for `прямой` in `Рентгенография нижней челюсти в прямой проекции`.
 */
export function contestedTermsOf(position: PositionTerms, candidates: readonly EntryTerms[], weights: TermWeights): Set<string> {
    const contested = new Set<string>();
  const namesStudy = position.terms.some((term) => termClassOf(term) === 'modality');
  for (const candidate of candidates) {
    // A study is no rival of a position that names no study at all: `УЗИ при беременности 1 триместра` does not
    // explain `1 триместр` away from `Ведение беременности (двойня) 1 триместр`. (Of another study it is: `УЗИ
    // надпочечников` explains `надпочечников` in `КТ почек и надпочечников`.)
    if (!namesStudy && classesIn(candidate.terms).has('modality')) continue;
    // The scope of the whole name, or of the name outside brackets (`УЗИ предстательной железы (простаты)`); not of
    // a glossed reading, which may be a single word (`УЗИ плода (для беременных)` → `беременных`).
    const covered = [candidate.terms, candidate.unbracketed].some((terms) => {
      const scope = scopeOf(terms);
      return scope.length > 0 && entryCoverage(scope, position, weights) >= RIVAL_COVER;
    });
    if (!covered) continue;
    for (const term of candidate.terms) contested.add(term);
  }
  return contested;
}

// ---- internal helpers ----

/**
 * True when an unexplained position word should cost by its rarity: a word that points to another service. A
 * dictionary word does, unless the entry is completely covered, the word is not the name's first (the first
 * word names the procedure or the test: `Биопсия печени под контролем УЗИ` is no `УЗИ печени`) and no rival
 * explains it. A word the dictionary does not know never does, nor does a number no rival explains
 * (`ОАК 3 класса` explains the `3` of `ОАК 3 класса`).
 */
function isDistinguishing(term: string, index: number, position: PositionTerms, complete: boolean, weights: TermWeights): boolean {
  if (/^\d+$/.test(term)) return position.contested?.has(term) ?? false;
  if (!weights.known(term)) return false;
  if (!position.contested || !complete || index === 0) return true;
  return position.contested.has(term);
}

/** A Latin word long enough to be a genus or a species (`ureaplasma`, `hominis`); `spp`, the whole genus, is not. */
const LATIN_NAME = /^[a-z]{4,}$/;

/**
 * True when the position names another species of a genus whose species the entry names: `Ureaplasma parvum` is
 * no `Уреаплазма (Ureaplasma urealyticum) ПЦР`, `Mycoplasma genitalium` no `Микоплазма (Mycoplasma hominis)`, though
 * the bracketed binomial reads as a gloss that the position may leave out.
 */
function namesOtherSpecies(position: readonly string[], entry: EntryTerms): boolean {
  for (const [genus, species] of binomialsOf(entry)) {
    const at = position.indexOf(genus);
    const named = at >= 0 ? position[at + 1] : undefined;
    if (named !== undefined && LATIN_NAME.test(named) && !sameSpecies(named, species) && !entry.terms.includes(named)) return true;
  }
  return false;
}

/** The genus–species pairs of an entry's name (`ureaplasma urealyticum`), once per entry: most have none. */
const BINOMIALS = new WeakMap<EntryTerms, readonly (readonly [string, string])[]>();

function binomialsOf(entry: EntryTerms): readonly (readonly [string, string])[] {
  let pairs = BINOMIALS.get(entry);
  if (!pairs) {
    const found: (readonly [string, string])[] = [];
    for (let i = 0; i + 1 < entry.terms.length; i += 1) {
      const [genus, species] = [entry.terms[i]!, entry.terms[i + 1]!];
      if (LATIN_NAME.test(genus) && LATIN_NAME.test(species)) found.push([genus, species]);
    }
    pairs = found;
    BINOMIALS.set(entry, pairs);
  }
  return pairs;
}

/** True when the position names an antibody class (IgG, IgM, суммарные …), once per position. */
const NAMES_ANTIBODY_CLASS = new WeakMap<PositionTerms, boolean>();

function namesAntibodyClassIn(position: PositionTerms): boolean {
  let names = NAMES_ANTIBODY_CLASS.get(position);
  if (names === undefined) {
    names = position.terms.some((term) => termClassOf(term) === 'antibody');
    NAMES_ANTIBODY_CLASS.set(position, names);
  }
  return names;
}

/** Species names spelt differently (`gonorrhoeae` / `gonorrhea`, `trachomatis` / `trachomati`) begin alike. */
function sameSpecies(a: string, b: string): boolean {
  return a.slice(0, SPECIES_PREFIX) === b.slice(0, SPECIES_PREFIX);
}

const SPECIES_PREFIX = 5;

/** Classes that say how or on what a service is done, not what it examines. */
const CONTEXT_CLASSES: ReadonlySet<string | null> = new Set(['modality', 'material']);

/** The terms whose classes a position is judged by, once per position (it meets every candidate). */
const CLASS_EVIDENCE = new WeakMap<PositionTerms, readonly string[]>();

function classEvidenceOf(position: PositionTerms): readonly string[] {
  let evidence = CLASS_EVIDENCE.get(position);
  if (!evidence) {
    const named = position.terms.some((term) => termClassOf(term) === 'modality');
    evidence = named ? position.terms : [...position.terms, ...position.sectionTerms];
    CLASS_EVIDENCE.set(position, evidence);
  }
  return evidence;
}

/** The words of an entry's name and of all its readings, once per entry. */
const EXPLAINED = new WeakMap<EntryTerms, readonly string[]>();

function explainedBy(entry: EntryTerms): readonly string[] {
  let words = EXPLAINED.get(entry);
  if (!words) {
    words = [...new Set([...entry.terms, ...entry.readings.flat()])];
    EXPLAINED.set(entry, words);
  }
  return words;
}

function entryCoverage(terms: readonly string[], position: PositionTerms, weights: TermWeights): number {
  const credits = rowCreditsOf(position, weights);
  let total = 0;
  let covered = 0;
  for (const term of terms) {
    let credit = credits.get(term);
    if (credit === undefined) {
      const w = weights.weight(term);
      // A position naming the antibody class names antibodies (`Ig G к грибам рода Candida` covers `Антитела к
      // грибам рода Candida IgG`).
      const found =
        term === ANTIBODIES && namesAntibodyClassIn(position)
          ? 1
          : Math.max(termCredit(term, position.terms), SECTION_CREDIT * termCredit(term, position.sectionTerms));
      credit = { weight: w, covered: w * found };
      credits.set(term, credit);
    }
    total += credit.weight;
    covered += credit.covered;
  }
  return total === 0 ? 0 : covered / total;
}

/** An entry term's weight and the weight the position covers of it (by its name, else its section). */
interface TermCredit {
  readonly weight: number;
  readonly covered: number;
}

/**
 * What a position covers of each entry term, remembered per position (its terms and section): a row meets the same
 * entry terms in every candidate, reading and rival scope. Keyed by the terms array, which the contested copy of a
 * position shares.
 */
const ROW_CREDITS = new WeakMap<
  readonly string[],
  { readonly sectionTerms: readonly string[]; readonly weights: TermWeights; readonly credits: Map<string, TermCredit> }
>();

function rowCreditsOf(position: PositionTerms, weights: TermWeights): Map<string, TermCredit> {
  let row = ROW_CREDITS.get(position.terms);
  if (!row || row.sectionTerms !== position.sectionTerms || row.weights !== weights) {
    row = { sectionTerms: position.sectionTerms, weights, credits: new Map() };
    ROW_CREDITS.set(position.terms, row);
  }
  return row.credits;
}

/**
 * The terms of the readings followed, one list (the name's, then each followed reading's), remembered per entry and
 * choice of readings, so that the term classes of the list are grouped once (term-classes.ts remembers them per list).
 */
const FOLLOWED = new WeakMap<EntryTerms, Map<number, readonly string[]>>();

function followedTermsOf(entry: EntryTerms, followed: readonly (readonly string[])[], bits: number): readonly string[] {
  if (followed.length === 1) return entry.terms;
  // More readings than bits (never in the bundled dictionary): the list is built each time.
  if (entry.readings.length > 30) return followed.flat();
  let lists = FOLLOWED.get(entry);
  if (!lists) FOLLOWED.set(entry, (lists = new Map()));
  let terms = lists.get(bits);
  if (!terms) lists.set(bits, (terms = followed.flat()));
  return terms;
}

/** The term classes a list names, once per list. */
const CLASSES_IN = new WeakMap<readonly string[], ReadonlySet<TermClass>>();

function classesIn(terms: readonly string[]): ReadonlySet<TermClass> {
  let classes = CLASSES_IN.get(terms);
  if (!classes) {
    const found = new Set<TermClass>();
    for (const term of terms) {
      const cls = termClassOf(term);
      if (cls) found.add(cls);
    }
    classes = found;
    CLASSES_IN.set(terms, classes);
  }
  return classes;
}

/** An entry's terms without its modality and material: its scope as a rival, once per list. */
const SCOPES = new WeakMap<readonly string[], readonly string[]>();

function scopeOf(terms: readonly string[]): readonly string[] {
  let scope = SCOPES.get(terms);
  if (!scope) {
    scope = terms.filter((term) => !CONTEXT_CLASSES.has(termClassOf(term)));
    SCOPES.set(terms, scope);
  }
  return scope;
}

/**
 * A cut ending adds at most this many letters, or makes an adjective of a noun (`бактериолог` /
 * `бактериологическ`): more, and the longer word is another word built on the shorter (`аллерг` / `аллергопроб`,
 * `голен` / `голеностопн`, `липопротеин` / `липопротеинограм`).
 */
const MAX_CUT_ENDING = 3;
const ADJECTIVE_ENDING = /^и?ческ$/;

function nearCredit(a: string, b: string): number {
  // Both rules below need a shorter word of five letters or more.
  if (a.length < 5 || b.length < 5) return 0;
  const shorter = a.length <= b.length ? a : b;
  const longer = a.length <= b.length ? b : a;
  if (shorter.length >= 5 && longer.startsWith(shorter) && isCutEnding(longer.slice(shorter.length))) return 0.9;
  if (shorter.length >= 6 && longer.length - shorter.length <= 1 && withinOneEdit(shorter, longer)) return shorter.length >= LONG_WORD ? 0.9 : 0.8;
  return 0;
}

/** A word this long with one letter wrong (`блефоропластик`, `миелопераксидаз`) is an OCR or typing slip. */
const LONG_WORD = 10;

function isCutEnding(ending: string): boolean {
  return ending.length <= MAX_CUT_ENDING || ADJECTIVE_ENDING.test(ending);
}

/** True when one substitution, insertion or deletion turns `shorter` into `longer` (at most one letter longer). */
function withinOneEdit(shorter: string, longer: string): boolean {
  let i = 0;
  while (i < shorter.length && shorter[i] === longer[i]) i += 1;
  if (i === shorter.length) return true;
  // A substituted letter when the lengths are equal, else a letter inserted into the longer word.
  const skipped = shorter.length === longer.length ? i + 1 : i;
  return shorter.slice(skipped) === longer.slice(i + 1);
}
