/**
 * Price lists sent as plain lines, not a table: `терапевт 9000 тг 7000 тг`,
 * `Муж-7300 тг Жен-9000тг`, `Прием педиатра — 8 000 тенге`, `УЗИ почек ....... 6500`.
 *
 * A priced line is a name followed by one or more prices, each with a currency word
 * (тг, тенге, ₸, руб, KZT), or a single price at the end of the line after a leader of dots or
 * dashes. Short words between prices are labels of the next price (`Муж-7300 тг`).
 * Titles, phone numbers, dates, addresses and opening hours (`с 8:00 до 20:00`) are not priced:
 * they carry no currency word, and lines with a time or a phone number are refused outright.
 *
 * Rows ({@link freeFormRows}), decisions:
 * - The section of a row is the nearest non-priced line above it (`Консультации:`, `УЗИ`).
 * - A line of labelled prices without a name (`Муж-7300 тг Жен-9000тг`) takes the non-priced line
 *   just above it as its name; that line is then not the section of the rows below.
 * - Variant labels (муж/жен, взрослый/детский) make one row per label, the label appended to the
 *   name (`Медосмотр (муж)`), each price `resident`: they are different services to compare.
 * - Otherwise one row: the first price is `resident`, the others take a role from their label
 *   (нерезидент / СНГ → `nonresident`, дальнее зарубежье → `nonresident_far`, ДМС → `insurance`)
 *   or `other`.
 */
import { normalizeCellText } from './cell-text.js';
import { parsePrice } from './parse-price.js';
import type { PriceCell, PriceRole, PriceRow } from './price-row.js';
import { warningText } from '../messages/message-catalogue.js';

/** One price of a free-form line. */
export interface FreeFormPrice {
  readonly value: number;
  /** The price as written, currency included: `9000 тг`; `от 5000 тг` for a lower bound. */
  readonly raw: string;
  /** The word before the price (`Муж`, `детский`, `нерезидент`), lower-cased; `null` when none. */
  readonly label: string | null;
}

/** A priced line: the service name (may be empty for a line of labelled prices only) and its prices. */
export interface FreeFormLine {
  readonly name: string;
  readonly prices: readonly FreeFormPrice[];
}

/** Labels that make a separate service variant (one row each), not a price role. */
export const VARIANT_LABEL = /^(муж\S*|жен\S*|взросл\S*|взр\.?|дет\S*|ребен\S*|мальчик\S*|девочк\S*)$/i;

