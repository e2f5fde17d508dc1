/**
 * Medical certificates are known by the number of their form (`ф071/у`, `Форма № 073/у`, `справки (форма
 * №075У)`), and the dictionary names each certificate with it (`Справка в лагерь (071)`, `Медицинская справка (075,
 * ранее 086)`). A form number identifies the certificate the way a tariff code identifies a service, whatever else
 * the row lists (the doctors and tests the certificate takes, with their prices).
 */
import type { IndexedService } from './candidate-index.js';

/** A form number after `ф`, `форма` or `№` (`ф071/у`, `форма № 075`, `№073Ф`). */
const NAMED_FORM = /(?<![а-яёa-z])(?:ф\.?|форм[а-яё]*|№)\s*№?\s*(0\d{2})(?!\d)/giu;
/** A form number followed by the «у» of «учетная» (`065/у`, `071 /у`, `075У`, a scan's `027.'у`). */
const ACCOUNTING_FORM = /(?<![\d.,])(0\d{2})\s*[/.'’]*\s*[уy](?![а-яёa-z])/giu;
/**
 * The current form number of a dictionary entry: the first number in its brackets (`(075, ранее 086)` is 075; the
 * former number may mean something else in a row, such as a duplicate of an old health passport).
 */
const ENTRY_FORM = /\((0\d{2})(?!\d)/u;

/** Finds the certificate a row names by its form number. */
export interface FormNumbers {
  /** The entry whose form the row names; null when it names no entry's form, or the forms of several entries. */
  entryOf(rawName: string): IndexedService | null;
}

export function createFormNumbers(services: readonly IndexedService[]): FormNumbers {
  const byNumber = new Map<string, IndexedService | null>();
  for (const entry of services) {
    const number = ENTRY_FORM.exec(entry.service.name)?.[1];
    if (number === undefined) continue;
    // Two entries with one form number (should a dictionary have them) leave the choice to the name.
    byNumber.set(number, byNumber.has(number) ? null : entry);
  }
  return {
    entryOf(rawName) {
      if (byNumber.size === 0) return null;
      const entries = new Set<IndexedService>();
      for (const number of formNumbersOf(rawName)) {
        const entry = byNumber.get(number);
        if (entry) entries.add(entry);
      }
      return entries.size === 1 ? [...entries][0]! : null;
    },
  };
}

/** The form numbers a row names (`ф071/у` → 071). */
export function formNumbersOf(rawName: string): Set<string> {
  const numbers = new Set<string>();
  for (const pattern of [NAMED_FORM, ACCOUNTING_FORM]) {
    for (const match of rawName.matchAll(pattern)) numbers.add(match[1]!);
  }
  return numbers;
}
