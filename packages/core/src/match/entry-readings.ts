/**
 * The other ways a dictionary name reads. Brackets in the dictionary gloss a name: `УЗИ предстательной железы
 * (простаты)`, `Рентген головы (черепа)`, `ЦМВ (ВПГ-V) Ig G`. A price list may use the name without the gloss
 * (`УЗИ предстательной железы`) or the gloss in place of what it glosses (`Рентгенография черепа`,
 * `УЗИ простаты`), and either is that entry. And a service may go by another name altogether (`Свертываемость
 * крови` is `Время свертывания`): the curated aliases of the dictionary (an {@link AliasTable}, vocabulary.ts).
 */
import { letterDesignationsOf } from './letter-designations.js';
import { normalizeName } from './normalize.js';
import { termClassOf } from './term-classes.js';
import { toTerms } from './terms.js';
import { ADJECTIVE_ENDING } from './tokens.js';
import { BUNDLED_ALIASES, VOCABULARY, type AliasTable } from './vocabulary.js';

/** A final one-word gloss replaces at most this many words before it (`предстательной железы`). */
const MAX_GLOSSED_WORDS = 2;

/** The readings of a dictionary name (see {@link entryReadingsOf}). */
export interface EntryReadings {
  /** The terms outside brackets; the full terms when there are no brackets. */
  readonly unbracketed: string[];
  /** The readings besides the full terms: the unbracketed one when shorter, and the glossed ones. */
  readonly readings: string[][];
  /**
   * The terms of the name's curated aliases, but for a one-term alias the name already has (`Иммуноглобулин M` of
   * `IgM общий` reads `igm`, `Массаж для детей` of `Детский массаж` reads `массаж`: either would take in every
   * name with that one word). `Рентген голени` of `Рентген кости голени` stays.
   */
  readonly aliases: string[][];
}

/**
 * The readings of a dictionary name besides its full terms: the terms outside brackets, and, for a name ending
 * in a one-word gloss, the name with the gloss in place of the word before it, or of an adjective and its noun.
 * A gloss that names a material (`Креатинин (кровь)`) or a number (`Справка в лагерь (071)`) qualifies the name
 * rather than renaming it, and a reading must keep a word of the name besides the gloss (`Кардиотокография
 * (КТГ)` has no other reading than its parts). A bracketed Latin name in place of the word it glosses is one
 * more (`Уреаплазма (Ureaplasma urealyticum) ПЦР` reads `Ureaplasma urealyticum ПЦР`, as lab lists write it). Apart,
 * the name's curated aliases, each read as a name.
 */
export function entryReadingsOf(name: string, fullTerms: readonly string[], aliases: AliasTable = BUNDLED_ALIASES): EntryReadings {
  const outside = termsOf(name.replace(/\([^)]*\)/g, ' '));
  const unbracketed = outside.length > 0 ? outside : [...fullTerms];
  const readings = outside.length > 0 && outside.length < fullTerms.length ? [outside] : [];
  const aliasTerms = aliases
    .aliasesOf(name)
    .map(termsOf)
    .filter((terms) => terms.length > 1 || (terms.length === 1 && !fullTerms.includes(terms[0]!)));
  return {
    unbracketed,
    readings: [...readings, ...glossedReadingsOf(name), ...latinNameReadingsOf(name), ...elementReadingsOf(name)],
    aliases: aliasTerms,
  };
}

/**
 * The terms of a dictionary wording with its letter designations (`Протеин С` → `белок c`): without the letter, the
 * reading outside brackets of `Протеин С (кровь)` would be any protein.
 */
export function termsOf(text: string): string[] {
  return [...new Set([...toTerms(normalizeName(text)), ...letterDesignationsOf(text)])];
}

// ---- internal helpers ----

function glossedReadingsOf(name: string): string[][] {
  const ending = /^(.*[^\s(])\s*\(([^()]*)\)\s*$/.exec(name);
  if (!ending) return [];
  const gloss = termsOf(ending[2]!);
  if (gloss.length !== 1 || /^\d+$/.test(gloss[0]!) || termClassOf(gloss[0]!) !== null) return [];
  const before = termsOf(ending[1]!);
  if (before.includes(gloss[0]!)) return [];
  // One word, or an adjective and its noun (`предстательной железы`), never two nouns: in `МРТ сосудов шеи
  // (ангиография)` the gloss names the method, and `МРТ ангиография` would read as any angiography.
  const words = normalizeName(ending[1]!).split(' ');
  const glossable = ADJECTIVE_ENDING.test(words.at(-2) ?? '') ? MAX_GLOSSED_WORDS : 1;
  const readings: string[][] = [];
  for (let glossed = 1; glossed <= glossable && before.length - glossed >= 1; glossed += 1) {
    readings.push([...before.slice(0, before.length - glossed), gloss[0]!]);
  }
  return readings;
}

/** A word, then a bracket holding only Latin words (a genus, perhaps a species): `Хламидия (Chlamydia trachomatis)`. */
const LATIN_GLOSS = /[а-яё]+\s*\(((?:[a-z]{3,}\.?\s*)+)\)/giu;

function latinNameReadingsOf(name: string): string[][] {
  const readings: string[][] = [];
  for (const gloss of name.matchAll(LATIN_GLOSS)) {
    const reading = termsOf(name.slice(0, gloss.index) + gloss[1]! + name.slice(gloss.index! + gloss[0].length));
    if (reading.length > 0) readings.push(reading);
  }
  return readings;
}

/**
 * The chemical elements the dictionary names with their symbol (`Калий K (кровь)`, `Натрий Na`, `Хлориды Cl`): the
 * Russian name by the symbol. Only these symbols are glosses (`Гепатит B` and `Фактор V` name variants), and not
 * iron: `Железо Fe` without its symbol would read as any gland (`железа`). Data: `assets/vocabulary/chemical-elements.tsv`.
 */
const ELEMENTS: Readonly<Record<string, string>> = VOCABULARY.chemicalElements;
/** The stem of each element's name by its symbol (`K` → `кали`). */
const ELEMENT_STEMS: ReadonlyMap<string, string> = new Map(Object.entries(ELEMENTS).map(([symbol, name]) => [symbol, toTerms(name)[0]!]));
const ELEMENT_TERMS: ReadonlySet<string> = new Set(ELEMENT_STEMS.values());
/** A Russian word, then a Latin symbol standing alone. */
const NAMED_SYMBOL = /([А-ЯЁа-яё]+)\s+([A-Z][a-z]?)(?=$|[\s(,])/gu;

/** The elements among `terms` (`кали`, `натр` …), for telling a panel of electrolytes from one of them. */
export function elementsAmong(terms: readonly string[]): string[] {
  return terms.filter((term) => ELEMENT_TERMS.has(term));
}

/**
 * The name without the symbol of the element it names (`Калий (кровь)` and `Калий` of `Калий K (кровь)`): lab lists
 * write the element, its symbol or both, and the symbol is the element's other name.
 */
function elementReadingsOf(name: string): string[][] {
  const without = name.replace(NAMED_SYMBOL, (whole, word: string, symbol: string) => {
    const stem = ELEMENT_STEMS.get(symbol);
    return stem !== undefined && word.toLowerCase().startsWith(stem) ? word : whole;
  });
  if (without === name) return [];
  const readings = [termsOf(without), termsOf(without.replace(/\([^)]*\)/g, ' '))];
  return readings.filter((terms, i) => terms.length > 0 && (i === 0 || terms.length < readings[0]!.length));
}
