/**
 * What a piece of page text looks like on its own: a row number, a price (digits, possibly misread by
 * OCR), a header word. Decided without parsing the price: repairing OCR digits is the price parser's job.
 */

/** Header word kinds of a price table. */
export type HeaderKind = 'name' | 'price' | 'number' | 'code' | 'unit' | 'material';

/** Letters OCR commonly reads instead of digits (`1ООО`, `10 80С`, `II 000`). */
const DIGIT_LOOKALIKES = /[ОоOoСсCcЗзIl|!БбВB]/g;

/**
 * Thousands whose zeros OCR read as letters (`3 ООС` for 3 000): a group of real digits, then groups of three
 * made of digits and zero look-alikes only, apart as thousands are printed.
 */
const ZEROED_THOUSANDS = /^\d{1,3}(?:\s[\dОоOoСсCc]{3})+$/;

/**
 * True when a text reads as a number of three or more digits once OCR look-alikes are counted as
 * digits (`12 600`, `10 80С`, `1ООО`), with at least two real digits, or as thousands whose zeros OCR
 * read as letters (`3 ООС`). Codes with dots (`B03.155.002`) and row numbers are not.
 */
export function looksLikePrice(text: string): boolean {
  if (ZEROED_THOUSANDS.test(text.trim().replace(/\s+/g, ' '))) return true;
  const t = text.replace(/\s+/g, '').replace(/(тг|тенге|₸|kzt)\.?$/i, '');
  if (t.length < 3 || t.length > 12) return false;
  if (/\d[.]\d{3}[.]/.test(t) || /^[A-Za-zА-Яа-я]\d{2}[.,]/.test(t)) return false;
  const digits = (t.match(/\d/g) ?? []).length;
  if (digits < 2) return false;
  const lookalikes = (t.match(DIGIT_LOOKALIKES) ?? []).length;
  const decimals = (t.match(/[.,]\d{1,2}$/) ?? [''])[0].length;
  return digits + lookalikes + decimals >= t.length - 1 && digits + lookalikes >= 3;
}

/** True for a row number cell: `1`, `12.`, `.40`, `125`. */
export function looksLikeRowNumber(text: string): boolean {
  return /^[.,]?\d{1,4}[.,]?$/.test(text.replace(/\s+/g, ''));
}

/**
 * The header kinds a text names, tested on its letters with spaces removed so that letter-spaced
 * OCR headers (`Н аи м ен ован и е`) are recognised too.
 */
export function headerKindsOf(text: string): HeaderKind[] {
  const key = text.toLowerCase().replace(/ё/g, 'е');
  const squeezed = key.replace(/\s+/g, '');
  const kinds: HeaderKind[] = [];
  if (/наименовани|название|^тест$|^услуга$|^видуслуг|^исследовани/.test(squeezed)) kinds.push('name');
  if (/цен[аыуе]|стоимост|тариф(?!икатор)|тенге|сумма/.test(squeezed)) kinds.push('price');
  if (/^№|п\/п|^n[°o]?п\/п$/.test(squeezed)) kinds.push('number');
  if (/^код|шифр|кодтариф/.test(squeezed)) kinds.push('code');
  if (/ед\.?изм|единиц/.test(squeezed)) kinds.push('unit');
  if (/^материал|биоматериал/.test(squeezed)) kinds.push('material');
  return kinds;
}
