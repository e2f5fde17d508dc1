/**
 * The matching cascade (DESIGN §4). A learned synonym is looked up first: an analyst's decision outranks every
 * machine guess. Then the hand-rule stages run, cheapest first — clinic code (and a certificate's form number) →
 * exact `name_norm` → a specialist's visit → fuzzy term score — and their pick becomes evidence for the ranked stage
 * (ranked-stage.ts), which merges the generators' candidates, orders them by the fitted ranker and takes its
 * calibrated probability as the confidence. Embeddings (when configured) come last. With `ranker: null` the hand
 * rules decide alone, as before the ranker.
 */
import type { LearnedSynonym, MatchCandidate, MatchMethod, Service } from '../storage/records.js';
import { aliasesForDictionary } from './alias-selection.js';
import type { MatchInput, MatchOutcome, MatchThresholds, RowTerms, RuleOutcome } from './match-types.js';
import { createCandidateIndex, type CandidateIndex, type IndexedService } from './candidate-index.js';
import { isAllergenTest } from './allergen-tests.js';
import { createRankedStage, type RankedStage } from './ranked-stage.js';
import { DEFAULT_RANKER_MODEL } from './ranker/default-model.js';
import type { LegacyStage } from './ranker/features.js';
import { createRanker, type RankerModel } from './ranker/ranker.js';
import type { MatchTrace } from './trace.js';
import { isCodeMnemonic } from './code-mnemonic.js';
import { letterDesignationsOf } from './letter-designations.js';
import type { EmbeddingStage } from './embedding-stage.js';
import { elementsAmong } from './entry-readings.js';
import { createFormNumbers } from './form-numbers.js';
import { createSiblingDecider } from './sibling-decider.js';
import { dictionaryStructureOf } from './dictionary-structure.js';
import { createSpecialtyVisits } from './specialty-visit.js';
import { tariffCodesOf } from './tariff-code.js';
import { termClassOf } from './term-classes.js';
import { normalizeName } from './normalize.js';
import { contestedTermsOf, scoreTermCoverage, scoreTermCoverageAbove, type PositionTerms, type TermWeights } from './scorers/term-coverage.js';
import { toTerms } from './terms.js';
import { VOCABULARY, type AliasTable } from './vocabulary.js';

export type { MatchInput, MatchOutcome, MatchThresholds, RowTerms, RuleOutcome } from './match-types.js';

export const DEFAULT_THRESHOLDS: MatchThresholds = { accept: 0.7, queue: 0.35 };

export interface Matcher {
  /** The synchronous stages only (code, exact, synonym, fuzzy). */
  match(input: MatchInput): MatchOutcome;
  /**
   * Every stage, embeddings included when an embedder is configured; one outcome per input, in order.
   * Ingest and the reconciliation service both use this, so they agree on every name.
   */
  matchAll(inputs: readonly MatchInput[], options?: MatchAllOptions): Promise<MatchOutcome[]>;
}

export interface MatchAllOptions {
  /** Receives what the user should know, e.g. that embeddings failed and fuzzy matching stood in. */
  readonly warn?: (message: string) => void;
}

export interface MatcherOptions {
  readonly services: readonly Service[];
  readonly synonyms?: readonly LearnedSynonym[];
  readonly thresholds?: Partial<MatchThresholds>;
  /** The last stage; without it the cascade ends with fuzzy. */
  readonly embeddings?: EmbeddingStage;
  /**
   * Curated aliases of the dictionary's names (vocabulary.ts: `parseAliasTable`, `aliasTableFrom`).
   * @default the bundled aliases when the dictionary is the bundled one, else none (alias-selection.ts)
   */
  readonly aliases?: AliasTable;
  /** Receives what the user should know about the configuration (e.g. alias entries that name no entry). */
  readonly warn?: (message: string) => void;
  /**
   * The fitted ranker (ranker/ranker.ts) that orders the candidates and whose calibrated probability is the
   * confidence; defaults to the bundled model (assets/ranker.json). `null`: the hand-rule cascade alone.
   */
  readonly ranker?: RankerModel | null;
}

