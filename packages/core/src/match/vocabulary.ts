/**
 * The matcher's vocabulary, read from the data files of `packages/core/assets/vocabulary/` (docs/matching.md): the
 * term table, noise phrases, stop words, term classes, letter designations, element symbols, the allergen-test words,
 * the methods and materials that tell sibling entries apart, and the aliases of the bundled dictionary's names. This is the one module that parses and validates them; every
 * error names the file and the line.
 *
 * The files are plain text (TSV or one item per line, `#` comments) so that a linguist can edit them. tsup bundles
 * them into `dist/` as strings (its `text` loader; vitest.config.ts does the same for the tests), so the browser-safe
 * entry needs no file system. A deployment with another dictionary brings its own alias file: {@link parseAliasTable}
 * reads one (`loadAliasFile` in `@pricecat/core/node` reads it from disk), and `createMatcher` / `createCatalogue`
 * take it as `aliases`.
 */
import allergenTestsText from '../../assets/vocabulary/allergen-tests.tsv';
import aliasesText from '../../assets/vocabulary/aliases.dictionary.tsv';
import elementsText from '../../assets/vocabulary/chemical-elements.tsv';
import combinationGuardsText from '../../assets/vocabulary/combination-guards.tsv';
import lettersText from '../../assets/vocabulary/letter-designations.tsv';
import materialsText from '../../assets/vocabulary/materials.tsv';
import methodsText from '../../assets/vocabulary/methods.tsv';
import noisePhrasesText from '../../assets/vocabulary/noise-phrases.txt';
import stopWordsText from '../../assets/vocabulary/stop-words.txt';
import classPatternsText from '../../assets/vocabulary/term-class-patterns.tsv';
import termClassesText from '../../assets/vocabulary/term-classes.tsv';
import termsText from '../../assets/vocabulary/terms.tsv';
import { PricecatError } from '../errors.js';
import { normalizeName } from './normalize.js';
import { detail } from '../messages/message-catalogue.js';

/** One row of the term table: the canonical term (one or more words) and its equivalent phrasings. */
export interface TermEquivalence {
  readonly canonical: string;
  readonly variants: readonly string[];
}

/** The classes of terms that must agree for two names to denote one service (term-classes.ts). */
export type TermClass = 'modality' | 'material' | 'antibody' | 'reading' | 'method';

/** The words that tell an allergen-specific IgE test from other services naming allergens (allergen-tests.ts). */
export interface AllergenTestWords {
  /** Stems that make a mention of allergens an allergen test (`ige`, `специфическ`, `панел`, `смес`). */
  readonly testWords: readonly string[];
  /** The stem of «общий»: total IgE. */
  readonly total: string;
  /** Stem beginnings that make a mention of allergens another service (skin tests, immunotherapy). */
  readonly otherServicePrefixes: readonly string[];
  /** Codes shaped like an ImmunoCAP code that mean something else (`t4`, `e2`, `d3`). */
  readonly notAllergenCodes: readonly string[];
}

/**
 * Curated aliases of one dictionary's entry names: other names under which exactly that service appears in price
 * lists. Built by {@link parseAliasTable} or {@link aliasTableFrom}.
 */
export interface AliasTable {
  /** Where the table comes from (a file name), for messages. */
  readonly source: string;
  /** Entry name as written in the table → its aliases, in the table's order. */
  readonly entries: ReadonlyMap<string, readonly string[]>;
  /** The aliases of a dictionary name (compared on its normalized form); `[]` when it has none. */
  aliasesOf(name: string): readonly string[];
}

