/**
 * Decoding of ZIP entry names written without the UTF-8 flag by Russian-locale tools.
 *
 * Windows Explorer ("Send to → Compressed folder") and 7-Zip/WinRAR in their default mode write
 * names in the OEM code page, CP866 on Russian Windows; some scripts and old Linux tools write
 * the ANSI code page, CP1251, instead. Both are implemented here as tables rather than through
 * `TextDecoder('ibm866')`, because Node builds with small ICU lack those labels and this module
 * must run unchanged in a browser and on any Node.
 */

/** CP866 bytes 0x80–0xFF in order (https://www.unicode.org/Public/MAPPINGS/VENDORS/MICSFT/PC/CP866.TXT). */
const CP866_HIGH =
  'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ' +
  'абвгдежзийклмноп' +
  '░▒▓│┤╡╢╖╕╣║╗╝╜╛┐' +
  '└┴┬├─┼╞╟╚╔╩╦╠═╬╧' +
  '╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
  'рстуфхцчшщъыьэюя' +
  'ЁёЄєЇїЎў°∙·√№¤■\u00a0';

/** CP1251 bytes 0x80–0xBF (0x98 is unassigned; WHATWG maps it to U+0098); 0xC0–0xFF are А–я. */
const CP1251_HIGH =
  'ЂЃ‚ѓ„…†‡€‰Љ‹ЊЌЋЏ' +
  'ђ‘’“”•–—\u0098™љ›њќћџ' +
  '\u00a0ЎўЈ¤Ґ¦§Ё©Є«¬\u00ad®Ї' +
  '°±Ііґµ¶·ё№є»јЅѕї';

function decodeWithTable(bytes: Uint8Array, highChar: (byte: number) => string): string {
  let text = '';
  for (const byte of bytes) text += byte < 0x80 ? String.fromCharCode(byte) : highChar(byte);
  return text;
}

/** Decodes CP866 (DOS Cyrillic) bytes. */
export function decodeCp866(bytes: Uint8Array): string {
  return decodeWithTable(bytes, (byte) => CP866_HIGH[byte - 0x80]!);
}

/** Decodes CP1251 (Windows Cyrillic) bytes. */
export function decodeCp1251(bytes: Uint8Array): string {
  return decodeWithTable(bytes, (byte) =>
    byte >= 0xc0 ? String.fromCharCode(0x0410 + byte - 0xc0) : CP1251_HIGH[byte - 0x80]!,
  );
}

/** A high byte that is a letter (or №) in CP866; anything else there is box drawing or a symbol. */
function isCp866Letter(byte: number): boolean {
  return (byte >= 0x80 && byte <= 0xaf) || (byte >= 0xe0 && byte <= 0xf1) || byte === 0xfc;
}

/** A high byte that is a Cyrillic letter (or №) in CP1251. */
function isCp1251Letter(byte: number): boolean {
  return byte >= 0xc0 || byte === 0xa8 || byte === 0xb8 || byte === 0xb9;
}

/**
 * Decodes a legacy (non-UTF-8) entry name: CP866 by default, CP1251 only when CP866 would produce
 * box-drawing characters or symbols and CP1251 would produce nothing but letters. File names never
 * contain "╚═╗", while CP1251 capitals (0xC0–0xDF) land exactly there, so the test is reliable for
 * any name with a capital letter or a letter after «с»; a name that is ambiguous stays CP866, the
 * Windows Explorer default.
 */
export function decodeLegacyName(bytes: Uint8Array): string {
  let cp866Odd = 0;
  let cp1251Odd = 0;
  for (const byte of bytes) {
    if (byte < 0x80) continue;
    if (!isCp866Letter(byte)) cp866Odd++;
    if (!isCp1251Letter(byte)) cp1251Odd++;
  }
  return cp866Odd > 0 && cp1251Odd === 0 ? decodeCp1251(bytes) : decodeCp866(bytes);
}