/** What the ranker is given for one row: its candidates with their feature vectors (for fitting and eval). */
export interface RowFeatures {
  readonly name_norm: string;
  readonly candidates: readonly { readonly service_id: string; readonly name: string; readonly features: readonly number[] }[];
}

/** A matcher that also shows the ranker's inputs. */
export interface RankingMatcher extends Matcher {
  /** The merged candidates of a row with their feature vectors (ranker/features.ts); `[]` candidates for a synonym. */
  features(input: MatchInput): RowFeatures;
}

/** How many distinct rows a matcher remembers the outcome of (a price list repeats names across sections). */
const CACHE_LIMIT = 50_000;

/**
 * How many index candidates the fuzzy stage scores per name (40 and 10 before the ranker; 25 and 5 gave the same
 * grouped-CV figures and the same hand-rule decisions on the labelled samples, a third faster).
 */
const CANDIDATE_LIMIT = 25;
/** A fuzzy match must beat a differently named runner-up by this much to be automatic. */
const AMBIGUITY_MARGIN = 0.03;
/** How many more candidates the name and section together may bring. */
const SECTION_CANDIDATE_LIMIT = 5;
/** How many candidates a position keeps for the verification queue. */
const KEPT_CANDIDATES = 5;
/** Confidence of a row that names only a specialist, matched to the specialist's visit (specialty-visit.ts). */
const SPECIALTY_CONFIDENCE = 0.9;
/** Confidence of a certificate matched by its form number (form-numbers.ts). */
const FORM_CONFIDENCE = 0.95;
/** A code match needs at least this name similarity: codes are shared by several dictionary entries. */
const CODE_NAME_FLOOR = 0.45;

