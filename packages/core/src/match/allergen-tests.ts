/**
 * Rows that are allergen-specific IgE tests, whatever the allergen is called. The dictionary lists that test once
 * (`IgE специфический аллергены`), never each allergen, and price lists name the allergen alone as often as not:
 * - by its ImmunoCAP code (`Кунжут, f10`; allergen-codes.ts);
 * - as a panel or mix of allergens (`Панель аллергенов: треска, сельдь …`, `Смесь аллергенов детского питания`);
 * - under a section that names the test (`Определение специфических IgE к пищевым аллергенам` over `Шоколад`,
 *   `Белок яичный`, `Грибы`, which are allergens there, not a protein test or a fungal culture).
 * Skin tests and allergen immunotherapy name allergens too, and are other services (`Кожные пробы с аллергенами`,
 * `Проведение специфической иммунотерапии один аллерген`); a row under such a section that names total IgE or
 * another antibody class (`Ig E общий`, `Тимофеевка rPhl p5, IgG4`) is read on its own, one naming IgE
 * (`Полынь nArt v 3 LTP Ige`) is the section's test.
 */
import { allergenCodeOf } from './allergen-codes.js';
import { termClassOf } from './term-classes.js';
import { VOCABULARY } from './vocabulary.js';

// The words are data: `assets/vocabulary/allergen-tests.tsv` (vocabulary.ts reads it).
/** Words (stems) that make a mention of allergens an allergen test: specific IgE, a panel, a mix. */
const TEST_WORDS: ReadonlySet<string> = new Set(VOCABULARY.allergenTests.testWords);
/** The stem of «общий»: `Ig E общий` is total IgE. */
const TOTAL = VOCABULARY.allergenTests.total;
/** Stems that make a mention of allergens another service: skin and provocation tests, immunotherapy. */
const NOT_A_BLOOD_TEST = new RegExp(`^(?:${VOCABULARY.allergenTests.otherServicePrefixes.map(escapeRegExp).join('|')})`);

/** True for a row that is an allergen-specific IgE test, by its name (terms and raw text) or its section. */
export function isAllergenTest(rawName: string, nameTerms: readonly string[], sectionTerms: readonly string[]): boolean {
  if (allergenCodeOf(rawName) !== null || namesAllergenTest(nameTerms)) return true;
  return namesAllergenTest(sectionTerms) && !nameTerms.some(namesOtherTest);
}

/** A term of a row under an allergen-test section that makes it another test: total IgE, or another antibody class. */
function namesOtherTest(term: string): boolean {
  return term === TOTAL || namesOtherClass(term);
}

/** `igg`, `igg4`, `igm`, `суммарн` …: antibodies other than the IgE this test measures. */
function namesOtherClass(term: string): boolean {
  return term !== 'ige' && (termClassOf(term) === 'antibody' || /^ig[gmae]\d?$/.test(term));
}

function namesAllergenTest(terms: readonly string[]): boolean {
  return (
    terms.includes('аллерген') &&
    terms.some((term) => TEST_WORDS.has(term)) &&
    !terms.some((term) => NOT_A_BLOOD_TEST.test(term) || namesOtherClass(term))
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
