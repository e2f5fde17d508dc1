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
import { classGroupsOf, compareClassGroups, termClassOf as classOfTerm, type ClassGroups, type TermClass } from '../term-classes.js';
import { termsKey } from '../terms.js';
import { editSimilarityOfKeys } from './edit-similarity.js';
import { nearCredit, nearTermsOf, type NearTerms, type NearTermsMemo } from './near-terms.js';
import { addCredit, creditTableOf, type RowCredits } from './row-credits.js';
import { knownTermId, termIdCount, termIdOf, termIdsOf, termOfId } from './term-ids.js';

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
  return scoreAbove(position, entry, weights, 1, -Infinity)!;
}

/**
 * {@link scoreTermCoverage}, or null without scoring the penalties when `factor` times its ceiling
 * ({@link termCoverageCeiling}) is at most `floor`: for a caller that keeps `factor` times the score only when it beats
 * `floor` (the coverage is read once for both).
 */
export function scoreTermCoverageAbove(position: PositionTerms, entry: EntryTerms, weights: TermWeights, factor: number, floor: number): number | null {
  return scoreAbove(position, entry, weights, factor, floor);
}

function scoreAbove(position: PositionTerms, entry: EntryTerms, weights: TermWeights, factor: number, floor: number): number | null {
  if (position.terms.length === 0 || entry.terms.length === 0) return factor * 0 <= floor ? null : 0;
  const prepared = preparedEntryOf(entry, weights);
  const row = preparedRowOf(position, weights);
  let cover = coverageOf(prepared.name, position, row);
  // The readings the position follows: the name, the best covered of its other readings, and every reading the
  // position contains (`Трансректальное УЗИ предстательной железы` of `ТРУЗИ`, though the name alone is covered too).
  // Kept as the indexes of those readings (their concatenation is built only when the term classes need it).
  let reading = -1;
  const followed = FOLLOWED_READINGS;
  followed.length = 0;
  // Which readings are followed, one bit each (for the remembered class groups below).
  let followedBits = 0;
  const readings = prepared.readings;
  for (let k = 0; k < readings.length; k += 1) {
    const readingCover = READING_FACTOR * coverageOf(readings[k]!, position, row);
    const best = readingCover > cover;
    if (best) {
      cover = readingCover;
      reading = k;
    }
    if (best || readingCover >= COMPLETE_COVER) {
      followed.push(k);
      followedBits |= 1 << k;
    }
  }
  if (factor * ceilingOf(cover) <= floor) return null;
  // The words the entry explains: its name's and all its readings' (an alias's words are the entry's too:
  // `Иссечение геморроидальных узлов` explains each of its words for `Геморроидэктомия`, `Массаж передней брюшной
  // стенки` its own for `Массаж живота`, `РНК вируса гепатита C количественно` the virus for `Гепатит C
  // количественное`).
  // The classes, though, are those of the readings followed: `Ультразвуковой фонофорез` does not make every
  // `Фонофорез` an ultrasound study.
  let entryHasMaterial = prepared.material[0] === 1;
  let entryHasMethod = prepared.method[0] === 1;
  for (const k of followed) {
    if (prepared.material[k + 1] === 1) entryHasMaterial = true;
    if (prepared.method[k + 1] === 1) entryHasMethod = true;
  }
  const complete = cover >= COMPLETE_COVER;
  const namesAntibodyClass = row.namesAntibodyClass;
  let penalty = 1;
  const terms = position.terms;
  const contested = position.contested;
  for (let i = 0; i < terms.length; i += 1) {
    const term = terms[i]!;
    // A word a rival names is explained only by the readings followed, not by any alias: `УЗДГ артерий и вен
    // верхних конечностей` of `УЗИ сосудов верхних конечностей` does not take `артерий` from `УЗИ артерий верхних
    // конечностей`. (The credit in several lists is the best credit in any of them.)
    if (contested?.has(term) ? followsTerm(i, row, prepared, followed) : explains(prepared, term, row.near[i]!)) continue;
    const cls = row.classes[i];
    if (!entryHasMaterial && cls === 'material') continue;
    if (!entryHasMethod && cls === 'method') continue;
    // «антитела класса IgG» are IgG: the class says it.
    if (term === ANTIBODIES && namesAntibodyClass) continue;
    penalty *= isDistinguishing(term, i, row, contested, complete)
      ? 1 - (EXTRA_KNOWN_PENALTY * row.termWeights[i]!) / weights.maxWeight
      : EXTRA_UNKNOWN_FACTOR;
  }
  let edit = editSimilarityOfKeys(row.key, prepared.nameKey);
  if (reading >= 0) edit = Math.max(edit, editSimilarityOfKeys(row.key, prepared.readingKeys[reading]!));
  const score = (1 - EDIT_WEIGHT) * cover ** COVER_EXPONENT * penalty + EDIT_WEIGHT * edit;
  const classes = compareClassGroups(row.evidenceGroups, followedGroupsOf(prepared, entry, followed, followedBits));
  if (classes === 'conflict' || namesOtherSpecies(position.terms, entry, prepared.binomials)) return score * CONFLICT_FACTOR;
  if (classes === 'missing') return score * MISSING_MODALITY_FACTOR;
  return score;
}

