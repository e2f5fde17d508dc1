/**
 * Russian formatting of prices, shares and dates. Intl puts a no-break space between digit groups; the
 * UI keeps it so a price never wraps in the middle.
 *
 * @module
 */

const money = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const integer = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('ru-RU', { style: 'percent', maximumFractionDigits: 0 });
const signedPercent = new Intl.NumberFormat('ru-RU', {
  style: 'percent',
  maximumFractionDigits: 0,
  signDisplay: 'exceptZero',
});
const date = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'short' });

/** `12600` → `12 600 ₸`; `null` → `—`. Tenge are whole numbers in the price lists. */
export function formatPrice(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : `${money.format(value)} ₸`;
}

/** A signed difference in tenge: `+1 200 ₸`, `−800 ₸`. */
export function formatPriceDelta(value: number): string {
  const rounded = Math.round(value);
  if (rounded === 0) return '0 ₸';
  return `${rounded > 0 ? '+' : '−'}${money.format(Math.abs(rounded))} ₸`;
}

/** `1234` → `1 234`. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** `0.823` → `82 %`. */
export function formatShare(value: number): string {
  return tidy(percent.format(value));
}

/** `0.12` → `+12 %`, `-0.3` → `−30 %` (a true minus, like prices), `0` → `0 %`. */
export function formatSignedShare(value: number): string {
  return tidy(signedPercent.format(value)).replace(/^-/, '−');
}

/** `2024-03-01` → `01.03.2024`; a date-only ISO string stays on its calendar day in every time zone. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const parsed = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(parsed.getTime()) ? iso : date.format(parsed);
}

/** An ISO timestamp as local `01.03.2024, 14:05`. */
export function formatDateTime(iso: string): string {
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? iso : dateTime.format(parsed);
}

// ---- internal helpers ----

/** ICU versions differ on the space before `%` (U+00A0 or U+202F); one kind keeps the UI consistent. */
function tidy(text: string): string {
  return text.replace(/\u202f/g, '\u00a0');
}