/** The bundled vocabulary, parsed once. */
export interface Vocabulary {
  readonly terms: readonly TermEquivalence[];
  /** Noise phrases as regular expressions anchored on the spaces around them (flag `g`), in file order. */
  readonly noisePhrases: readonly RegExp[];
  readonly stopWords: ReadonlySet<string>;
  /** Class members by class (the `method` class has none: it is a pattern). */
  readonly termClasses: Readonly<Record<TermClass, readonly string[]>>;
  /** Classes recognized by a pattern on the term (the laboratory methods). */
  readonly classPatterns: ReadonlyMap<TermClass, RegExp>;
  /** Cyrillic capital letter → the Latin letter it designates (`С` → `c`). */
  readonly letterDesignations: Readonly<Record<string, string>>;
  /** Element symbol → its Russian name (`K` → `калий`). */
  readonly chemicalElements: Readonly<Record<string, string>>;
  readonly allergenTests: AllergenTestWords;
  /** Laboratory methods that tell sibling entries apart: method key → a pattern its terms match (`ифа`, `ихл`). */
  readonly methods: FeatureWords;
  /** Materials that tell sibling entries apart: material key → a pattern its terms match (`кровь`, `моча`). */
  readonly materials: FeatureWords;
  readonly combinationGuards: CombinationGuardWords;
}

/** The words of the combination guards (cascade.ts): what joins services, lists a panel, stands for a panel. */
export interface CombinationGuardWords {
  /** Signs that join services outside brackets (`+`). */
  readonly joiners: readonly string[];
  /** Words that join two things in a study's name (`и`). */
  readonly conjunctions: readonly string[];
  /** Signs between the items of a list (`/`). */
  readonly listSeparators: readonly string[];
  /** Words of an entry that stands for a panel of elements (`электролиты`). */
  readonly elementPanels: readonly string[];
}

/** Named features stated by terms: key → a pattern a term matches when it states that feature. */
export type FeatureWords = ReadonlyMap<string, RegExp>;

/** The file names of the bundled vocabulary, inside `packages/core/assets/vocabulary/`. */
export const VOCABULARY_FILES = {
  terms: 'terms.tsv',
  noisePhrases: 'noise-phrases.txt',
  stopWords: 'stop-words.txt',
  termClasses: 'term-classes.tsv',
  classPatterns: 'term-class-patterns.tsv',
  letterDesignations: 'letter-designations.tsv',
  chemicalElements: 'chemical-elements.tsv',
  allergenTests: 'allergen-tests.tsv',
  methods: 'methods.tsv',
  materials: 'materials.tsv',
  combinationGuards: 'combination-guards.tsv',
  aliases: 'aliases.dictionary.tsv',
} as const;

const TERM_CLASSES: readonly TermClass[] = ['modality', 'material', 'antibody', 'reading', 'method'];

/**
 * Parses the combination guards' words (`list<TAB>item item …`): the four lists, each present and non-empty; signs
 * (joiners, list separators) are single characters that are neither letters nor digits nor spaces, words are words.
 */
export function parseCombinationGuards(text: string, file: string): CombinationGuardWords {
  const lists = parseWordLists(text, file, ['joiners', 'conjunctions', 'list-separators', 'element-panels'] as const);
  const get = (name: string, item: RegExp, what: string): string[] => {
    const items = lists.get(name as 'joiners') ?? [];
    if (items.length === 0) fail(`${file}: the list «${name}» is missing or empty`);
    for (const value of items) if (!item.test(value)) fail(`${file}: «${value}» in «${name}» is not ${what}`);
    return items;
  };
  const sign = /^[^\p{L}\p{N}\s]$/u;
  const word = /^[\p{Ll}\p{N}]+$/u;
  return {
    joiners: get('joiners', sign, 'one sign (neither a letter nor a digit)'),
    conjunctions: get('conjunctions', word, 'a lower-case word'),
    listSeparators: get('list-separators', sign, 'one sign (neither a letter nor a digit)'),
    elementPanels: get('element-panels', word, 'a lower-case word'),
  };
}

/** Parses the term table (`canonical<TAB>variant | variant …`); a phrasing may belong to one row only. */
export function parseTermTable(text: string, file: string): TermEquivalence[] {
  const rows: TermEquivalence[] = [];
  const rowOf = new Map<string, number>();
  for (const line of dataLines(text)) {
    const [canonical, variantsField] = fields(line, file, 2);
    const variants = list(variantsField!, ' | ', line, file, 'phrasing');
    const at = (what: string) => `${file}:${line.number}: ${what}`;
    if (normalizeName(canonical!).length === 0) fail(at(`the canonical term «${canonical}» has no letters or digits`));
    for (const variant of variants) {
      if (normalizeName(variant).length === 0) fail(at(`the phrasing «${variant}» has no letters or digits`));
      if (variant !== variant.toLowerCase()) fail(at(`the phrasing «${variant}» must be written in lower case`));
      const earlier = rowOf.get(variant);
      if (earlier !== undefined) fail(at(`the phrasing «${variant}» is already a phrasing of line ${earlier}`));
      rowOf.set(variant, line.number);
    }
    rows.push({ canonical: canonical!, variants });
  }
  return rows;
}