/**
 * A ceiling of {@link scoreTermCoverage} for the same arguments, from the coverage alone (no penalty, the whole edit
 * credit, no class factor): never below the score, so a caller that needs the score only when it would beat another
 * may skip it below.
 */
export function termCoverageCeiling(position: PositionTerms, entry: EntryTerms, weights: TermWeights): number {
  if (position.terms.length === 0 || entry.terms.length === 0) return 0;
  const prepared = preparedEntryOf(entry, weights);
  const row = preparedRowOf(position, weights);
  let cover = coverageOf(prepared.name, position, row);
  for (const reading of prepared.readings) {
    const readingCover = READING_FACTOR * coverageOf(reading, position, row);
    if (readingCover > cover) cover = readingCover;
  }
  return ceilingOf(cover);
}

/** The score's own expression with the penalty and the edit similarity at their largest (1). */
function ceilingOf(cover: number): number {
  return (1 - EDIT_WEIGHT) * cover ** COVER_EXPONENT + EDIT_WEIGHT;
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
  const row = preparedRowOf(position, weights);
  for (const candidate of candidates) {
    const prepared = preparedEntryOf(candidate, weights);
    // A study is no rival of a position that names no study at all: `УЗИ при беременности 1 триместра` does not
    // explain `1 триместр` away from `Ведение беременности (двойня) 1 триместр`. (Of another study it is: `УЗИ
    // надпочечников` explains `надпочечников` in `КТ почек и надпочечников`.)
    if (!row.namesStudy && prepared.namesModality) continue;
    // The scope of the whole name, or of the name outside brackets (`УЗИ предстательной железы (простаты)`); not of
    // a glossed reading, which may be a single word (`УЗИ плода (для беременных)` → `беременных`).
    let covered = false;
    for (const scope of prepared.scopes) {
      if (scope.ids.length > 0 && coverageOf(scope, position, row) >= RIVAL_COVER) {
        covered = true;
        break;
      }
    }
    if (!covered) continue;
    for (const term of candidate.terms) contested.add(term);
  }
  return contested;
}

// ---- internal helpers ----

/** The reading indexes {@link scoreTermCoverage} follows, one list reused (the scorer never calls itself). */
const FOLLOWED_READINGS: number[] = [];

/**
 * True when the words of the entry's name and readings contain the term (credit ≥ 0.5): the same word, else a near
 * one (`near`, the entry terms near the term: near-terms.ts).
 */
