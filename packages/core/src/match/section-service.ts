/**
 * A section that names an antibody test, rows that name only its target: under `Определение специфических IgE к
 * пищевым аллергенам` the rows read `Малина`, `Креветки`, `Мясо индейки`. Such a row is the test its section
 * names, whatever the target is called: the dictionary lists the test once, never each allergen. Only antibody
 * tests (the entry names the class: IgE, IgG, …): a section naming a department, a visit or a study
 * (`Дневной стационар`, `МРТ органов брюшной полости`) heads rows that are services of their own
 * (`Клизма`, `МР-энтерография`), which the dictionary may simply lack.
 */
import type { CandidateIndex, IndexedService } from './candidate-index.js';
import { termCredit, type PositionTerms } from './scorers/term-coverage.js';
import { termClassOf } from './term-classes.js';

/** A section word this close to an entry word is that word (`специфических` for `специфический`; see termCredit). */
const SAME_WORD = 0.9;
/** How many index candidates of the section are examined. */
const SECTION_CANDIDATES = 10;

/**
 * The one antibody test whose name the section heading contains entirely (each word of the entry is in the
 * section, perhaps inflected), when the row's own name says nothing the dictionary knows: none of its words is a
 * dictionary word (numbers and one- or two-letter marks aside, as in `rPhl p 7`), so it names a target, not
 * another service. Null when the row's name has no word or a dictionary word, or when the section contains no
 * such entry or several differently named ones.
 */
export function serviceNamedBySection(row: PositionTerms, index: CandidateIndex): IndexedService | null {
  if (row.sectionTerms.length === 0 || !row.terms.some(saysSomething)) return null;
  if (row.terms.some((term) => saysSomething(term) && index.weights.known(term))) return null;
  const named = index
    .candidates(row.sectionTerms, SECTION_CANDIDATES)
    .filter((entry) => entry.terms.some(isAntibodyClass) && entry.terms.every((term) => termCredit(term, row.sectionTerms) >= SAME_WORD));
  const names = new Set(named.map((entry) => entry.service.name_norm));
  return names.size === 1 ? named[0]! : null;
}

function isAntibodyClass(term: string): boolean {
  return termClassOf(term) === 'antibody';
}

function saysSomething(term: string): boolean {
  return term.length > 2 && !/^\d+$/.test(term);
}