/** Parses regular expressions, one per line, each wrapped by `wrap` and compiled with `flags`. */
export function parsePatterns(text: string, file: string, wrap: (source: string) => string, flags: string): RegExp[] {
  return dataLines(text).map((line) => compile(wrap(line.text.trim()), flags, line, file));
}

/** Parses words separated by white space, any number per line; each word once. */
export function parseWords(text: string, file: string): string[] {
  const words: string[] = [];
  for (const line of dataLines(text)) {
    for (const word of line.text.trim().split(/\s+/)) {
      if (words.includes(word)) fail(`${file}:${line.number}: «${word}» is listed twice`);
      words.push(word);
    }
  }
  return words;
}

/**
 * Parses named word lists (`name<TAB>word word …`; a name may take several lines). Only the `allowed` names are
 * accepted.
 */
export function parseWordLists<K extends string>(text: string, file: string, allowed: readonly K[]): Map<K, string[]> {
  const lists = new Map<K, string[]>();
  for (const line of dataLines(text)) {
    const [name, words] = fields(line, file, 2);
    if (!(allowed as readonly string[]).includes(name!)) {
      fail(`${file}:${line.number}: unknown list «${name}»; expected one of ${allowed.join(', ')}`);
    }
    const members = lists.get(name as K) ?? [];
    for (const word of words!.trim().split(/\s+/)) {
      if (word.length === 0) continue;
      if (members.includes(word)) fail(`${file}:${line.number}: «${word}» is listed twice in «${name}»`);
      members.push(word);
    }
    lists.set(name as K, members);
  }
  return lists;
}

/** Parses a two-column table (`key<TAB>value`), keys once each; `check` validates a row (returns an error or null). */
export function parsePairs(text: string, file: string, check: (key: string, value: string) => string | null): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const line of dataLines(text)) {
    const [key, value] = fields(line, file, 2);
    if (Object.hasOwn(pairs, key!)) fail(`${file}:${line.number}: «${key}» is listed twice`);
    const problem = check(key!, value!);
    if (problem) fail(`${file}:${line.number}: ${problem}`);
    pairs[key!] = value!;
  }
  return pairs;
}

/**
 * Parses named features (`key<TAB>word word …`): each word a term, `*` standing for any letters; a key may take
 * several lines. The words of a key become one anchored pattern.
 */
export function parseFeatureWords(text: string, file: string): Map<string, RegExp> {
  const words = new Map<string, string[]>();
  for (const line of dataLines(text)) {
    const [key, field] = fields(line, file, 2);
    const list = words.get(key!) ?? [];
    for (const word of field!.split(/\s+/)) {
      if (!/^[\p{L}\p{N}*]+$/u.test(word) || word.replace(/\*/g, '').length === 0) {
        fail(`${file}:${line.number}: «${word}» is not a word (letters and digits, \`*\` for any letters)`);
      }
      if (word !== word.toLowerCase()) fail(`${file}:${line.number}: «${word}» must be written in lower case`);
      list.push(word.replace(/\*/g, '\\p{L}*'));
    }
    words.set(key!, list);
  }
  return new Map([...words].map(([key, list]) => [key, new RegExp(`^(?:${list.join('|')})$`, 'u')]));
}

/**
 * Parses an alias file: `entry name<TAB>alias | alias …`, one entry per line, `#` comments; or, for a file whose
 * text starts with `{`, a JSON object `{ "entry name": ["alias", …] }`. An entry may be listed once (names are
 * compared normalized), an alias must not be blank or repeat its entry's name.
 * @throws PricecatError `INVALID_INPUT` naming the file and line of the first problem.
 */