function explains(prepared: PreparedEntry, term: string, near: NearTerms): boolean {
  if (prepared.explainedSet.has(term)) return true;
  for (const id of near.ids) if (prepared.explainedIds.has(id)) return true;
  return false;
}

/** True when the entry's name or one of the readings followed contains the row's `i`th term (credit ≥ 0.5), by id. */
function followsTerm(i: number, row: PreparedRow, prepared: PreparedEntry, followed: readonly number[]): boolean {
  const id = row.termIds[i]!;
  const near = row.near[i]!;
  if (namesTerm(prepared.name.ids, id, near)) return true;
  for (const k of followed) if (namesTerm(prepared.readings[k]!.ids, id, near)) return true;
  return false;
}

/** True when a list of entry term ids has the term's id (-1: no entry term is the term) or a near term's. */
function namesTerm(ids: Int32Array, id: number, near: NearTerms): boolean {
  for (let k = 0; k < ids.length; k += 1) if (ids[k] === id || near.ids.includes(ids[k]!)) return true;
  return false;
}

/**
 * True when an unexplained position word should cost by its rarity: a word that points to another service. A
 * dictionary word does, unless the entry is completely covered, the word is not the name's first (the first
 * word names the procedure or the test: `Биопсия печени под контролем УЗИ` is no `УЗИ печени`) and no rival
 * explains it. A word the dictionary does not know never does, nor does a number no rival explains
 * (`ОАК 3 класса` explains the `3` of `ОАК 3 класса`).
 */
function isDistinguishing(term: string, index: number, row: PreparedRow, contested: ReadonlySet<string> | undefined, complete: boolean): boolean {
  if (row.numeric[index] === 1) return contested?.has(term) ?? false;
  if (row.known[index] === 0) return false;
  if (!contested || !complete || index === 0) return true;
  return contested.has(term);
}

/** A Latin word long enough to be a genus or a species (`ureaplasma`, `hominis`); `spp`, the whole genus, is not. */
const LATIN_NAME = /^[a-z]{4,}$/;

/**
 * True when the position names another species of a genus whose species the entry names: `Ureaplasma parvum` is
 * no `Уреаплазма (Ureaplasma urealyticum) ПЦР`, `Mycoplasma genitalium` no `Микоплазма (Mycoplasma hominis)`, though
 * the bracketed binomial reads as a gloss that the position may leave out.
 */
function namesOtherSpecies(position: readonly string[], entry: EntryTerms, binomials: readonly (readonly [string, string])[]): boolean {
  for (const [genus, species] of binomials) {
    const at = position.indexOf(genus);
    const named = at >= 0 ? position[at + 1] : undefined;
    if (named !== undefined && LATIN_NAME.test(named) && !sameSpecies(named, species) && !entry.terms.includes(named)) return true;
  }
  return false;
}

/** The genus–species pairs of an entry's name (`ureaplasma urealyticum`); most have none. */
function binomialsIn(terms: readonly string[]): readonly (readonly [string, string])[] {
  const found: (readonly [string, string])[] = [];
  for (let i = 0; i + 1 < terms.length; i += 1) {
    const [genus, species] = [terms[i]!, terms[i + 1]!];
    if (LATIN_NAME.test(genus) && LATIN_NAME.test(species)) found.push([genus, species]);
  }
  return found;
}

/** Species names spelt differently (`gonorrhoeae` / `gonorrhea`, `trachomatis` / `trachomati`) begin alike. */
function sameSpecies(a: string, b: string): boolean {
  return a.slice(0, SPECIES_PREFIX) === b.slice(0, SPECIES_PREFIX);
}

const SPECIES_PREFIX = 5;

/** Classes that say how or on what a service is done, not what it examines. */
const CONTEXT_CLASSES: ReadonlySet<string | null> = new Set(['modality', 'material']);

/** A list of entry terms with their ids and weights, for {@link coverageOf}. */
interface CoverageList {
  readonly terms: readonly string[];
  readonly ids: Int32Array;
  readonly weights: Float64Array;
}

