/**
 * Latin and Cyrillic letters that look alike. Scans and hurried typing mix them: `TECt` for «ТЕСТ» in a
 * header, `yЗИ` for «УЗИ» in a name, `В03.155.002` with a Cyrillic «В» in a code.
 */

/** Lower-case Latin letters that look like Cyrillic ones. */
export const LATIN_TO_CYRILLIC: Readonly<Record<string, string>> = {
  a: 'а', b: 'в', c: 'с', e: 'е', h: 'н', k: 'к', m: 'м', o: 'о', p: 'р', t: 'т', x: 'х', y: 'у',
};

/** Upper-case Cyrillic letters that look like Latin ones. */
export const CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = {
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', К: 'K', М: 'M', О: 'O', Р: 'P', Т: 'T', Х: 'X', У: 'Y',
};

/** Every lower-case Latin look-alike in `text` read as its Cyrillic twin. */
export function latinLookAlikesToCyrillic(text: string): string {
  return text.replace(/[abcehkmoptxy]/g, (ch) => LATIN_TO_CYRILLIC[ch] ?? ch);
}

const LOWER_CYRILLIC_TO_LATIN: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(CYRILLIC_TO_LATIN).map(([cyrillic, latin]) => [cyrillic.toLowerCase(), latin.toLowerCase()]),
);

/** Every Cyrillic look-alike in `text`, either case, read as its lower-case Latin twin (`ех73` → `ex73`). */
export function cyrillicLookAlikesToLatin(text: string): string {
  return text.replace(/[а-яё]/gi, (ch) => LOWER_CYRILLIC_TO_LATIN[ch.toLowerCase()] ?? ch);
}

/** True when every Cyrillic letter of `text` has a Latin twin. */
export function hasOnlyLatinLookAlikeCyrillic(text: string): boolean {
  return [...text.matchAll(/[а-яё]/gi)].every((m) => m[0].toLowerCase() in LOWER_CYRILLIC_TO_LATIN);
}