export function parseAliasTable(text: string, file: string): AliasTable {
  if (text.trimStart().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      fail(`${file}: not valid JSON (${(error as Error).message})`);
    }
    return aliasTableFrom(parsed as Record<string, readonly string[]>, file);
  }
  const entries: [string, string[], number][] = [];
  for (const line of dataLines(text)) {
    const [name, aliases] = fields(line, file, 2);
    entries.push([name!, list(aliases!, ' | ', line, file, 'alias'), line.number]);
  }
  return buildAliasTable(entries, file);
}

/**
 * An alias table from an object (`{ "entry name": ["alias", …] }`), as a library user may pass one.
 * @throws PricecatError `INVALID_INPUT` for a value that is not a list of strings, a blank alias or an entry listed
 *   twice (after normalization).
 */
export function aliasTableFrom(record: Readonly<Record<string, readonly string[]>>, source = 'aliases'): AliasTable {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) fail(`${source}: expected an object of entry name → aliases`);
  const entries: [string, string[], number | null][] = Object.entries(record).map(([name, aliases]) => {
    if (!Array.isArray(aliases) || aliases.some((alias) => typeof alias !== 'string')) {
      fail(`${source}: the aliases of «${name}» must be a list of strings`);
    }
    return [name, [...aliases], null];
  });
  return buildAliasTable(entries, source);
}

/** What {@link checkAliasTable} found: entry names of the table that name no entry of the dictionary. */
export interface AliasCheck {
  /** How many entry names the table has. */
  readonly entries: number;
  /** The table's entry names that name no dictionary entry, in table order. */
  readonly unknown: readonly string[];
}

/** Compares an alias table's entry names with a dictionary's names (both normalized). */
export function checkAliasTable(table: AliasTable, names: Iterable<string>): AliasCheck {
  const known = new Set<string>();
  for (const name of names) known.add(normalizeName(name));
  const unknown = [...table.entries.keys()].filter((name) => !known.has(normalizeName(name)));
  return { entries: table.entries.size, unknown };
}

/** A table without aliases. */
export const NO_ALIASES: AliasTable = aliasTableFrom({}, 'no aliases');

/** The bundled vocabulary. */
export const VOCABULARY: Vocabulary = parseBundledVocabulary();

/** The aliases of the bundled dictionary's names (`assets/vocabulary/aliases.dictionary.tsv`). */
export const BUNDLED_ALIASES: AliasTable = parseAliasTable(aliasesText, VOCABULARY_FILES.aliases);

/** The term table (kept under its former name: part of the public API). */
export const TERM_EQUIVALENCES: readonly TermEquivalence[] = VOCABULARY.terms;

// ---- internal helpers ----

interface Line {
  readonly number: number;
  readonly text: string;
}

/** The lines that hold data: not blank, not a `#` comment; numbered from 1. */
function dataLines(text: string): Line[] {
  return text
    .split(/\r?\n/)
    .map((lineText, i) => ({ number: i + 1, text: lineText }))
    .filter((line) => line.text.trim().length > 0 && !line.text.trimStart().startsWith('#'));
}

/** The TAB-separated fields of a line, exactly `count` of them, each trimmed and not blank. */
function fields(line: Line, file: string, count: number): string[] {
  const parts = line.text.split('\t').map((part) => part.trim());
  if (parts.length !== count || parts.some((part) => part.length === 0)) {
    fail(`${file}:${line.number}: expected ${count} fields separated by a TAB, found «${line.text}»`);
  }
  return parts;
}

function list(field: string, separator: string, line: Line, file: string, what: string): string[] {
  const items = field.split(separator).map((item) => item.trim());
  const blank = items.findIndex((item) => item.length === 0 || item.includes('|'));
  if (blank >= 0) fail(`${file}:${line.number}: ${what} ${blank + 1} is blank or holds a stray «|» (separate with « | »)`);
  const twice = items.find((item, i) => items.indexOf(item) !== i);
  if (twice !== undefined) fail(`${file}:${line.number}: the ${what} «${twice}» is listed twice`);
  return items;
}

function compile(source: string, flags: string, line: Line, file: string): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    fail(`${file}:${line.number}: not a valid regular expression (${(error as Error).message})`);
  }
}