function coverageListOf(terms: readonly string[], weights: TermWeights): CoverageList {
  const termWeights = new Float64Array(terms.length);
  for (let k = 0; k < terms.length; k += 1) termWeights[k] = weights.weight(terms[k]!);
  return { terms, ids: termIdsOf(terms), weights: termWeights };
}

/**
 * What the scorer reads of a dictionary entry, computed once per entry (it meets every row): its name's and
 * readings' terms with ids and weights, their keys for the edit similarity, the words it explains, which lists
 * name a material or a method, its class groups, its binomials and its scopes as a rival.
 */
interface PreparedEntry {
  readonly weights: TermWeights;
  readonly name: CoverageList;
  readonly readings: readonly CoverageList[];
  readonly nameKey: string;
  readonly readingKeys: readonly string[];
  readonly explainedSet: ReadonlySet<string>;
  readonly explainedIds: ReadonlySet<number>;
  /** Per list, the name first, then each reading: 1 when it names a material (a method). */
  readonly material: Uint8Array;
  readonly method: Uint8Array;
  readonly nameGroups: ClassGroups;
  /** The class groups of the name with the readings followed, by the readings' bits. */
  readonly followedGroups: Map<number, ClassGroups>;
  readonly binomials: readonly (readonly [string, string])[];
  /** The name names a modality. */
  readonly namesModality: boolean;
  /** The scopes of the name and of the name outside brackets: their terms without modality and material. */
  readonly scopes: readonly CoverageList[];
}

const ENTRIES = new WeakMap<EntryTerms, PreparedEntry>();

function preparedEntryOf(entry: EntryTerms, weights: TermWeights): PreparedEntry {
  let prepared = ENTRIES.get(entry);
  if (!prepared || prepared.weights !== weights) {
    prepared = prepareEntry(entry, weights);
    ENTRIES.set(entry, prepared);
  }
  return prepared;
}

function prepareEntry(entry: EntryTerms, weights: TermWeights): PreparedEntry {
  const lists = [entry.terms, ...entry.readings];
  const explained = new Set([...entry.terms, ...entry.readings.flat()]);
  const scopeOf = (terms: readonly string[]) => coverageListOf(terms.filter((term) => !CONTEXT_CLASSES.has(termClassOf(term))), weights);
  return {
    weights,
    name: coverageListOf(entry.terms, weights),
    readings: entry.readings.map((terms) => coverageListOf(terms, weights)),
    nameKey: termsKey(entry.terms),
    readingKeys: entry.readings.map(termsKey),
    explainedSet: explained,
    explainedIds: new Set([...explained].map(termIdOf)),
    material: Uint8Array.from(lists, (terms) => (terms.some((term) => termClassOf(term) === 'material') ? 1 : 0)),
    method: Uint8Array.from(lists, (terms) => (terms.some((term) => termClassOf(term) === 'method') ? 1 : 0)),
    nameGroups: classGroupsOf(entry.terms),
    followedGroups: new Map(),
    binomials: binomialsIn(entry.terms),
    namesModality: entry.terms.some((term) => termClassOf(term) === 'modality'),
    // One scope when the name has no brackets: the same list covers the row alike.
    scopes: sameTerms(entry.terms, entry.unbracketed) ? [scopeOf(entry.terms)] : [scopeOf(entry.terms), scopeOf(entry.unbracketed)],
  };
}

function sameTerms(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((term, i) => term === b[i]);
}

/** The class groups of the name and the readings followed, one list (the name's, then each reading's). */
function followedGroupsOf(prepared: PreparedEntry, entry: EntryTerms, followed: readonly number[], bits: number): ClassGroups {
  if (followed.length === 0) return prepared.nameGroups;
  // More readings than bits (never in the bundled dictionary): grouped each time.
  if (entry.readings.length > 30) return classGroupsOf(followedTerms(entry, followed));
  let groups = prepared.followedGroups.get(bits);
  if (!groups) prepared.followedGroups.set(bits, (groups = classGroupsOf(followedTerms(entry, followed))));
  return groups;
}

