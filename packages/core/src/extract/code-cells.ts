/**
 * Service codes as a scan's text layer gives them: a code found in a cell whatever the OCR did to it
 * (spaces inside `В0 6.445.006`, letters read for digits `ВОб.351.006`, `.ll` for `.11`, a section heading
 * glued before it), and the code column of a table whose header names none, recognised by its cells.
 */
import { normalizeCellText } from './cell-text.js';
import { CYRILLIC_TO_LATIN } from '../text/look-alikes.js';

/** Letters and marks a scan reads for digits; only read so where the code's shape wants a digit. */
const DIGIT_LOOK_ALIKES: Readonly<Record<string, string>> = {
  O: '0', o: '0', О: '0', о: '0', З: '3', з: '3', l: '1', I: '1', '|': '1', і: '1', б: '6',
};
/** Cyrillic letters a scan reads for a tariff code's Latin first letter, beyond the usual twins (`Ь06.457.006.314`). */
const HEAD_LOOK_ALIKES: Readonly<Record<string, string>> = { ...CYRILLIC_TO_LATIN, Ь: 'B' };
/** One digit or its look-alike. */
const D = '[0-9OoОоЗзlI|іб]';
/**
 * A code: a head (a letter and two digits `B06`, one to three letters `СН`, or two or three digits `20`), then
 * two dotted groups of one to four digits and any sub-codes (a comma read for a sub-code's dot: `В06.592.005,2`), any
 * of them with spaces inside; never part of a longer word.
 */
const CODE_TOKEN = new RegExp(
  `(?<![\\p{L}\\p{N}])((?:[A-ZА-ЯЁ](?:\\s?${D}){2}|[A-ZА-ЯЁ]{1,3}|${D}(?:\\s?${D}){1,2})(?:\\s?\\.\\s?${D}(?:\\s?${D}){0,3}){2}(?:(?:\\s?\\.\\s?|,)${D}(?:\\s?${D}){0,3})*)(?![\\p{L}\\p{N}])`,
  'u',
);
/** The tariff code's shape (the dictionary's): a Latin letter, two digits, groups of three, optional sub-codes. */
const TARIFF_SHAPE = /^[A-Z]\d{2}\.\d{3}\.\d{3}(?:\.\d{1,4})*$/;
/** A date (`01.02.2026`), never a code. */
const DATE = /^(0?[1-9]|[12]\d|3[01])\.(0?[1-9]|1[0-2])\.(19|20)?\d{2}$/;

/** Rows below the header a code column is recognised from, and the share and number of its cells that must hold a code. */
const CODE_SAMPLE_ROWS = 60;
const MIN_CODE_SHARE = 0.6;
const MIN_CODE_CELLS = 3;

/**
 * The code in `text` with the scan's damage undone, or `null` when it holds none: spaces dropped, look-alike
 * letters read as digits where the shape wants digits, a tariff code's Cyrillic first letter read as its Latin
 * twin (`ВОб.3 5 1.006` → `B06.351.006`, `B0 6.4 5 7.0 0 6.ll` → `B06.457.006.11`, `СН.0 0 1.075` →
 * `СН.001.075`).
 */
export function codeIn(text: string): string | null {
  const match = CODE_TOKEN.exec(text);
  if (!match) return null;
  const code = repairCode(match[1]!);
  return code === null || DATE.test(code) ? null : code;
}

/** Where `text` holds a code: the code and the text around it (a heading glued before it), else `null`. */
export function splitCode(text: string): { code: string; rest: string } | null {
  const match = CODE_TOKEN.exec(text);
  if (!match) return null;
  const code = repairCode(match[1]!);
  if (code === null || DATE.test(code)) return null;
  const rest = (text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length)).replace(/\s+/g, ' ').trim();
  return { code, rest };
}

/** True when `code` has the tariff code's shape (`B06.457.006`, `B06.457.006.11`). */
export function isTariffShaped(code: string): boolean {
  return TARIFF_SHAPE.test(code);
}

/**
 * A code cell's code: the code it holds, repaired ({@link codeIn}); the cell as it is when it holds no code of
 * that shape (`U1.1`, `А01-001`); `null` when empty.
 */
export function codeCellText(raw: string | undefined): string | null {
  const text = normalizeCellText(raw);
  if (text === '') return null;
  return codeIn(text) ?? text;
}

/**
 * The code column of a table whose header names none (a page continuing a table whose header was merged
 * over the name and the codes): the column, not in `taken`, whose cells below the header mostly hold a code
 * (at least 60 % of its non-empty cells, at least three); the one with most such cells. `null` when none.
 */
export function codeColumnFromData(rows: readonly (readonly string[])[], headerEnd: number, width: number, taken: ReadonlySet<number>): number | null {
  const sample = rows.slice(headerEnd + 1, headerEnd + 1 + CODE_SAMPLE_ROWS);
  let best: number | null = null;
  let bestCount = 0;
  for (let c = 0; c < width; c++) {
    if (taken.has(c)) continue;
    const texts = sample.map((row) => normalizeCellText(row[c])).filter((t) => t !== '');
    const codes = texts.filter((t) => codeIn(t) !== null).length;
    if (codes >= MIN_CODE_CELLS && codes >= texts.length * MIN_CODE_SHARE && codes > bestCount) {
      best = c;
      bestCount = codes;
    }
  }
  return best;
}

// ---------------------------------------------------------------- internal helpers

/** A matched token without spaces, digits read where the shape wants them; `null` when it is no code after all. */
function repairCode(token: string): string | null {
  const groups = token.replace(/\s+/g, '').split(/[.,]/);
  const digits = (g: string): string => [...g].map((ch) => DIGIT_LOOK_ALIKES[ch] ?? ch).join('');
  const head = groups[0]!;
  let first: string;
  if (/^[A-ZА-ЯЁ]/.test(head) && /^\d{2}$/.test(digits(head.slice(1)))) first = (HEAD_LOOK_ALIKES[head[0]!] ?? head[0]!) + digits(head.slice(1));
  else if (/^[A-ZА-ЯЁ]{1,3}$/.test(head)) first = head;
  else first = digits(head);
  const rest = groups.slice(1).map(digits);
  if (!/^([A-ZА-ЯЁ]\d{2}|[A-ZА-ЯЁ]{1,3}|\d{2,3})$/.test(first) || !rest.every((g) => /^\d{1,4}$/.test(g))) return null;
  // A row numbering (`12.3.1`) has no group of three digits; every code does.
  if (!rest.some((g) => g.length >= 3)) return null;
  return [first, ...rest].join('.');
}
