/**
 * Codes closing the names of a scan's rows (`Краб, f23`, `Марь белая, w10`) that the text layer damaged: `123`,
 * `wlO`, `1Б1`, `0 1 6`. Where most neighbours' names end in a code of letters and digits, a row whose name ends in
 * something code-like that is not such a code is repaired: from the neighbours' letters when the layer kept the
 * letters and only digit look-alikes need reading (`wlO` under `w`-codes → `w10`), else by reading the name's last
 * line again from the page image (where `ocr.readLine` exists) and taking that reading when it ends in a code with
 * the neighbours' letters and the layer's last digit. Each repaired row keeps the layer's name for its flag.
 */
import type { CellBox, PageOcr } from '../table.js';
import type { PageRow } from './page-row.js';
import type { PageTable } from './page-table.js';
import { tilted } from '../cell-geometry.js';
import { warningText } from '../../messages/message-catalogue.js';
import { isTariffShaped, splitCode } from '../code-cells.js';

/** A name ending in a clean code: the text before it, the code's letters and its digits. */
const CLEAN_CODE = /^(.*\S)\s*[,.]\s*([a-z]{1,3})(\d{1,4})$/i;
/** A name ending in a separator and a short tail: the text before it (with its separator) and the tail. */
const TAIL = /^(.*?\p{L}[^,.]*?)\s*[,.][\s,.]*([^,.\s](?:[^,.]{0,8}))$/u;
/** Digit look-alikes that read one way only. */
const LOOK_ALIKE: Readonly<Record<string, string>> = { l: '1', I: '1', '|': '1', '!': '1', O: '0', o: '0', О: '0', о: '0', З: '3', з: '3' };
/** What a scan makes of a lower-case `f` at the start of a code (it prints like `[` or `1`). */
const F_LOOK_ALIKE = /^[[£#({|1t]$/;
/** Cyrillic letters that print as Latin ones, for codes typed in Latin (`е85` for `e85`). */
const CYRILLIC_LATIN: Readonly<Record<string, string>> = { е: 'e', о: 'o', х: 'x', р: 'p', с: 'c', к: 'k', а: 'a', у: 'y', Е: 'E', Х: 'X', Р: 'P', С: 'C', К: 'K', А: 'A' };
/** Fewest clean codes on a page for its names to carry codes. */
const MIN_CODED = 3;
/** Share of the page's named rows that must end in a clean code. */
const CODED_SHARE = 0.5;

/** A row whose name ends in a damaged code: the text before it, the tail, the neighbours' letters, a tariff code glued after. */
export interface Damaged {
  readonly row: number;
  readonly letters: string[];
  readonly head: string;
  readonly tail: string;
  /** A tariff code the text layer glued to the name cell (`Краб, 123 В06.457.006.245`), kept after the repaired name. */
  readonly tariff: string;
}

/**
 * The rows of `table` with a damaged closing code, each with the letters its neighbours' codes have (the nearest
 * clean code above and below, not across a heading).
 */
export function damagedCodes(table: PageTable): Damaged[] {
  if (table.name < 0) return [];
  const rows = table.rows;
  const named = rows.map((r, i) => ({ r, i, ...nameAndTariff(r.cells[table.name] ?? '') })).filter(({ r, name }) => r.kind === 'row' && /\p{L}/u.test(name));
  const letters = new Map<number, string>();
  for (const { i, name } of named) {
    const clean = CLEAN_CODE.exec(name);
    // Letters ending in a digit look-alike (`wl5` for `w15`) are a damaged code, not a clean one.
    if (clean && !/[lIOo]$/.test(clean[2]!)) letters.set(i, clean[2]!.toLowerCase());
  }
  const tails = new Map<number, { parts: RegExpExecArray; tariff: string }>();
  for (const { i, name, tariff } of named) {
    if (letters.has(i)) continue;
    const parts = TAIL.exec(name);
    if (parts && codeLike(parts[2]!)) tails.set(i, { parts, tariff });
  }
  // The page's names end in codes: enough clean ones, and most names end in a clean or a damaged one.
  if (letters.size < MIN_CODED || letters.size + tails.size < CODED_SHARE * named.length) return [];
  const out: Damaged[] = [];
  for (const [i, { parts, tariff }] of tails) {
    const near = new Set<string>();
    for (const step of [-1, 1]) {
      for (let k = i + step; k >= 0 && k < rows.length && rows[k]!.kind === 'row'; k += step) {
        const found = letters.get(k);
        if (found) {
          near.add(found);
          break;
        }
      }
    }
    if (near.size > 0) out.push({ row: i, letters: [...near], head: parts[1]!, tail: parts[2]!, tariff });
  }
  return out;
}

/** The code a damaged tail reads as with the neighbours' letters, when only unambiguous look-alikes stand for digits. */
export function codeFromTail(tail: string, letters: readonly string[]): string | null {
  const squeezed = latin(tail.replace(/\s+/g, ''));
  for (const prefix of letters) {
    if (!squeezed.toLowerCase().startsWith(prefix)) continue;
    const digits = digitsOf(squeezed.slice(prefix.length));
    if (digits !== null) return prefix + digits;
  }
  return null;
}

/**
 * The code a reading of the name's last line from the page image gives, with the neighbours' letters, when it
 * agrees with the layer's tail: a word of the reading that is the letters and digits (`£237`, `[208`: a scan's `f`)
 * ending in the layer tail's last digit; or, where the layer's tail is a look-alike of a one-letter prefix and
 * digits (`1329`, `1Б1` is not), a word with the same digits after one glyph or none (`329`, `2262` for `1262`).
 */
export function codeFromImage(reading: string, tail: string, letters: readonly string[]): string | null {
  const layer = latin(tail.replace(/\s+/g, ''));
  const last = digitsOf(layer.slice(-1));
  if (last === null) return null;
  const words = reading.split(/[\s,;:]+/).map((w) => latin(w.replace(/[.]+$/, ''))).filter((w) => w !== '').reverse();
  for (const prefix of letters) {
    for (const word of words) {
      let rest: string | null = null;
      if (word.toLowerCase().startsWith(prefix)) rest = word.slice(prefix.length);
      else if (prefix.length === 1 && lookAlikeOf(prefix, word[0]!)) rest = word.slice(1);
      const digits = rest === null ? null : digitsOf(rest);
      if (digits !== null && digits.endsWith(last)) return prefix + digits;
    }
    // The layer's own first glyph stands for the letter; the image agrees on the digits after it.
    const own = /^(.)(\d{2,4})$/.exec(layer);
    if (prefix.length !== 1 || !own || !lookAlikeOf(prefix, own[1]!)) continue;
    if (words.some((w) => w === own[2] || (w.length === own[2]!.length + 1 && w.endsWith(own[2]!)))) return prefix + own[2];
  }
  return null;
}

/** Bounds of the image re-read of names over one file. */
export interface NameRereadLimits {
  readonly maxCells: number;
  readonly budgetMs: number;
}

/** Default bounds: the allergen pages of a list fit; a whole damaged scan is cut short. */
export const DEFAULT_NAME_REREAD_LIMITS: NameRereadLimits = { maxCells: 300, budgetMs: 60_000 };

/**
 * The tables with damaged closing codes repaired (see the module's note), each repaired row carrying `nameRepair`.
 * A page whose image reading fails keeps what the neighbours alone repaired, with a warning.
 */
export async function repairNameCodes(
  tables: readonly PageTable[],
  pdf: Uint8Array,
  ocr: PageOcr | undefined,
  limits: NameRereadLimits,
  warnings: string[],
  fileName: string,
): Promise<PageTable[]> {
  const deadline = Date.now() + limits.budgetMs;
  let left = limits.maxCells;
  const out: PageTable[] = [];
  for (const table of tables) {
    const damaged = damagedCodes(table);
    if (damaged.length === 0) {
      out.push(table);
      continue;
    }
    const rows = [...table.rows];
    const repair = (d: Damaged, code: string, how: 'neighbours' | 'image'): void => {
      const row = rows[d.row]!;
      const cells = [...row.cells];
      const raw = cells[table.name]!;
      cells[table.name] = `${d.head}, ${code}${d.tariff === '' ? '' : ` ${d.tariff}`}`;
      rows[d.row] = { ...row, cells, nameRepair: { raw, how } };
    };
    const toRead: (Damaged & { box: CellBox })[] = [];
    for (const d of damaged) {
      const code = codeFromTail(d.tail, d.letters);
      if (code !== null) repair(d, code, 'neighbours');
      else {
        const box = lastLineBox(table, rows[d.row]!);
        if (box) toRead.push({ ...d, box });
      }
    }
    const readLine = ocr?.readLine?.bind(ocr);
    if (readLine && toRead.length > 0 && toRead.length <= left && Date.now() < deadline && table.pages.length === 1) {
      left -= toRead.length;
      try {
        const texts = await readLine(pdf, table.pages[0]!, toRead.map((t) => t.box));
        toRead.forEach((t, k) => {
          const code = codeFromImage(texts[k] ?? '', t.tail, t.letters);
          if (code !== null) repair(t, code, 'image');
        });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        warnings.push(warningText('NAMES_NOT_REREAD', { file: fileName, page: table.pages[0]!, ocr: ocr!.name, detail }));
      }
    }
    out.push({ ...table, rows });
  }
  return out;
}

// ---------------------------------------------------------------- internal helpers

/** A name cell without a tariff code the text layer glued to its end (see `code-cells.ts`), and that code. */
function nameAndTariff(cell: string): { name: string; tariff: string } {
  const text = cell.trim();
  const found = splitCode(text);
  if (!found || !isTariffShaped(found.code)) return { name: text, tariff: '' };
  return { name: found.rest, tariff: found.code };
}

/** Cyrillic look-alikes of Latin letters read as Latin. */
function latin(text: string): string {
  return [...text].map((ch) => CYRILLIC_LATIN[ch] ?? ch).join('');
}

/** The digits a text stands for, digit look-alikes read as digits; `null` when another glyph is in it or it is long. */
function digitsOf(text: string): string | null {
  const digits = [...text].map((ch) => (/\d/.test(ch) ? ch : LOOK_ALIKE[ch] ?? null));
  return digits.length > 0 && digits.length <= 4 && digits.every((d) => d !== null) ? digits.join('') : null;
}

/** True when `glyph` is what a scan makes of the code letter `letter` (an `f`'s `[`, `£`, `1`). */
function lookAlikeOf(letter: string, glyph: string): boolean {
  return letter === 'f' && F_LOOK_ALIKE.test(glyph);
}

/** A short tail with a digit or a digit look-alike in at least half of its characters. */
function codeLike(tail: string): boolean {
  const squeezed = tail.replace(/\s+/g, '');
  if (squeezed.length === 0 || squeezed.length > 6) return false;
  const digitish = [...squeezed].filter((ch) => /\d/.test(ch) || ch in LOOK_ALIKE || /[[£#№|!]/.test(ch)).length;
  return /\d/.test(squeezed) ? digitish >= squeezed.length / 2 : digitish >= 2 && digitish >= squeezed.length - 1;
}

/** The box of a row's last name line: the name column, from below the baseline to the top of its letters. */
function lastLineBox(table: PageTable, row: PageRow): CellBox | null {
  if (row.nameBottom === undefined) return null;
  const column = table.columns[table.name]!;
  const size = table.textSize;
  const y = row.nameBottom;
  const box = { x0: column.x0 - 0.5 * size, x1: column.x1 + 0.5 * size, y0: y - 0.5 * size, y1: y + 1.15 * size };
  return tilted(box, (table.skewDegrees * Math.PI) / 180);
}
