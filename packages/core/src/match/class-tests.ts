/**
 * Tests the dictionary lists once for a whole class of analytes, while price lists list each member under a
 * section that names the class: `Сурьма (Sd) в моче`, `Берилий (Be) в крови` under `Определение тяжелых металлов`,
 * `Ламотриджин (хроматография)` under `Лекарственный мониторинг`. Such a row is the class's test, provided it names
 * nothing the dictionary knows itself (its material, method, numbers and symbols aside) and does not name a class
 * itself: `Медь Cu (кровь)` has an entry of its own, `Эссенциальные микроэлементы: I, Se, Zn` is a panel, and a row
 * that says more than its member is left to the scorer and a person.
 *
 * A curated table, like the term table (term-table.ts): which dictionary entries stand for a class, and the
 * phrasings of a section that name the class. (The allergen-specific IgE test, whose rows also come with codes and
 * panels, has a module of its own: allergen-tests.ts.) A section names a class when it contains every word of one
 * phrasing, inflected or not; an entry absent from the dictionary in use leaves its row inert.
 */
import type { CandidateIndex, IndexedService } from './candidate-index.js';
import { normalizeName } from './normalize.js';
import { termCredit } from './scorers/term-coverage.js';
import { termClassOf } from './term-classes.js';
import { toTerms } from './terms.js';

interface ClassTest {
  /** The dictionary entry's name. */
  readonly entry: string;
  /** Phrasings of a section heading that name the class. */
  readonly sections: readonly string[];
}

export const CLASS_TESTS: readonly ClassTest[] = [
  { entry: 'Металлические яды', sections: ['металлические яды', 'тяжелые металлы', 'токсичные металлы', 'токсичные микроэлементы'] },
  { entry: 'Лекарственный мониторинг', sections: ['лекарственный мониторинг', 'терапевтический лекарственный мониторинг'] },
];

/** A section word this close to a phrasing's word is that word (`тяжелых` for `тяжелые`; see termCredit). */
const SAME_WORD = 0.9;

const PHRASINGS = CLASS_TESTS.map((test) => ({
  nameNorm: normalizeName(test.entry),
  sections: test.sections.map((section) => toTerms(normalizeName(section))),
}));

/**
 * The class test a row is a member of, by its section: null when the section names no class, several, or one
 * whose entry the dictionary lacks, or when the row's name has a word the dictionary knows.
 */
export function classTestOf(nameTerms: readonly string[], sectionTerms: readonly string[], index: CandidateIndex): IndexedService | null {
  if (sectionTerms.length === 0 || !nameTerms.some(namesMember)) return null;
  if (nameTerms.some((term) => namesMember(term) && index.weights.known(term) && !isContext(term))) return null;
  const named = PHRASINGS.filter((test) =>
    test.sections.some((phrasing) => phrasing.every((term) => termCredit(term, sectionTerms) >= SAME_WORD)),
  );
  if (named.length !== 1) return null;
  // A row naming a class itself is a panel or another grouping (`Эссенциальные микроэлементы: I, Se, Zn` under
  // `Тяжелые металлы, эссенциальные и токсичные микроэлементы`), not one member: a person decides.
  if (named[0]!.sections.some((phrasing) => phrasing.some((term) => termCredit(term, nameTerms) >= SAME_WORD))) return null;
  return index.byNameNorm(named[0]!.nameNorm)[0] ?? null;
}

/** A word that can name a member: not a number, not a one- or two-letter symbol (`Sd`, `Pb`, `Li`). */
function namesMember(term: string): boolean {
  return term.length > 2 && !/^\d+$/.test(term);
}

/** The material or the method of a test (`в моче`, `хроматография`): what it is run on or how, not what it finds. */
function isContext(term: string): boolean {
  const cls = termClassOf(term);
  return cls === 'material' || cls === 'method';
}
