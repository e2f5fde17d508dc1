/**
 * A capital letter standing alone after a word names a variant (`Гепатит В`, `Гепатит С`, `Витамин А`),
 * but in lower case the Cyrillic ones read as prepositions (`в`, `с`) that matching drops. Read from the
 * raw name, they become the Latin letter the dictionary uses (`Гепатит B`, `Гепатит C`). The letters are data:
 * `assets/vocabulary/letter-designations.tsv` (vocabulary.ts reads it).
 */
import { VOCABULARY } from './vocabulary.js';

const TO_LATIN: Readonly<Record<string, string>> = VOCABULARY.letterDesignations;
// Not a letter joined by a hyphen: «С - реактивного белка» is the start of «С-реактивный».
const DESIGNATION = new RegExp(String.raw`(?<=[А-ЯЁа-яёA-Za-z]{3,}\s+)([${Object.keys(TO_LATIN).join('')}])(?=$|[\s,.;:()/])(?!\s*[-–])`, 'gu');

/** Latin letters for the Cyrillic capital letter designations of `rawName`, e.g. `['c']` for «Вирус гепатита С». */
export function letterDesignationsOf(rawName: string): string[] {
  return [...rawName.matchAll(DESIGNATION)].map((m) => TO_LATIN[m[1]!]!);
}
