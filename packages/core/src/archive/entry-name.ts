/**
 * Decodes a ZIP entry's raw name bytes to text. ZIP has no single name encoding: the UTF-8 flag
 * (general-purpose bit 11) is optional, many tools write UTF-8 without setting it, and Russian
 * Windows writes the OEM code page (CP866). Cyrillic names are the norm in our archives, so every
 * path is handled.
 */
import { findExtraField } from './central-directory.js';
import { crc32 } from './crc32.js';
import { decodeLegacyName } from './legacy-codepages.js';

/** General-purpose flag bit 11: the name and comment are UTF-8 (APPNOTE 4.4.4). */
const UTF8_FLAG = 0x0800;
/** Info-ZIP Unicode Path extra field: version u8, CRC-32 of the raw name u32, UTF-8 name. */
const UNICODE_PATH_EXTRA_ID = 0x7075;

const utf8 = new TextDecoder('utf-8');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes an entry name, in order of trust:
 * 1. the Info-ZIP Unicode Path extra field, when its CRC matches the raw name (a stale field,
 *    left behind when a tool renamed the entry, is ignored as the spec asks);
 * 2. UTF-8 when bit 11 is set;
 * 3. UTF-8 when the bytes are valid UTF-8 and not plain ASCII (Cyrillic in CP866 is almost never
 *    valid UTF-8, while tools such as macOS Archive Utility write UTF-8 without the flag);
 * 4. otherwise CP866 (or CP1251 when the bytes clearly are, see `decodeLegacyName`).
 */
export function decodeEntryName(rawName: Uint8Array, flags: number, extra: Uint8Array): string {
  const unicodePath = readUnicodePath(rawName, extra);
  if (unicodePath !== undefined) return unicodePath;
  if (flags & UTF8_FLAG) return utf8.decode(rawName);
  if (rawName.every((byte) => byte < 0x80)) return utf8.decode(rawName);
  const asUtf8 = tryStrictUtf8(rawName);
  return asUtf8 ?? decodeLegacyName(rawName);
}

function readUnicodePath(rawName: Uint8Array, extra: Uint8Array): string | undefined {
  const field = findExtraField(extra, UNICODE_PATH_EXTRA_ID);
  if (!field || field.length < 5 || field[0] !== 1) return undefined;
  const storedCrc = (field[1]! | (field[2]! << 8) | (field[3]! << 16) | (field[4]! << 24)) >>> 0;
  if (storedCrc !== crc32(rawName)) return undefined;
  return tryStrictUtf8(field.subarray(5));
}

function tryStrictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