const NUMBER = String.raw`\d{1,3}(?:[ \u00A0\u202F]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const CURRENCY = String.raw`(?:тенге|тг|тңг|₸|kzt|руб(?:лей|\.)?|р\.)`;
/** A price with its currency: `9000 тг`, `8 000 тенге`, `9000тг`. Not glued to a preceding digit. */
const PRICED = new RegExp(String.raw`(?<![\d.,])(${NUMBER})\s*${CURRENCY}(?![a-zа-яё])\.?`, 'giu');
/** `name ....... 6500`: dots, ellipses, underscores or dashes before one number at the line's end. */
const LEADER_PRICE = new RegExp(String.raw`^(.*?[^\s.…_\-–—])\s*(?:\.{3,}|…+|_{3,}|-{2,}|\s[-–—]\s)[\s.…_\-–—]*(${NUMBER})\s*$`, 'u');
const TIME = /\b\d{1,2}[:.]\d{2}\s*(?:-|–|—|до)\s*\d{1,2}[:.]\d{2}\b|\b\d{1,2}:\d{2}\b/;
const PHONE = /(?:\+7|\b8)\s*\(?\d{3,4}\)?[\s-]*\d{2,3}[\s-]*\d{2}[\s-]*\d{2}\b|(?<![а-яё])тел[.:\s]/i;
/** Longest label text between two prices; longer text means two services on one line. */
const MAX_LABEL_WORDS = 3;

/**
 * The name and prices of a free-form priced line, or `null` when the line is not one
 * (a title, a phone number, opening hours, an address, a date, a range).
 */
export function parseFreeFormLine(line: string): FreeFormLine | null {
  const text = normalizeCellText(line);
  if (text === '' || TIME.test(text) || PHONE.test(text)) return null;
  const matches = [...text.matchAll(PRICED)];
  if (matches.length > 0) return withCurrency(text, matches);
  const leader = LEADER_PRICE.exec(text);
  if (!leader) return null;
  const parsed = parsePrice(leader[2]);
  const name = cleanName(leader[1]!);
  // Without a currency word a year after a title (`Прайс ..... 2026`) is not a price.
  if (!parsed || parsed.value < 100 || !/[a-zа-яё]{2,}/i.test(name) || /прайс|прейскурант|цен[аы]\b|год|дата/i.test(name)) return null;
  return { name, prices: [{ value: parsed.value, raw: leader[2]!, label: null }] };
}

/** A line of text and where it is in the document. */
export interface SourceLine {
  readonly text: string;
  readonly table: string;
  /** 1-based. */
  readonly row: number;
}

/** Longest non-priced line taken as a heading (longer ones are notes). */
const MAX_HEADING_LENGTH = 120;

/** The price rows of free-form priced lines, in order; lines that are not priced become headings. */
export function freeFormRows(lines: readonly SourceLine[]): PriceRow[] {
  const rows: PriceRow[] = [];
  let heading: string | null = null;
  let previousHeading: string | null = null;
  for (const line of lines) {
    const text = normalizeCellText(line.text);
    if (text === '') continue;
    const parsed = parseFreeFormLine(text);
    if (!parsed) {
      if (isHeading(text)) {
        previousHeading = heading;
        heading = text.replace(/[\s:]+$/, '');
      }
      continue;
    }
    let name = parsed.name;
    let section = heading;
    if (name === '') {
      if (heading === null) continue;
      name = heading;
      section = previousHeading;
      heading = previousHeading;
    }
    rows.push(...rowsOfLine({ ...parsed, name }, section, line));
  }
  return rows;
}

// ---------------------------------------------------------------- internal helpers

function withCurrency(text: string, matches: readonly RegExpMatchArray[]): FreeFormLine | null {
  const prices: FreeFormPrice[] = [];
  let head = text.slice(0, matches[0]!.index);
  let end = 0;
  for (const [i, m] of matches.entries()) {
    const parsed = parsePrice(m[1]);
    if (!parsed) return null;
    let start = m.index!;
    // `от 5000 тг` is kept as a lower bound, as in tables (the raw text says so); `до 5000 тг` is not a price.
    const before = text.slice(i === 0 ? 0 : end, start);
    if (/(?:^|\s)до\s*$/i.test(before)) return null;
    const from = /(?:^|\s)(от\s*)$/i.exec(before);
    if (from) {
      start -= from[1]!.length;
      if (i === 0) head = text.slice(0, start);
    }
    let label: string | null = null;
    if (i === 0) {
      // `Медосмотр муж 7300 тг жен 9000 тг`: a known label at the end of the name belongs to the price.
      const lastWord = /(?:^|[\s,(])([a-zа-яё.]+)\s*[-–—:]?\s*$/iu.exec(head);
      if (matches.length > 1 && lastWord && VARIANT_LABEL.test(lastWord[1]!)) {
        label = lastWord[1]!.toLowerCase();
        head = head.slice(0, lastWord.index! + (lastWord[0]!.length - lastWord[0]!.trimStart().length));
      }
    } else {
      const gap = text.slice(end, start).replace(/^[\s,;/|+]+|[\s\-–—:]+$/g, '');
      if (/\d/.test(gap)) return null; // a range or a second number without currency
      const words = gap.split(/\s+/).filter((w) => w !== '');
      if (words.length > MAX_LABEL_WORDS) return null;
      label = words.length > 0 ? words.join(' ').toLowerCase() : null;
    }
    if (parsed.value <= 0) return null;
    prices.push({ value: parsed.value, raw: text.slice(start, m.index! + m[0]!.length).trim(), label });
    end = start + m[0]!.length;
  }
  // A range written with currency (`5000-7000 тг`) leaves a bare number glued by a dash before the first price.
  if (/\d\s*[-–—]\s*$/.test(head)) return null;
  const tail = text.slice(end).trim();
  if (tail.split(/\s+/).filter((w) => w !== '').length > MAX_LABEL_WORDS) return null;
  const name = cleanName(head);
  if (name !== '' && !/[a-zа-яё]{2,}/i.test(name)) return null;
  return { name, prices };
}

/** The name without numbering, leaders and trailing separators: `1. Прием педиатра —` → `Прием педиатра`. */
function cleanName(text: string): string {
  return normalizeCellText(text)
    .replace(/^\d{1,3}[.)]\s+/, '')
    .replace(/[\s.…_\-–—:=]+$/u, '')
    .trim();
}

function rowsOfLine(line: FreeFormLine, section: string | null, source: SourceLine): PriceRow[] {
  const variants = line.prices.filter((p) => p.label !== null && VARIANT_LABEL.test(p.label));
  const at = { table: source.table, row: source.row };
  if (variants.length > 0 && new Set(variants.map((p) => p.label)).size === variants.length) {
    const others = line.prices.filter((p) => !variants.includes(p));
    return variants.map((price, i) => ({
      section,
      code: null,
      name: `${line.name} (${price.label})`,
      unit: null,
      prices: [cell(price, 'resident')],
      source: at,
      warnings: i === 0 && others.length > 0 ? [`price(s) ${others.map((p) => `«${p.raw}»`).join(', ')} of the line belong to no variant and were left out`] : [],
    }));
  }
  const used = new Set<PriceRole>();
  const prices = line.prices.map((price, i) => {
    let role = roleOfLabel(price.label) ?? (i === 0 ? 'resident' : 'other');
    if (used.has(role)) role = 'other';
    used.add(role);
    return cell(price, role);
  });
  const warnings = line.prices.filter((p) => /^от/i.test(p.raw)).map((p) => warningText('PRICE_LOWER_BOUND', { raw: p.raw }));
  return [{ section, code: null, name: line.name, unit: null, prices, source: at, warnings }];
}

function cell(price: FreeFormPrice, role: PriceRole): PriceCell {
  return { role, value: price.value, raw: price.raw, header: price.label ?? '' };
}

function roleOfLabel(label: string | null): PriceRole | null {
  if (label === null) return null;
  if (/дальн/.test(label)) return 'nonresident_far';
  if (/нерезидент|не резидент|снг|ближн|иностран/.test(label)) return 'nonresident';
  if (/резидент|граждан/.test(label)) return 'resident';
  if (/страх|дмс/.test(label)) return 'insurance';
  if (/партнер/.test(label)) return 'partner';
  if (/без ндс/.test(label)) return 'without_vat';
  return null;
}

function isHeading(text: string): boolean {
  return text.length <= MAX_HEADING_LENGTH && /[a-zа-яё]{3,}/i.test(text) && !/\d{1,2}:\d{2}|\+7|тел[.:\s]/i.test(text);
}
