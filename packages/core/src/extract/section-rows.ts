/**
 * Section headings inside a price table (`ПРИЕМ ВРАЧА`, `Раздел 7. Оториноларингология`,
 * `31.2.Общеклинические исследования`) and the other non-service rows: totals and notes.
 */
import { distinctTexts, normalizeCellText } from './cell-text.js';
import { isNoteText } from './note-vocabulary.js';
import { priceRoleOf } from './price-columns.js';
import type { PriceRole } from './price-row.js';

/** Where the name and the row number are, for telling a heading from a service without a price. */
export interface SectionLayout {
  readonly nameColumn: number;
  readonly codeColumn: number | null;
  readonly numberColumn: number | null;
}

/** Longest text taken as a heading; longer lone texts are notes. */
const MAX_SECTION_LENGTH = 160;

/** True for total rows: `Итого`, `Всего`, `Итого по разделу`. */
export function isTotalRow(row: readonly string[]): boolean {
  const first = distinctTexts(row)[0] ?? '';
  return /^(итого|всего|total)(?![а-яa-z])/i.test(first);
}

/** True for notes: `* цены указаны ...`, `Примечание: ...` (the remarks of `assets/vocabulary/note-lines.tsv`). */
export function isNoteRow(row: readonly string[]): boolean {
  return isNoteText(distinctTexts(row)[0] ?? '');
}

/**
 * The heading text when a row without prices is a section heading, else `null`.
 * A heading has one text (a merged cell spread over the row, or a lone text in the name area),
 * optionally with a number in the `№`/code column (`1. | Консультации`), and some letters.
 */
export function sectionTitleOf(row: readonly string[], layout: SectionLayout): string | null {
  if (isTotalRow(row) || isNoteRow(row)) return null;
  // A cell of punctuation alone is a speck of the scan (`36 | Ортопедия детская | ,`), not a text of the row.
  const texts = distinctTexts(row).filter((t) => /[\p{L}\p{N}]/u.test(t));
  if (texts.length === 0) return null;
  let title: string | null = null;
  if (texts.length === 1) {
    title = texts[0]!;
  } else if (texts.length === 2) {
    // `1.2 | Биохимия`: a numbering cell before the heading.
    const name = normalizeCellText(row[layout.nameColumn]);
    const other = texts.find((t) => t !== name) ?? '';
    const numbering = /^(раздел\s*)?[\dIVXivx]+(\.[\dIVXivx]+)*\.?$/.test(other);
    if (name !== '' && numbering) title = `${other} ${name}`;
  }
  if (title === null || title.length > MAX_SECTION_LENGTH || !/[a-zа-яё]{2,}/i.test(title)) return null;
  return title;
}

/**
 * The price role a heading row inside the table names for the rows below it, else `null`: lists with
 * one price column print their tariffs as blocks (`Цена для граждан РК …`, `Цена для граждан стран
 * СНГ …`, `Цена для граждан стран дальнего зарубежья …`), each heading giving the role of the prices
 * under it until the next heading.
 */
export function priceRoleHeadingOf(row: readonly string[]): PriceRole | null {
  const texts = distinctTexts(row);
  if (texts.length !== 1) return null;
  const text = texts[0]!;
  if (!/^(цен[аы]|стоимость|тариф)\s/i.test(text) || !/граждан|резидент|иностран|зарубеж|снг/i.test(text)) return null;
  return priceRoleOf(text);
}
