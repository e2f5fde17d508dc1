/**
 * Decoding and sniffing of CSV bytes: which text encoding (UTF-8 or Windows-1251) and which delimiter.
 * Kept apart from the spreadsheet reader because format detection needs the same answers.
 */

/** The text encodings pricecat recognises in CSV price lists. */
export type CsvEncoding = 'utf-8' | 'windows-1251' | 'utf-16le' | 'utf-16be';

/** The delimiters pricecat recognises in CSV price lists. */
export type CsvDelimiter = ';' | ',' | '\t';

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * `utf-16le` / `utf-16be` when the bytes start with a UTF-16 byte-order mark (FF FE / FE FF; Excel's
 * «Unicode text» export), else null. Such text is full of NUL bytes and must not be taken for binary data.
 */
export function utf16Bom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** True when the bytes start with a UTF-8 byte-order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((b, i) => bytes[i] === b);
}

/**
 * Decides the encoding: a UTF-16 BOM means UTF-16, a UTF-8 BOM UTF-8; bytes that are not valid UTF-8 are cp1251
 * (Excel in a Russian locale saves "CSV" in cp1251); short cp1251 texts can happen to be valid UTF-8,
 * so valid UTF-8 that reads as mojibake (rare Cyrillic-block or Latin-extended letters, few ordinary
 * Russian letters) while cp1251 reads as Russian is cp1251 too.
 */
export function detectCsvEncoding(bytes: Uint8Array): CsvEncoding {
  const utf16 = utf16Bom(bytes);
  if (utf16) return utf16;
  if (hasUtf8Bom(bytes)) return 'utf-8';
  let utf8: string;
  try {
    utf8 = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'windows-1251';
  }
  const cp1251 = new TextDecoder('windows-1251').decode(bytes);
  return readability(cp1251) > readability(utf8) ? 'windows-1251' : 'utf-8';
}

/** Decodes CSV bytes to text with the detected encoding (BOM removed). */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } {
  const encoding = detectCsvEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes).replace(/^\uFEFF/, '');
  return { text, encoding };
}

/**
 * Picks the delimiter that splits the first lines most consistently, counting only outside quotes.
 * Russian-locale Excel writes `;` (the comma is the decimal separator), other tools `,`.
 */
export function detectCsvDelimiter(text: string): CsvDelimiter {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 50);
  const candidates: CsvDelimiter[] = [';', ',', '\t'];
  let best: CsvDelimiter = ';';
  let bestScore = -1;
  for (const d of candidates) {
    const counts = lines.map((l) => countOutsideQuotes(l, d));
    const withDelimiter = counts.filter((c) => c > 0).length;
    const total = counts.reduce((a, b) => a + b, 0);
    // Lines that contain the delimiter matter more than raw counts: prices like `12,600` add commas.
    const score = withDelimiter * 1000 + total;
    if (withDelimiter > 0 && score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** True when the text looks like delimited rows (several lines sharing a delimiter). */
export function looksLikeCsv(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 50);
  if (lines.length === 0) return false;
  const d = detectCsvDelimiter(text);
  const withDelimiter = lines.filter((l) => countOutsideQuotes(l, d) > 0).length;
  return withDelimiter >= Math.max(1, Math.ceil(lines.length * 0.6));
}

// ---------------------------------------------------------------- internal helpers

function countOutsideQuotes(line: string, delimiter: string): number {
  let inQuotes = false;
  let count = 0;
  for (const ch of line) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (ch === delimiter && !inQuotes) count++;
  }
  return count;
}

/**
 * How much a decoded text reads like ordinary Russian/English price-list text: ordinary letters,
 * digits and punctuation count for it; letters that mojibake produces (archaic Cyrillic, Latin
 * extended, C1 controls, replacement chars) count against it.
 */
function readability(text: string): number {
  let score = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if ((c >= 0x410 && c <= 0x44f) || c === 0x401 || c === 0x451) score += 1;
    else if (c < 0x80) score += 0.5;
    else if (c === 0xa0 || c === 0x2116 || c === 0xab || c === 0xbb || (c >= 0x2013 && c <= 0x201e)) score += 0.5;
    else score -= 2;
  }
  return score;
}