/** Builds a matcher over one dictionary version and the synonyms learned so far. */
export function createMatcher(options: MatcherOptions): RankingMatcher {
  const thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  const index = createCandidateIndex(options.services, aliasesForDictionary(options.services, options.aliases, options.warn ?? (() => undefined)));
  const visits = createSpecialtyVisits(index.services);
  const forms = createFormNumbers(index.services);
  const servicesById = new Map(options.services.map((s) => [s.service_id, s]));
  const synonyms = new Map<string, string>();
  for (const synonym of options.synonyms ?? []) {
    if (servicesById.has(synonym.service_id)) synonyms.set(synonym.name_norm, synonym.service_id);
  }
  const siblings = createSiblingDecider(dictionaryStructureOf(options.services), options.services);

  const decisions = new Map<string, LearnedSynonym>();
  for (const synonym of options.synonyms ?? []) if (servicesById.has(synonym.service_id)) decisions.set(synonym.name_norm, synonym);
  const ranker = options.ranker === null ? null : createRanker(options.ranker ?? DEFAULT_RANKER_MODEL);
  // The combination guards of the row being decided, by entry: the hand rules and the ranker's trace ask for the same
  // entry more often than not.
  let guards: { row: RowTerms; byEntry: Map<IndexedService, boolean> } | null = null;
  const guarded = (input: MatchInput, row: RowTerms, entry: IndexedService): boolean => {
    if (guards?.row !== row) guards = { row, byEntry: new Map() };
    let fired = guards.byEntry.get(entry);
    if (fired === undefined) guards.byEntry.set(entry, (fired = combinationOf(input, row, entry)));
    return fired;
  };
  const indexedById = new Map(index.services.map((entry) => [entry.service.service_id, entry]));
  const ranked: RankedStage = createRankedStage(index, {
    scoreRow: (row, entry) => round(scoreRow(row, entry, index)),
    guarded,
  });
  const cache = new Map<string, MatchOutcome>();
  const termsMemo = new TermsMemo();

  /** The rows' terms, the term index's candidates scored, and the synonym an analyst decided, if any. */
  const prepare = (input: MatchInput) => {
    const nameNorm = termsMemo.normalized(input.raw_name);
    const plain = positionTermsOf(input, nameNorm, termsMemo);
    const entries = candidatesOf(index, plain);
    const position = withContested(plain, entries, index);
    const scored = scoreCandidates(index, position, entries);
    return { nameNorm, position, entries, scored };
  };

  const decide = (input: MatchInput): MatchOutcome => {
    const { nameNorm, position, entries, scored } = prepare(input);
    const candidates = scored.slice(0, KEPT_CANDIDATES);
    // An analyst's decision outranks every machine guess: a name they decided (typically one the code stage
    // matched too weakly, so the concentrated-group rule sent it to them) keeps their answer in later lists.
    const synonymId = synonyms.get(nameNorm);
    const learned = synonymId ? servicesById.get(synonymId) : undefined;
    if (learned) {
      const decision = decisions.get(nameNorm);
      const trace: MatchTrace = { stage: 'synonym', decision: `${decision?.clinic_id ?? '*'}@${decision?.created_at.slice(0, 10) ?? ''}` };
      return { ...normalized(nameNorm, learned, 1, 'synonym', candidates), trace };
    }
    const rules = ruleOutcome(input, nameNorm, position, scored, candidates);
    if (!ranker) return { ...rules.outcome, trace: { stage: 'rules', ...(rules.stage && { rule: rules.stage }) } };
    return ranked.decide(ranker, { input, nameNorm, position, entries, scored, rules, thresholds });
  };

  /** The hand-rule cascade: code, form number, exact name, specialist's visit, fuzzy term score. */
  const ruleOutcome = (
    input: MatchInput,
    nameNorm: string,
    position: RowTerms,
    scored: readonly MatchCandidate[],
    candidates: readonly MatchCandidate[],
  ): RuleOutcome => {
    const plain = position;
    let stage: LegacyStage | null = null;
    const outcome = (() => {
      const byCode = matchByCode(index, input.code, position);
      const codeTerms = byCode ? index.termsOf(byCode.service.service_id) : [];
      if (byCode && !listsOutsideEntry(input.raw_name, codeTerms) && !namesOtherElements(plain.full.terms, codeTerms)) {
        stage = 'code';
        return normalized(nameNorm, byCode.service, byCode.confidence, 'code', candidates);
      }
      // A certificate's form number is a code too, one the name carries (`ф071/у …` is `Справка в лагерь (071)`).
      const byForm = forms.entryOf(input.raw_name);
      stage = 'rule';
      if (byForm) return normalized(nameNorm, byForm.service, FORM_CONFIDENCE, 'code', candidates);

      // An allergen's name is no service's (`Грибы` under a specific-IgE section is the mushroom).
      const exact = plain.allergen ? [] : index.byNameNorm(nameNorm);
      if (exact.length > 0) {
        // Several specialties may list the same name; the match is right but the entry is a guess.
        stage = 'exact';
        return normalized(nameNorm, exact[0]!.service, exact.length === 1 ? 1 : 0.95, 'exact', candidates);
      }

      const visit = visits.visitOf(plain.full.terms);
      stage = 'rule';
      if (visit) return normalized(nameNorm, visit.service, SPECIALTY_CONFIDENCE, 'fuzzy', candidates);
      stage = 'fuzzy';

      const best = scored[0];
      // Checked last: most rows score below the threshold, and the combination rules read the name again.
      const combination = (entry: MatchCandidate) => guarded(input, position, indexedById.get(entry.service_id)!);
      if (best && best.score >= thresholds.accept && !isAmbiguous(scored) && !combination(best)) {
        return normalized(nameNorm, servicesById.get(best.service_id)!, best.score, 'fuzzy', candidates);
      }
      const plausible = best !== undefined && best.score >= thresholds.queue;
      // DESIGN §4 rule 2: a code mnemonic never goes to the verification queue.
      const status = plausible && !isCodeMnemonic(input.raw_name) ? 'queued' : 'unrecognized';
      return { name_norm: nameNorm, service_id: null, confidence: best?.score ?? 0, method: null, status, candidates } as MatchOutcome;
    })();
    return { outcome, stage: outcome.status === 'normalized' ? stage : null, ambiguous: isAmbiguous(scored) };
  };

  const matcher: RankingMatcher = {
    async matchAll(inputs, matchOptions) {
      const outcomes = inputs.map((input) => matcher.match(input));
      if (!options.embeddings) return outcomes;
      return options.embeddings.apply(inputs, outcomes, matchOptions?.warn ?? (() => undefined));
    },
    match(input) {
      const key = `${input.raw_name}\u0000${input.code ?? ''}\u0000${input.section ?? ''}`;
      const known = cache.get(key);
      if (known) return known;
      // The stages choose an entry; the row's code, method or material then decide between its siblings.
      const outcome = decideSibling(input, decide(input));
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, outcome);
      return outcome;
    },
    features(input) {
      const { nameNorm, position, entries, scored } = prepare(input);
      const rules = ruleOutcome(input, nameNorm, position, scored, scored.slice(0, KEPT_CANDIDATES));
      return { name_norm: nameNorm, candidates: ranked.features({ input, nameNorm, position, entries, scored, rules, thresholds }) };
    },
  };

  /**
   * The sibling the row decides (sibling-decider.ts) in place of the chosen entry; an analyst's synonym stands. When
   * nothing in the row decides and the matcher could not tell the siblings apart either (another of them scores as
   * high as the chosen one: `Калий` against `Калий K (кровь)`, `(моча)`, `(другие материалы)`), an automatic match
   * would be a coin toss: the row goes to the queue, which offers the group first.
   */
  function decideSibling(input: MatchInput, outcome: MatchOutcome): MatchOutcome {
    if (outcome.service_id === null || outcome.method === 'synonym') return outcome;
    const decision = siblings.decide(input, outcome.service_id);
    if (decision.kind === 'switched') {
      // The decided sibling leads the suggestions too, so the queue and the trace speak of the entry chosen.
      const chosen = outcome.candidates.find((c) => c.service_id === decision.service_id);
      const candidates = chosen ? [chosen, ...outcome.candidates.filter((c) => c !== chosen)] : outcome.candidates;
      return { ...outcome, service_id: decision.service_id, candidates };
    }
    if (decision.kind !== 'undecided' || outcome.status !== 'normalized' || outcome.method === 'exact') return outcome;
    const group = new Set(decision.group);
    const chosen = outcome.candidates.find((c) => c.service_id === outcome.service_id);
    const tied = outcome.candidates.some(
      (c) => c.service_id !== outcome.service_id && group.has(c.service_id) && chosen !== undefined && c.score >= chosen.score,
    );
    if (!tied) return outcome;
    const candidates = [...outcome.candidates.filter((c) => group.has(c.service_id)), ...outcome.candidates.filter((c) => !group.has(c.service_id))];
    // DESIGN §4 rule 2: a code mnemonic is never queued.
    const status = isCodeMnemonic(input.raw_name) ? 'unrecognized' : 'queued';
    return { ...outcome, service_id: null, method: null, status, candidates, trace: { ...outcome.trace, guards: [...(outcome.trace?.guards ?? []), 'siblings'] } as MatchTrace };
  }
  return matcher;
}

