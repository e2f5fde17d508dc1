/**
 * The clinic name a file name implies: `Клиника 7_Прайс 2026.xls` → `Клиника 7`. Used when the
 * document states no name, and always stored as an alias so later files named the same way find
 * the clinic.
 */

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';

/** Words that name the document, not the clinic, with the words that usually follow them. */
const PRICE_WORDS = new RegExp(
  `${NOT_WORD_BEFORE}(?:прайс[\\s-]*лист\\p{L}*|прайс\\p{L}*|прейскурант\\p{L}*|price[\\s-]*list\\p{L}*|prices?|pricelist|цены|цен|тариф\\p{L}*|стоимость)` +
    `(?:\\s+(?:цен|на|платные|медицинские|мед|услуги|услуг))*${NOT_WORD_AFTER}`,
  'giu',
);

const MONTHS = 'январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр';

/** Dates and years, with the prepositions and `год`/`г.` around them: `от 01.02.2026`, `на 2025 год`. */
const DATE_WORDS = new RegExp(
  `(?:${NOT_WORD_BEFORE}(?:от|на|с|c|for|from)\\s+)?` +
    `(?:\\d{1,2}[.\\-/]\\d{1,2}[.\\-/](?:19|20)?\\d{2}|(?:19|20)\\d{2}[.\\-/]\\d{1,2}[.\\-/]\\d{1,2}|` +
    `(?:\\d{1,2}\\s+)?(?:${MONTHS})\\p{L}*\\s+(?:19|20)\\d{2}|(?:19|20)\\d{2}(?:\\s*-\\s*(?:19|20)\\d{2})?)` +
    `(?:\\s*(?:год\\p{L}*|гг?\\.?|г\\.|y|yr))?${NOT_WORD_AFTER}`,
  'giu',
);

/** Copies and versions: `(1)`, `копия`, `final`, `new`, `v2`. */
const COPY_WORDS = new RegExp(`\\(\\d+\\)|${NOT_WORD_BEFORE}(?:копия|copy|final|new|нов\\p{L}*|v\\d+)${NOT_WORD_AFTER}`, 'giu');

/**
 * The clinic name implied by a path: the file name without extension, price-list words, dates, years
 * and separators. When nothing is left (`Прайс 2026.xlsx`), the nearest folder that yields a name is
 * used (`Клиника 3/прайс.pdf` → `Клиника 3`), else the bare file name.
 */
export function clinicNameFromPath(path: string): string {
  const parts = path.split(/[\\/]+/).filter((part) => part.length > 0);
  const fileName = parts.pop() ?? '';
  const base = fileName.replace(/\.[a-z0-9]{2,5}$/i, '');
  const fromFile = cleanFileName(base);
  if (fromFile) return fromFile;
  for (const folder of parts.reverse()) {
    const fromFolder = cleanFileName(folder);
    if (fromFolder) return fromFolder;
  }
  return base.replace(/[_\s]+/g, ' ').trim();
}

/** File-name words removed, separators collapsed; empty when only noise was there. */
export function cleanFileName(base: string): string {
  return base
    .replace(/[_]+/g, ' ')
    .replace(PRICE_WORDS, ' ')
    .replace(DATE_WORDS, ' ')
    .replace(COPY_WORDS, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–—.,;:()]+|[\s\-–—.,;:(]+$/g, '')
    .trim();
}
