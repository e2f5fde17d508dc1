/**
 * Cell text clean-up shared by the row-extraction steps.
 */

/** Non-breaking, thin, figure and other Unicode spaces that price lists use inside numbers and names. */
const UNICODE_SPACES = /[\u00A0\u2000-\u200B\u202F\u205F\u3000\uFEFF]/g;

/** Collapses all whitespace (line breaks, NBSP, thin spaces) to single spaces and trims. */
export function normalizeCellText(text: string | undefined): string {
  if (!text) return '';
  return text.replace(UNICODE_SPACES, ' ').replace(/\s+/g, ' ').trim();
}

/** Lower-cased, `ё`→`е`, whitespace-collapsed text for keyword tests on headers. */
export function toKeyText(text: string | undefined): string {
  return normalizeCellText(text).toLowerCase().replace(/ё/g, 'е');
}

/** The distinct non-empty texts of a row in order (merged cells repeat one text over many cells). */
export function distinctTexts(row: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const cell of row) {
    const text = normalizeCellText(cell);
    if (text !== '' && !seen.has(text)) {
      seen.add(text);
      out.push(text);
    }
  }
  return out;
}