/**
 * The combination guards for one entry (see below): the row joins services with a plus the entry does not, joins two
 * things with «и» the entry does not name, lists three things with slashes, or names several elements.
 */
function combinationOf(input: MatchInput, row: RowTerms, entry: IndexedService): boolean {
  const entryTerms = entry.terms;
  return (
    (joinsServices(input.raw_name) && !joinsServices(entry.service.name)) ||
    joinsOutsideEntry(input.raw_name, entryTerms) ||
    listsOutsideEntry(input.raw_name, entryTerms) ||
    namesOtherElements(row.full.terms, entryTerms)
  );
}

// ---- internal helpers ----

/**
 * True for a name that joins services with a plus outside brackets (`УЗИ почки + надпочечники`): a
 * combined study or package, which matches only an entry that is such a combination too. A plus inside
 * brackets lists the parts of one service (`Массаж спины (швз+грудной+пко)`).
 */
function joinsServices(name: string): boolean {
  const outside = name.replace(/\([^)]*\)/g, ' ');
  return COMBINATION.joiners.some((sign) => outside.includes(sign));
}

/** The words of the combination guards (assets/vocabulary/combination-guards.tsv). */
const COMBINATION = VOCABULARY.combinationGuards;

/**
 * True for a study whose name joins two things with «и» (`УЗИ печени и желчного пузыря`, `МРТ головного и
 * спинного мозга`) when the entry does not name both sides: the last term before the «и» and the first after it. A
 * combined study or package matches only an entry that combines them too.
 */
