/**
 * Splits a name into the parts that match the typed words and the rest, case-insensitively (Cyrillic
 * included: `узи` matches `УЗИ`), so a template can wrap matches in `<mark>` while staying text-only.
 *
 * @module
 */

/** One piece of a name; `match` pieces are the typed words. */
export interface HighlightPart {
  readonly text: string;
  readonly match: boolean;
}

/** `highlightParts('УЗИ почек', 'узи')` → `[{text:'УЗИ',match:true},{text:' почек',match:false}]`. */
export function highlightParts(name: string, query: string): HighlightPart[] {
  const words = query
    .toLocaleLowerCase('ru')
    .split(/\s+/)
    .filter((word) => word.length > 0);
  if (words.length === 0) return [{ text: name, match: false }];
  const lower = name.toLocaleLowerCase('ru');
  // Lower-casing Russian keeps string length, so indexes found in `lower` are valid in `name`.
  const marked = new Array<boolean>(name.length).fill(false);
  for (const word of words) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + word.length)) {
      marked.fill(true, at, at + word.length);
    }
  }
  const parts: HighlightPart[] = [];
  for (let i = 0; i < name.length; ) {
    let j = i;
    while (j < name.length && marked[j] === marked[i]) j++;
    parts.push({ text: name.slice(i, j), match: marked[i] === true });
    i = j;
  }
  return parts;
}
