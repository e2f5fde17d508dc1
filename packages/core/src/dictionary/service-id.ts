/**
 * Stable `service_id`s derived from an entry's content, so that re-importing the same dictionary file
 * (even with its rows re-ordered) gives the same ids. Row numbers and the file's own `ID`/`Code`
 * columns are not used: in the client's file 720 of them are `#REF!` and `Code` is not unique.
 */
import { normalizeName } from '../match/normalize.js';

const FNV_OFFSET_64 = 0xcbf29ce484222325n;
const FNV_PRIME_64 = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/**
 * 64-bit FNV-1a over the UTF-8 bytes of `text`, as 16 hex digits.
 * NOTE: written here instead of `node:crypto` because core must stay browser-safe; ids only need to be
 * stable and collision-free for a few thousand entries, not cryptographic.
 */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET_64;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME_64) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

/**
 * The identity of a dictionary entry: its normalized category and name. Two rows with the same key
 * are one entry; the same name under two specialties is two entries.
 */
export function serviceKey(category: string, name: string): string {
  return `${normalizeName(category)}\u0000${normalizeName(name)}`;
}

/** `svc_` + the hash of {@link serviceKey}: `serviceIdFor('Лор', 'Прием ЛОР-врача')` → `svc_…` (16 hex digits). */
export function serviceIdFor(category: string, name: string): string {
  return `svc_${fnv1a64(serviceKey(category, name))}`;
}