function joinsOutsideEntry(rawName: string, entryTerms: readonly string[]): boolean {
  // Only studies: `Массаж спины и позвоночника` is one massage.
  if (!entryTerms.some((term) => termClassOf(term) === 'modality')) return false;
  const parts = normalizeName(rawName.replace(/\([^)]*\)/g, ' ')).split(CONJUNCTION);
  for (let i = 1; i < parts.length; i += 1) {
    const before = toTerms(parts[i - 1]!).at(-1);
    const after = toTerms(parts[i]!)[0];
    if (!before || !after) continue;
    if (!entryTerms.includes(before) || !entryTerms.includes(after)) return true;
  }
  return false;
}

/** A joining word between two words of a normalized name (` и `). */
const CONJUNCTION = new RegExp(` (?:${COMBINATION.conjunctions.map(escapeRegExp).join('|')}) (?=\\S)`);

/** A list separator (`/`). */
const LIST_SEPARATOR = new RegExp(`[${COMBINATION.listSeparators.map(escapeRegExp).join('')}]`);

/** Three or more words joined by list separators: `ANA/AMA/ASMA/PCA`, `пищевода/желудка/12 перстной кишки`. */
const SLASH_LIST = new RegExp(`[a-zа-яё]{2,}(?:\\s*${LIST_SEPARATOR.source}\\s*[a-zа-яё]{2,}){2,}`, 'giu');

/**
 * True for a name listing three or more things with slashes (`антитела к ANA/AMA/ASMA/PCA`) when the entry names
 * fewer than two of them: a panel, which matches only an entry that is such a panel too (`ANA` is one of four).
 */
function listsOutsideEntry(rawName: string, entryTerms: readonly string[]): boolean {
  for (const list of rawName.replace(/\([^)]*\)/g, ' ').match(SLASH_LIST) ?? []) {
    const named = list.split(LIST_SEPARATOR).filter((item) => toTerms(normalizeName(item)).some((term) => entryTerms.includes(term)));
    if (named.length < 2) return true;
  }
  return false;
}

/**
 * True for a row naming several elements when the entry does not name them all (`Электролиты в моче (калий, натрий)`
 * for `Натрий Na (моча)`): a panel of electrolytes, which matches only an entry naming them all or naming electrolytes
 * (`Газы крови, электролиты, добавочные тесты`), by name or by code. One element aside is no panel: `Церулоплазмин
 * (обмен меди)`.
 */
function namesOtherElements(positionTerms: readonly string[], entryTerms: readonly string[]): boolean {
  const elements = elementsAmong(positionTerms);
  if (elements.length < 2 || entryTerms.some((term) => ELEMENT_PANELS.has(term))) return false;
  return elements.some((element) => !entryTerms.includes(element));
}

