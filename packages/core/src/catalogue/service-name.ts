/**
 * A dictionary-style name from a price-list name: what a new service proposed from a group of price-list
 * rows is called. Price lists decorate names with who performs the service, a programme it belongs to
 * and sales words; a dictionary entry names the service alone.
 */

/** Letters, for boundaries: `\b` knows no Cyrillic. */
const L = String.raw`\p{L}`;

/** Phrases removed from a price-list name, matched case-insensitively on whole words. */
const DECORATIONS: readonly RegExp[] = [
  // Degrees and categories of the doctor: «к.м.н.», «д.м.н», «PhD», «врача высшей категории».
  words(String.raw`(?:к|д)\.?\s?м\.?\s?н\.?|phd|профессор[а-я]*|доцент[а-я]*`),
  words(String.raw`(?:с\s+)?(?:врач[а-я]*\s+)?(?:высш[а-я]*|перв[а-я]*|втор[а-я]*)\s+категори[а-я]*`),
  // What the price includes or not, and sales words.
  words(String.raw`без\s+(?:учета|учёта|стоимости)\s+[а-яё]+`),
  words(String.raw`(?:стоимость|цена|тенге|тг\.?|услуга)`),
];

/**
 * `Первичный прием врача ортопеда к.м.н./врача высшей категории` → `Первичный прием врача ортопеда`;
 * `Анализ мочи. Check up` → `Анализ мочи` (a trailing sentence names a programme or a place; pass
 * `{ firstSentence: false }` to keep it); `С-реактивный белок услуга` → `С-реактивный белок`.
 * Returns the name trimmed when nothing is left.
 */
export function cleanServiceName(rawName: string, options: { readonly firstSentence?: boolean } = {}): string {
  let text = options.firstSentence === false ? rawName : rawName.split(/\.\s+(?=[A-ZА-ЯЁ])/u)[0]!;
  for (const pattern of DECORATIONS) text = text.replace(pattern, ' ');
  const cleaned = tidy(text);
  return cleaned === '' ? tidy(rawName) : capitalize(cleaned);
}

/**
 * A section heading without its numbering: `Раздел 7.Оториноларингология` → `Оториноларингология`,
 * `31.5.Биохимические исследования` → `Биохимические исследования`, `- МСКТ - Малый таз` → `МСКТ - Малый таз`.
 */
export function cleanSectionHeading(section: string): string {
  const stripped = section.replace(/^\s*(?:(?:под)?раздел\s*)?(?:[\d.\s]+|[–—-]\s*)+/iu, '');
  const cleaned = tidy(stripped);
  return cleaned === '' ? tidy(section) : capitalize(cleaned);
}

// ---- internal helpers ----

function words(source: string): RegExp {
  return new RegExp(`(?<!${L})(?:${source})(?!${L})`, 'giu');
}

/** Removes what the cuts leave behind: empty brackets, dangling slashes and commas, double spaces. */
function tidy(text: string): string {
  let result = text.replace(/\s+/g, ' ');
  for (let previous = ''; previous !== result; ) {
    previous = result;
    result = result
      .replace(/\(\s*[/,.;:-]*\s*\)/g, ' ')
      .replace(/\s*\/\s*(?=[/),]|$)/g, ' ')
      .replace(/(?<=\()\s*[/,]\s*/g, '')
      .replace(/\s+([,.;:)])/g, '$1')
      .replace(/,[\s,]*(?=\S)/g, ', ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^[\s,.;:/–-]+|[\s,;:/–-]+$/g, '')
      .replace(/\.$/, '');
  }
  return result;
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('ru') + text.slice(1);
}
