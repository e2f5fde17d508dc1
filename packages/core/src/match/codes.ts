/**
 * Clinic service codes as evidence: a price-list code that equals or extends a dictionary tariff code
 * (`A02.020.000.2` → `A02.020.000`, OCR `ВОЗ.155.002` → `B03.155.002`).
 */

/** Cyrillic letters that look like Latin capitals, and digits OCR reads as letters inside codes. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', К: 'K', М: 'M', О: 'O', Р: 'P', Т: 'T', Х: 'X', У: 'Y',
};

const TARIFF_CODE = /^([A-Z])(\d{2})\.(\d{3})\.(\d{3})((?:\.\d+)*)$/;

/**
 * A clinic code in canonical form: upper case, Cyrillic look-alikes as Latin, spaces removed, and the
 * letter `O` read as zero where a digit is expected. Returns null for an empty code.
 */
export function normalizeCode(code: string | null | undefined): string | null {
  if (!code) return null;
  const compact = code.toUpperCase().replace(/\s+/g, '').replace(/[АВСЕНКМОРТХУ]/g, (ch) => LOOK_ALIKES[ch] ?? ch);
  if (compact.length === 0) return null;
  // Only the letter position of a tariff code is a letter; in the digit groups, O and З are OCR'd 0 and 3.
  const repaired = compact.replace(/^([A-Z])([0-9OЗ]{2})\.([0-9OЗ]{3})\.([0-9OЗ]{3})/, (_m, letter: string, a: string, b: string, c: string) =>
    `${letter}${toDigits(a)}.${toDigits(b)}.${toDigits(c)}`,
  );
  return repaired;
}

/**
 * The dictionary tariff codes a clinic code may denote: the code itself when it has the tariff shape,
 * and its base when it extends one (`A02.020.000.2` → `A02.020.000`). `[]` for other codes (`U1.1`).
 */
export function tariffCodesOf(code: string | null | undefined): string[] {
  const normalized = normalizeCode(code);
  if (!normalized) return [];
  const match = TARIFF_CODE.exec(normalized);
  if (!match) return [];
  const base = `${match[1]}${match[2]}.${match[3]}.${match[4]}`;
  return match[5] ? [normalized, base] : [base];
}

// ---- internal helpers ----

function toDigits(group: string): string {
  return group.replace(/O/g, '0').replace(/З/g, '3');
}