/** The terms of the words that stand for a panel of elements (`электролиты`). */
const ELEMENT_PANELS = new Set(COMBINATION.elementPanels.flatMap((word) => toTerms(word)));

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

const ALLERGEN_TEST_TERMS = toTerms(normalizeName('IgE специфический аллерген'));

/** A score for the first sentence alone costs this much against the whole name's. */
const HEAD_FACTOR = 0.95;

/**
 * The terms of normalized texts and of section headings, remembered by one matcher: a price list repeats its section
 * headings on every row, and a name's first sentence is often the whole name. The arrays are shared, never changed.
 * Per matcher, so that one matcher's work never speeds up another's (nor its measurement).
 */
class TermsMemo {
  private readonly byText = new Map<string, readonly string[]>();
  private readonly bySection = new Map<string, readonly string[]>();
  private readonly byRaw = new Map<string, string>();

  /**
   * The normalized form of a text (normalize.ts), remembered: a name's first sentence, with and without brackets, is
   * most often the name itself, and names come again under other sections and in other lists.
   */
  normalized(text: string): string {
    let norm = this.byRaw.get(text);
    if (norm === undefined) {
      norm = normalizeName(text);
      if (this.byRaw.size >= RAW_MEMO_LIMIT) this.byRaw.clear();
      this.byRaw.set(text, norm);
    }
    return norm;
  }

  /** The terms of a normalized text. */
  of(textNorm: string): readonly string[] {
    let terms = this.byText.get(textNorm);
    if (terms === undefined) {
      terms = toTerms(textNorm);
      if (this.byText.size >= TERMS_MEMO_LIMIT) this.byText.clear();
      this.byText.set(textNorm, terms);
    }
    return terms;
  }

  /** The terms of a section heading as written. */
  ofSection(section: string): readonly string[] {
    let terms = this.bySection.get(section);
    if (terms === undefined) {
      terms = this.of(normalizeName(section));
      if (this.bySection.size >= TERMS_MEMO_LIMIT) this.bySection.clear();
      this.bySection.set(section, terms);
    }
    return terms;
  }
}

const TERMS_MEMO_LIMIT = 50_000;
/** As many: a price list repeats a name under several sections, a clinic's next edition most of its names. */
const RAW_MEMO_LIMIT = 50_000;

function positionTermsOf(input: MatchInput, nameNorm: string, memo: TermsMemo): RowTerms {
  const sectionTerms = input.section ? memo.ofSection(input.section) : [];
  const nameTerms = memo.of(nameNorm);
  // An allergen test is that, whatever the allergen is called (allergen-tests.ts).
  if (isAllergenTest(input.raw_name, nameTerms, sectionTerms)) {
    return { full: { terms: ALLERGEN_TEST_TERMS, sectionTerms }, heads: [], allergen: true };
  }
  const full = { terms: withLetters(nameTerms, input.raw_name), sectionTerms };
  const sentence = input.raw_name.split(/\.\s+(?=[A-ZА-ЯЁ])/)[0]!;
  const heads: PositionTerms[] = [];
  const texts = [sentence, sentence.replace(/\([^)]*\)/g, ' ')];
  for (let k = 0; k < texts.length; k += 1) {
    const head = texts[k]!;
    // A head written as the whole name, or as the head before it, has their terms: it is not read again.
    if (head === input.raw_name || (k > 0 && head === texts[k - 1])) continue;
    const terms = withLetters(memo.of(memo.normalized(head)), head);
    const seen = [full, ...heads].some((other) => sameTerms(other.terms, terms));
    if (terms.length > 0 && !seen) heads.push({ terms, sectionTerms });
  }
  return { full, heads, allergen: false };
}

function sameTerms(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((term, i) => term === b[i]);
}

