/**
 * Finding the dictionary's columns by their header text, so that files with other column orders or
 * English/Russian header names load the same way.
 */

/** Where the columns of a dictionary grid are; `-1` when the file has no such column. */
export interface DictionaryColumns {
  /** Index of the header row in the grid. */
  readonly headerRow: number;
  readonly name: number;
  readonly category: number;
  readonly tariffCode: number;
}

/** How far down a header may sit (a title or a blank line may come first). */
const HEADER_SEARCH_ROWS = 20;

/**
 * Locate the header row and the name, category and tariff-code columns.
 * Returns null when no row within the first rows has a name column.
 */
export function findDictionaryColumns(grid: readonly (readonly string[])[]): DictionaryColumns | null {
  const limit = Math.min(grid.length, HEADER_SEARCH_ROWS);
  for (let row = 0; row < limit; row += 1) {
    const headers = (grid[row] ?? []).map(toHeaderKey);
    const name = bestColumn(headers, nameScore);
    if (name < 0) continue;
    return {
      headerRow: row,
      name,
      category: bestColumn(headers, categoryScore),
      tariffCode: bestColumn(headers, tariffScore),
    };
  }
  return null;
}

/** Header texts the loader understands, for error messages. */
export const EXPECTED_NAME_HEADERS = 'Name_ru, name, Наименование, Название или Услуга';

// ---- internal helpers ----

/** Lower case, `ё` → `е`, separators (`_`, `-`, `.`, spaces) collapsed: `Name_ru` → `name ru`. */
function toHeaderKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s_.\-:]+/g, ' ')
    .trim();
}

function bestColumn(headers: readonly string[], score: (header: string) => number): number {
  let best = -1;
  let bestScore = 0;
  headers.forEach((header, index) => {
    const value = score(header);
    if (value > bestScore) {
      best = index;
      bestScore = value;
    }
  });
  return best;
}

/** Russian names win over other languages' (`Name_kz`), exact words over words inside longer headers. */
function nameScore(header: string): number {
  if (['name ru', 'name rus', 'наименование', 'наименование услуги', 'название', 'название услуги'].includes(header)) return 4;
  if (['name', 'service', 'service name', 'услуга', 'service name ru'].includes(header)) return 3;
  const words = header.split(' ');
  const otherLanguage = words.some((word) => ['kz', 'kaz', 'каз', 'en', 'eng'].includes(word));
  if (otherLanguage) return 0;
  if (words[0] === 'наименование' || words[0] === 'название') return 2;
  if (words[0] === 'name') return 1;
  return 0;
}

function categoryScore(header: string): number {
  if (['category', 'специальность', 'категория', 'specialty', 'speciality'].includes(header)) return 3;
  if (/^(специальн|категор|раздел|группа|отделение|category|specialt|section|group)/.test(header)) return 2;
  return 0;
}

/**
 * NOTE: the client's plain `Code` column is not the tariff code (it is a broken row number), so only
 * headers that say "tariff" in some spelling count.
 */
function tariffScore(header: string): number {
  if (['tariff code', 'tarificatrcode', 'tarificatorcode', 'tariffcode', 'код тарификатора'].includes(header)) return 3;
  if (/tarif|тариф/.test(header)) return 2;
  return 0;
}
