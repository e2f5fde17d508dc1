/**
 * Reading a price out of a cell text as a person would: `12 600`, `12 600,00`, `2099.5`,
 * `1 200,00 тг`, `12,600` (thousands), `₸ 5 000`.
 *
 * Decision on `от 5000` ("from 5000"): kept, as a price with `minimum: true`, so the service is not
 * lost; the row carries a warning and the caller may treat it as a lower bound. Ranges (`5000-7000`),
 * dates, percentages and other text are not prices (`null`).
 */

/** A price read from a cell. */
export interface ParsedPrice {
  readonly value: number;
  /** True for `от 5 000`: the list gives a lower bound, not the price. */
  readonly minimum: boolean;
}

const SPACES = /[\s\u00A0\u2000-\u200B\u202F\u205F\u3000\uFEFF']+/g;
const CURRENCY = /(₸|\bkzt\b|тенге|тңг|тнг|тг\.?|т\.)\s*$/i;
const CURRENCY_PREFIX = /^(₸|kzt)\s*/i;

/** Parses a price cell; `null` when the text is not one price. */
export function parsePrice(text: string | undefined): ParsedPrice | null {
  if (!text) return null;
  let s = text.replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000\uFEFF]/g, ' ').trim().toLowerCase();
  if (s === '') return null;
  let minimum = false;
  const from = /^от\s*/.exec(s);
  if (from) {
    minimum = true;
    s = s.slice(from[0].length);
  }
  s = s.replace(CURRENCY_PREFIX, '').replace(CURRENCY, '').trim();
  s = s.replace(/[.,]\s*-+$/, ''); // `1 200.-` / `1 200,-`
  if (!/^[\d\s.,']+$/.test(s)) return null; // letters, ranges, %, dates with slashes…
  if (/^\d{1,2}\.\d{1,2}\.\d{2,4}$/.test(s)) return null; // a date, 01.02.2024
  const value = toNumber(s);
  if (value === null || value < 0) return null;
  return { value, minimum };
}

// ---------------------------------------------------------------- internal helpers

function toNumber(raw: string): number | null {
  const spaced = raw.trim();
  // Thousands separated by spaces (or apostrophes): `12 600`, `12 600,00`, `12 600.5`.
  if (/\s|'/.test(spaced)) {
    const m = /^(\d{1,3}(?:[\s']+\d{3})+)(?:[.,](\d{1,2}))?$/.exec(spaced);
    if (!m) return null;
    return Number(m[1]!.replace(SPACES, '') + (m[2] ? `.${m[2]}` : ''));
  }
  const s = spaced;
  if (/^\d+$/.test(s)) return Number(s);
  // One separator followed by exactly three digits is a thousands separator: `12,600`, `12.600`
  // (tenge prices do not have three decimals).
  if (/^\d{1,3}(?:,\d{3})+$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d{1,3}(?:\.\d{3})+$/.test(s)) return Number(s.replace(/\./g, ''));
  // `12,600.50` (English) and `12.600,50` (European).
  if (/^\d{1,3}(?:,\d{3})+\.\d{1,2}$/.test(s)) return Number(s.replace(/,/g, ''));
  if (/^\d{1,3}(?:\.\d{3})+,\d{1,2}$/.test(s)) return Number(s.replace(/\./g, '').replace(',', '.'));
  // A decimal: `2099.5`, `2099,50`.
  if (/^\d+[.,]\d{1,2}$/.test(s)) return Number(s.replace(',', '.'));
  return null;
}