/** Terms plus the letter designations of the raw text (`Гепатит С` → `c`), each once. */
function withLetters(terms: readonly string[], raw: string): string[] {
  return [...new Set([...terms, ...letterDesignationsOf(raw)])];
}

function scoreRow(row: RowTerms, entry: IndexedService, index: CandidateIndex): number {
  let score = scoreTermCoverage(row.full, entry, index.weights);
  for (const head of row.heads) {
    // A head that cannot beat the score is not scored (the ceiling is never below the head's score).
    const headScore = scoreTermCoverageAbove(head, entry, index.weights, HEAD_FACTOR, score);
    if (headScore !== null) score = Math.max(score, HEAD_FACTOR * headScore);
  }
  return score;
}

/** The index candidates of a row: by its name, plus a few by its name and section together. */
function candidatesOf(index: CandidateIndex, row: RowTerms): IndexedService[] {
  const { byName, withSection } = index.rowCandidates(row.full.terms, CANDIDATE_LIMIT, row.full.sectionTerms, SECTION_CANDIDATE_LIMIT);
  return [...new Set([...byName, ...withSection])];
}

/**
 * The row with the words its rival candidates explain marked (see contestedTermsOf), name and head alike. A head's
 * are found when first read: most heads are never scored, their ceiling being below the name's score (scoreRow).
 */
function withContested(row: RowTerms, entries: readonly IndexedService[], index: CandidateIndex): RowTerms {
  const full = { ...row.full, contested: contestedTermsOf(row.full, entries, index.weights) };
  return { ...row, full, heads: row.heads.map((head) => withLazyContested(head, entries, index.weights)) };
}

function withLazyContested(head: PositionTerms, entries: readonly IndexedService[], weights: TermWeights): PositionTerms {
  let contested: ReadonlySet<string> | undefined;
  return {
    terms: head.terms,
    sectionTerms: head.sectionTerms,
    get contested() {
      return (contested ??= contestedTermsOf(head, entries, weights));
    },
  };
}

function scoreCandidates(index: CandidateIndex, row: RowTerms, entries: readonly IndexedService[]): MatchCandidate[] {
  return entries.map((entry) => toCandidate(entry, round(scoreRow(row, entry, index)), 'fuzzy')).sort((a, b) => b.score - a.score);
}

/**
 * True when the runner-up, a differently named entry, scores within {@link AMBIGUITY_MARGIN} of the best:
 * `Менингококк (ликвор)` against `Менингококк (носоглотка)` for a name that says neither. A person decides.
 */
function isAmbiguous(scored: readonly MatchCandidate[]): boolean {
  const [best, ...rest] = scored;
  const rival = rest.find((c) => c.name !== best!.name);
  return rival !== undefined && best!.score - rival.score < AMBIGUITY_MARGIN;
}

function matchByCode(
  index: CandidateIndex,
  code: string | null,
  row: RowTerms,
): { service: Service; confidence: number } | null {
  for (const tariffCode of tariffCodesOf(code)) {
    const sharing = index.byTariffCode(tariffCode);
    let best: { entry: IndexedService; score: number } | null = null;
    for (const entry of sharing) {
      const score = scoreRow(row, entry, index);
      if (!best || score > best.score) best = { entry, score };
    }
    if (best && best.score >= CODE_NAME_FLOOR) {
      // The code narrows the candidates; the name decides among the entries sharing it.
      return { service: best.entry.service, confidence: round(Math.min(0.99, 0.5 + 0.5 * best.score)) };
    }
  }
  return null;
}

function normalized(
  nameNorm: string,
  service: Service,
  confidence: number,
  method: MatchMethod,
  candidates: readonly MatchCandidate[],
): MatchOutcome {
  return { name_norm: nameNorm, service_id: service.service_id, confidence, method, status: 'normalized', candidates };
}

function toCandidate(entry: IndexedService, score: number, method: MatchMethod): MatchCandidate {
  return { service_id: entry.service.service_id, name: entry.service.name, score, method };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
