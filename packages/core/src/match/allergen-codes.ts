/**
 * Specific-IgE tests for one allergen are named by the allergen and its ImmunoCAP code
 * (`Кунжут, f10`, `Подорожник, w9`, `Панель …: треска, сельдь. fx74`): the code says what the row is —
 * an allergen-specific IgE test — whatever the allergen's name, which no dictionary lists one by one.
 * Codes: a group letter (f food, w weeds, t trees, g grasses, m moulds, e epidermals, d mites, i insects,
 * k occupational, c drugs, o other, p parasites, h dust) or a mix (fx, gx, tx, wx, mx, ex, hx), 1–3 digits,
 * at the end of the name after a comma or a full stop. Scans read the digits 1 and 0 as the letters l and O
 * (`Пчела медоносная, il`, `Марь белая, wlO`); a code in lower case is read through them.
 */
import { cyrillicLookAlikesToLatin } from '../text/look-alikes.js';
import { VOCABULARY } from './vocabulary.js';

const ALLERGEN_CODE = /[,.]\s*((?:[fwtgmedikcoph]|[fgtwmeh]x)\s?\d{1,3})\s*\)?\s*$/i;
/**
 * The same with digits a scan read as letters, in lower case only: `HSV I, II` is a virus's types, not `i1`. The
 * code's number never begins with 0, so a word such as `со` (`c0`) is no code.
 */
const SCANNED_ALLERGEN_CODE = /[,.]\s*((?:[fwtgmedikcoph]|[fgtwmeh]x)\s?[1-9lI|][0-9lIOo|]{0,2})\s*\)?\s*$/;
/**
 * Same shape, other meaning: thyroid hormones, oestrogens, complement, vitamin D, progesterone
 * (`assets/vocabulary/allergen-tests.tsv`).
 */
const NOT_ALLERGENS: ReadonlySet<string> = new Set(VOCABULARY.allergenTests.notAllergenCodes);

/** The ImmunoCAP allergen code a name ends with (`f10`), or null. OCR look-alikes (`ех73`) are read as Latin. */
export function allergenCodeOf(rawName: string): string | null {
  const text = rawName.normalize('NFKC');
  // Only the tail is read as Latin: the allergen's own name stays Cyrillic.
  const tail = cyrillicLookAlikesToLatin(text.slice(-12));
  const read = text.slice(0, -12) + tail;
  const match = ALLERGEN_CODE.exec(read) ?? SCANNED_ALLERGEN_CODE.exec(read);
  if (!match) return null;
  const code = scannedDigitsRead(match[1]!.replace(/\s+/g, '')).toLowerCase();
  return NOT_ALLERGENS.has(code) ? null : code;
}

/** The code with the letters a scan put for digits read as those digits: `wlO` → `w10`, `gxl` → `gx1`. */
function scannedDigitsRead(code: string): string {
  const group = /^[a-z]x?/i.exec(code)![0];
  return group + code.slice(group.length).replace(/[lI|]/g, '1').replace(/[Oo]/g, '0');
}