function buildAliasTable(entries: readonly (readonly [string, string[], number | null])[], source: string): AliasTable {
  const byNorm = new Map<string, readonly string[]>();
  const lineOf = new Map<string, string>();
  const ordered = new Map<string, readonly string[]>();
  for (const [name, aliases, lineNumber] of entries) {
    const where = lineNumber === null ? `${source}: «${name}»` : `${source}:${lineNumber}`;
    const norm = normalizeName(name);
    if (norm.length === 0) fail(`${where}: the entry name «${name}» has no letters or digits`);
    const earlier = lineOf.get(norm);
    if (earlier !== undefined) fail(`${where}: the entry «${name}» is already listed (${earlier})`);
    lineOf.set(norm, lineNumber === null ? `«${name}»` : `line ${lineNumber}`);
    for (const alias of aliases) {
      if (normalizeName(alias).length === 0) fail(`${where}: the alias «${alias}» has no letters or digits`);
      if (normalizeName(alias) === norm) fail(`${where}: the alias «${alias}» is the entry's own name`);
    }
    byNorm.set(norm, aliases);
    ordered.set(name, aliases);
  }
  return { source, entries: ordered, aliasesOf: (name) => byNorm.get(normalizeName(name)) ?? [] };
}

function parseBundledVocabulary(): Vocabulary {
  const files = VOCABULARY_FILES;
  const classLists = parseWordLists(termClassesText, files.termClasses, TERM_CLASSES);
  const termClasses = Object.fromEntries(TERM_CLASSES.map((cls) => [cls, classLists.get(cls) ?? []])) as Record<TermClass, string[]>;
  const classPatterns = new Map<TermClass, RegExp>();
  for (const line of dataLines(classPatternsText)) {
    const [cls, source] = fields(line, files.classPatterns, 2);
    if (!TERM_CLASSES.includes(cls as TermClass)) fail(`${files.classPatterns}:${line.number}: unknown class «${cls}»`);
    if (classPatterns.has(cls as TermClass)) fail(`${files.classPatterns}:${line.number}: a second pattern for «${cls}»`);
    classPatterns.set(cls as TermClass, compile(source!, '', line, files.classPatterns));
  }
  const allergen = parseWordLists(allergenTestsText, files.allergenTests, ['test-words', 'total', 'other-service-prefixes', 'not-allergen-codes'] as const);
  const total = allergen.get('total') ?? [];
  if (total.length !== 1) fail(`${files.allergenTests}: the list «total» must hold exactly one stem`);
  return {
    terms: parseTermTable(termsText, files.terms),
    noisePhrases: parsePatterns(noisePhrasesText, files.noisePhrases, (source) => `(?<= )(?:${source})(?= )`, 'g'),
    stopWords: new Set(parseWords(stopWordsText, files.stopWords)),
    termClasses,
    classPatterns,
    letterDesignations: parsePairs(lettersText, files.letterDesignations, (letter, latin) =>
      /^[А-ЯЁ]$/.test(letter) && /^[a-z]$/.test(latin) ? null : `expected a Cyrillic capital letter and a lower-case Latin letter, found «${letter}», «${latin}»`,
    ),
    chemicalElements: parsePairs(elementsText, files.chemicalElements, (symbol, name) =>
      /^[A-Z][a-z]?$/.test(symbol) && /^[а-яё]+$/.test(name) ? null : `expected an element symbol and a lower-case Russian name, found «${symbol}», «${name}»`,
    ),
    allergenTests: {
      testWords: allergen.get('test-words') ?? [],
      total: total[0]!,
      otherServicePrefixes: allergen.get('other-service-prefixes') ?? [],
      notAllergenCodes: allergen.get('not-allergen-codes') ?? [],
    },
    methods: parseFeatureWords(methodsText, files.methods),
    materials: parseFeatureWords(materialsText, files.materials),
    combinationGuards: parseCombinationGuards(combinationGuardsText, files.combinationGuards),
  };
}

function fail(message: string): never {
  throw new PricecatError('INVALID_INPUT', detail('VOCABULARY_INVALID', { problem: message }));
}
