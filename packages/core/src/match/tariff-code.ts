/**
 * Kazakhstan tariff codes (`A02.004.000`): clean the dictionary's and the clinics' spellings into one
 * Latin form, or reject them.
 */
import { CYRILLIC_TO_LATIN } from '../text/look-alikes.js';

/**
 * Letters that stand for digits in OCR text and typing slips (DESIGN §4: "ВОЗ.155.002" is B03.155.002).
 * Applied only after the first character, where the pattern wants digits.
 */
const DIGIT_LOOK_ALIKES: Readonly<Record<string, string>> = {
  O: '0', О: '0', З: '3', I: '1',
};

/** Letter + 2 digits, then groups of 3 digits; extra `.N` parts are sub-codes some lists add. */
const TARIFF_CODE = /^[A-Z]\d{2}\.\d{3}\.\d{3}(?:\.\d+)*$/;

/**
 * Normalize a tariff code: trim, drop inner spaces, upper-case, map Cyrillic look-alike letters to
 * Latin (`В03.155.002` → `B03.155.002`) and validate against the tariff-code pattern.
 * Returns null for blanks, spreadsheet errors such as `#REF!` and anything else that is not a code.
 */
export function normalizeTariffCode(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const compact = String(raw).replace(/\s+/g, '').toUpperCase();
  if (compact.length < 11) return null;
  const head = compact[0] ?? '';
  const letter = CYRILLIC_TO_LATIN[head] ?? head;
  const tail = compact
    .slice(1)
    .split('')
    .map((ch) => DIGIT_LOOK_ALIKES[ch] ?? ch)
    .join('');
  const code = letter + tail;
  return TARIFF_CODE.test(code) ? code : null;
}

/**
 * The dictionary tariff codes a clinic code may denote: the code itself and, when it extends a tariff
 * code (`A02.020.000.2`), that base code (`A02.020.000`). `[]` for other codes (`U1.1`) and blanks.
 */
export function tariffCodesOf(code: string | null | undefined): string[] {
  const normalized = normalizeTariffCode(code);
  if (!normalized) return [];
  const base = normalized.split('.').slice(0, 3).join('.');
  return base === normalized ? [base] : [normalized, base];
}