/** The terms of the name and of the readings followed, in that order. */
function followedTerms(entry: EntryTerms, followed: readonly number[]): string[] {
  return [...entry.terms, ...followed.flatMap((k) => entry.readings[k]!)];
}

/**
 * What the scorer reads of a position, once per position (it meets every candidate): each term's weight, whether
 * the dictionary knows it, its class, whether it is a number; the terms whose classes judge it; its key for the edit
 * similarity; each term's id and near entry terms, and its credits per entry term (row-credits.ts), as of the ids
 * given so far (`idCount`; see upToDate). Keyed by the terms array, which the contested copy of a position shares,
 * and kept while the section and the weights stay the same.
 */
interface PreparedRow extends RowCredits {
  readonly sectionTerms: readonly string[];
  /** How many term ids the ids, near terms and credits below account for. */
  idCount: number;
  /** Each term's id, -1 when no entry term is the term. */
  readonly termIds: Int32Array;
  /** Each term's near entry terms (near-terms.ts). */
  readonly near: NearTerms[];
  readonly weights: TermWeights;
  readonly termWeights: Float64Array;
  readonly known: Uint8Array;
  readonly numeric: Uint8Array;
  readonly classes: readonly (TermClass | null)[];
  /** The position names an antibody class (IgG, IgM, суммарные …). */
  readonly namesAntibodyClass: boolean;
  /** The position names a modality. */
  readonly namesStudy: boolean;
  /** The class groups of the terms the position is judged by: its own, with its section's when it names no modality. */
  readonly evidenceGroups: ClassGroups;
  readonly key: string;
}

const ROWS = new WeakMap<readonly string[], PreparedRow>();

function preparedRowOf(position: PositionTerms, weights: TermWeights): PreparedRow {
  let row = ROWS.get(position.terms);
  if (!row || row.sectionTerms !== position.sectionTerms || row.weights !== weights) {
    row = prepareRow(position, weights);
    ROWS.set(position.terms, row);
  }
  return row;
}

/**
 * The near terms of rows' words, remembered per weights: one candidate index, hence one matcher, has its own (so that
 * one matcher's work never speeds up another's, nor its measurement).
 */
const NEAR_MEMOS = new WeakMap<TermWeights, NearTermsMemo>();

function nearMemoOf(weights: TermWeights): NearTermsMemo {
  let memo = NEAR_MEMOS.get(weights);
  if (!memo) NEAR_MEMOS.set(weights, (memo = new Map()));
  return memo;
}

function prepareRow(position: PositionTerms, weights: TermWeights): PreparedRow {
  const terms = position.terms;
  const classes = terms.map(termClassOf);
  const namesStudy = classes.includes('modality');
  const termWeights = new Float64Array(terms.length);
  const known = new Uint8Array(terms.length);
  const numeric = new Uint8Array(terms.length);
  for (let i = 0; i < terms.length; i += 1) {
    termWeights[i] = weights.weight(terms[i]!);
    known[i] = weights.known(terms[i]!) ? 1 : 0;
    numeric[i] = /^\d+$/.test(terms[i]!) ? 1 : 0;
  }
  const memo = nearMemoOf(weights);
  const row: PreparedRow = {
    creditIds: [],
    credits: [],
    table: null,
    generation: 0,
    sectionTerms: position.sectionTerms,
    idCount: termIdCount(),
    termIds: Int32Array.from(terms, knownTermId),
    near: terms.map((term) => nearTermsOf(term, memo)),
    weights,
    termWeights,
    known,
    numeric,
    classes,
    namesAntibodyClass: classes.includes('antibody'),
    namesStudy,
    evidenceGroups: classGroupsOf(namesStudy ? terms : [...terms, ...position.sectionTerms]),
    key: termsKey(terms),
  };
  creditNearAndSame(row, position);
  return row;
}

