/**
 * Repairing price cells of scanned PDFs whose OCR text layer misread digits.
 *
 * What the client's scans actually show (archive «Клиника 2», «Клиника 4»):
 * - look-alike letters: `II 000` (I = 1), `ЗЗООО` (Cyrillic Ze = 3, Cyrillic O = 0), `36 ооо`;
 * - the last digit cut by the scan edge, read as `С`, `C` or `(`: `10 80С`, `4 80(`;
 * - a price broken into fragments by letter spacing or the edge: `5 0 0 0`, `7 1 2 6 0 0`,
 *   `12 О О С` (items `12 О`, `О`, `С` joined with spaces).
 *
 * Decisions, from the real data:
 * - `S` is NOT repaired: in the archive it stood for 8 every time (`S 600` = 8 600, `1 7S0` = 1 780),
 *   while S for 5 is the textbook confusion; a letter that reads as two digits is a guess.
 *   `B`/`В` never occurs in a price cell (only in tariff codes), so it is not repaired either.
 * - `И` standing as the first group is 11 (`И 000` = 11 000, `И 400` = 11 400: 4 of 4 in two lists).
 * - `б` is 6 only right beside a real digit; `З` (capital Ze) is 3; `I` and `l` are 1; `|` is 1 only
 *   glued to a digit (alone between spaces it is a ruling line of the table and is dropped).
 * - A cut glyph (`С`, `C`, `(`, `С)`) at the end is 0 only where the digit groups make it certain:
 *   it completes a group of three after a thousands group (`10 80С`). `96С` or `ЗОООС` could be
 *   a number with a speck after it, so they are left unread.
 * - Spaces inside a number are spurious only when the groups still come out as 1-3 digits then
 *   groups of exactly 3 (`1 1 600` → 11 600; `5000 7000` is two numbers). A first group split into
 *   pieces must be single digits, and a two-digit last piece (`6 00`, `147 00`) means a digit was cut
 *   off entirely: not read.
 */

/** A price read from a damaged OCR text. */
export interface OcrPriceRepair {
  readonly value: number;
  /** The digits as they should have been read, grouped: `11 000`. */
  readonly repaired: string;
  /** What was changed, for a person checking the row: `I→1`, `final С→0`, `joined split digits`. */
  readonly note: string;
}

const UNICODE_SPACES = /[\u00A0\u2000-\u200B\u202F\u205F\u3000\uFEFF]/g;
const CURRENCY_SUFFIX = /\s*(₸|kzt|тенге|тңг|тнг|тг\.?)\s*$/i;
/** Letters that are one digit wherever they stand in a number. */
const LOOKALIKES: Readonly<Record<string, string>> = { О: '0', O: '0', о: '0', o: '0', З: '3', I: '1', l: '1', '|': '1' };
/** Remnants of a last `0` cut by the scan edge. */
const CUT_GLYPH = /(С\)|C\)|С|C|с|c|\()$/;

/**
 * The price in an OCR-damaged cell text, or `null` when the text is not a price or reading it
 * would be a guess (an unknown letter, `S`, a cut digit with nothing left of it, groups that do not
 * fit thousands). Meant for cells the plain `parsePrice` rejects.
 */
