/**
 * Words of a normalized name, reduced to stems so that inflected forms meet
 * (`анализы крови` ~ `анализ крови`, `приема` ~ `прием`).
 */

/**
 * Russian inflection endings, longest first. A light suffix stripper, not a full Snowball stemmer:
 * it only has to make inflected forms of one word equal, and a wrong cut costs little because the
 * scorer also compares whole strings.
 */
const ENDINGS = [
  'иями', 'ями', 'ами', 'ого', 'его', 'ому', 'ему', 'ыми', 'ими', 'иях', 'ах', 'ях', 'ых', 'их', 'ым', 'ой', 'ей', 'ий', 'ый', 'ая',
  'яя', 'ое', 'ее', 'ые', 'ие', 'ов', 'ев', 'ам', 'ям', 'ом', 'ем', 'ую', 'юю', 'ия', 'ию', 'ии', 'а', 'я', 'о',
  'е', 'ы', 'и', 'у', 'ю', 'ь', 'й',
];

const MIN_STEM = 3;

/**
 * Words whose stem would be another word's: `калий` / `калия` (potassium) would stem to `кал` (stool). Each keeps the
 * longer stem its own forms share.
 */
const PROTECTED_STEMS: readonly string[] = ['кали'];

/**
 * An adjective or a participle, by its ending (`осложненный`, `скрининговое`, `предстательной`, `биологического`);
 * some nouns end so too, which is why callers ask only of a word before a noun or after «не».
 */
export const ADJECTIVE_ENDING = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ого|его|ому|ему|ым|им|ых|их|ую|юю|ом|ем|ей)$/;

/** The stem of one lower-case word; digits and Latin words stay as they are. */
export function stemWord(word: string): string {
  if (!/^[а-я]+$/.test(word) || word.length < MIN_STEM + 1) return word;
  // A four-letter word loses only a vowel ending (`мочи` → `моч`, `таза` → `таз`), never a longer one.
  if (word.length === MIN_STEM + 1) return /[аеиоуыюяь]$/.test(word) ? word.slice(0, MIN_STEM) : word;
  for (const ending of ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= MIN_STEM) {
      const stem = word.slice(0, word.length - ending.length);
      return PROTECTED_STEMS.find((protectedStem) => word.startsWith(protectedStem) && protectedStem.startsWith(stem)) ?? stem;
    }
  }
  return word;
}