/**
 * The row's credits as {@link coverageOf} defines them, for every id given so far, through the ids and near terms of
 * its name's and section's terms (every entry term neither names is credited 0).
 */
function creditNearAndSame(row: PreparedRow, position: PositionTerms): void {
  const byName = creditsById(position.terms, row.termIds, row.near);
  // A position naming the antibody class names antibodies.
  const antibodies = knownTermId(ANTIBODIES);
  if (row.namesAntibodyClass && antibodies >= 0) byName.set(antibodies, 1);
  const section = position.sectionTerms;
  const memo = nearMemoOf(row.weights);
  const bySection = creditsById(section, Int32Array.from(section, knownTermId), section.map((term) => nearTermsOf(term, memo)));
  for (const [id, credit] of byName) addCredit(row, id, credit >= SECTION_CREDIT ? credit : Math.max(credit, SECTION_CREDIT * (bySection.get(id) ?? 0)));
  for (const [id, credit] of bySection) if (!byName.has(id)) addCredit(row, id, SECTION_CREDIT * credit);
}

/** The best credit each entry term gets from a list of terms: 1 for the same term, else the best near credit. */
function creditsById(terms: readonly string[], ids: Int32Array, near: readonly NearTerms[]): Map<number, number> {
  const found = new Map<number, number>();
  for (let i = 0; i < terms.length; i += 1) {
    if (ids[i]! >= 0) found.set(ids[i]!, 1);
    const { ids: nearIds, credits } = near[i]!;
    for (let k = 0; k < nearIds.length; k += 1) if (credits[k]! > (found.get(nearIds[k]!) ?? 0)) found.set(nearIds[k]!, credits[k]!);
  }
  return found;
}

/**
 * The row brought up to the ids given since it was prepared (a candidate met later may bring terms no entry had):
 * its terms' ids and near terms looked up again, each new id credited by comparing its term with the row's.
 */
function upToDate(row: PreparedRow, position: PositionTerms): void {
  const count = termIdCount();
  if (row.idCount === count) return;
  const terms = position.terms;
  const memo = nearMemoOf(row.weights);
  for (let i = 0; i < terms.length; i += 1) {
    row.termIds[i] = knownTermId(terms[i]!);
    row.near[i] = nearTermsOf(terms[i]!, memo);
  }
  for (let id = row.idCount; id < count; id += 1) {
    const term = termOfId(id);
    const byName = term === ANTIBODIES && row.namesAntibodyClass ? 1 : termCredit(term, terms);
    const credit = byName >= SECTION_CREDIT ? byName : Math.max(byName, SECTION_CREDIT * termCredit(term, position.sectionTerms));
    if (credit > 0) addCredit(row, id, credit);
  }
  row.idCount = count;
}

/** How much of an entry's list the position covers, each term by its weight (by its name, else its section). */
/**
 * How much of an entry's list the position covers, each term by its weight and its credit: by its name (a position
 * naming the antibody class names antibodies: `Ig G к грибам рода Candida` covers `Антитела к грибам рода Candida
 * IgG`), else by its section for at most {@link SECTION_CREDIT}. The credits are the row's, by term id (see
 * creditNearAndSame): a typed-array read per term, for this runs for every candidate, reading and rival scope.
 */
function coverageOf(list: CoverageList, position: PositionTerms, row: PreparedRow): number {
  upToDate(row, position);
  const { found, stamp } = creditTableOf(row);
  const generation = row.generation;
  const { ids, weights } = list;
  let total = 0;
  let covered = 0;
  for (let k = 0; k < ids.length; k += 1) {
    const id = ids[k]!;
    const w = weights[k]!;
    total += w;
    covered += w * (stamp[id] === generation ? found[id]! : 0);
  }
  return total === 0 ? 0 : covered / total;
}