export function repairOcrPrice(text: string): OcrPriceRepair | null {
  let s = text.replace(UNICODE_SPACES, ' ').replace(/\s+/g, ' ').trim().replace(CURRENCY_SUFFIX, '');
  s = s.replace(/(^|\s)\|(?=\s|$)/g, ' ').replace(/\s+/g, ' ').trim(); // a table rule, not a digit
  if (s === '') return null;
  const notes = new Set<string>();

  let cut = false;
  const cutMatch = CUT_GLYPH.exec(s);
  if (cutMatch && /[\dОOоЗIl]\s?$/.test(s.slice(0, cutMatch.index))) {
    cut = true;
    s = s.slice(0, cutMatch.index) + '0';
    notes.add(`final ${cutMatch[1]}→0`);
  }

  let decimals = '';
  const decimal = /[.,]([\dОOо]{2})$/.exec(s);
  if (decimal && !cut) {
    decimals = mapToken(decimal[1]!, notes) ?? '';
    s = s.slice(0, decimal.index);
  }

  const pieces: string[] = [];
  for (const [i, token] of s.split(' ').entries()) {
    // `И 000`, `И 400`: a first group `11` whose two strokes merged (4 of 4 times in the archive).
    if (token === 'И' && i === 0) {
      pieces.push('11');
      notes.add('И→11');
      continue;
    }
    const digits = mapToken(token, notes);
    if (digits === null) return null;
    pieces.push(digits);
  }
  const digits = pieces.join('');
  const realDigits = text.replace(/\D/g, '').length;
  // Letters alone (`II`, `ООО`) are a number only when there are enough of them to be a price.
  if (realDigits === 0 && digits.length < 4) return null;
  if (!groupsFit(pieces, cut)) return null;
  if (pieces.length > 1 && !(pieces.length === groupCount(digits.length) && pieces.every((p, i) => p.length === groupLength(digits.length, i)))) {
    notes.add('joined split digits');
  }
  const value = Number(decimals ? `${digits}.${decimals}` : digits);
  if (!Number.isFinite(value)) return null;
  return { value, repaired: formatGroups(digits) + (decimals ? `,${decimals}` : ''), note: [...notes].join(', ') };
}

// ---------------------------------------------------------------- internal helpers

/** The digits of one space-free token, or `null` when a character is not a digit or a known look-alike. */
function mapToken(token: string, notes: Set<string>): string | null {
  let out = '';
  for (let i = 0; i < token.length; i++) {
    const ch = token[i]!;
    if (ch >= '0' && ch <= '9') {
      out += ch;
    } else if (ch === 'б' && (/\d/.test(token[i - 1] ?? '') || /\d/.test(token[i + 1] ?? ''))) {
      out += '6';
      notes.add('б→6');
    } else if (LOOKALIKES[ch] !== undefined && (ch !== '|' || token.length > 1)) {
      out += LOOKALIKES[ch];
      notes.add(`${ch}→${LOOKALIKES[ch]}`);
    } else {
      return null;
    }
  }
  return out === '' ? null : out;
}

/**
 * True when the pieces can be one number grouped as 1-3 digits then groups of exactly 3, with the
 * piece boundaries falling on group boundaries, the first group either whole or split into single
 * digits, and the last piece not a truncated two-digit group.
 */
function groupsFit(pieces: readonly string[], cut: boolean): boolean {
  const total = pieces.reduce((n, p) => n + p.length, 0);
  if (pieces.length === 1) return !cut; // an unspaced number; a cut glyph there is not certain
  const boundaries = new Set<number>();
  let at = 0;
  for (const p of pieces.slice(0, -1)) boundaries.add((at += p.length));
  for (let b = total - 3; b > 0; b -= 3) if (!boundaries.has(b)) return false;
  const firstGroup = total % 3 === 0 ? 3 : total % 3;
  const firstPieces: string[] = [];
  for (let n = 0, i = 0; n < firstGroup; i++) {
    firstPieces.push(pieces[i]!);
    n += pieces[i]!.length;
  }
  if (firstPieces.length > 1 && firstPieces.some((p) => p.length !== 1)) return false;
  const last = pieces[pieces.length - 1]!;
  if (last.length === 2 && !cut) return false;
  // A lone `1` after the number is the table's vertical rule (`4 4 0 0 1` is 4 400 on the scan).
  if (last === '1') return false;
  // The cut glyph must complete a group after a thousands group.
  if (cut && total < 4) return false;
  return true;
}

function groupCount(length: number): number {
  return Math.ceil(length / 3);
}

function groupLength(length: number, index: number): number {
  return index === 0 && length % 3 !== 0 ? length % 3 : 3;
}

function formatGroups(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}
