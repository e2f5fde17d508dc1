/**
 * The date a price list takes effect, as an ISO string.
 *
 * Decision (documented for reviewers): only phrases about the list *taking effect* count —
 * `вводится в действие с 1 февраля 2025 г.`, `действует с 01.01.2026`, `с 01.01.2026`, and, weaker,
 * `на 2026 год` / `2026 год` in a title. Dates after `от` (`приказ от 25.12.2025`, `договор № 130 от
 * 15 января 2015 года`) are approval or contract dates, not the list's: they are ignored. Without a
 * content date, the year in the file name gives `YYYY-01-01`.
 */

const MONTHS: readonly string[] = [
  'январ', 'феврал', 'март', 'апрел', 'ма[йя]', 'июн', 'июл', 'август', 'сентябр', 'октябр', 'ноябр', 'декабр',
];
const MONTH = `(?:${MONTHS.join('|')})\\p{L}*`;
/** A day number as OCR reads it: `I` or `l` for 1, `О` for 0. */
const DAY = '[0-9IlОO]{1,2}';
const YEAR = '(?:19|20)\\d{2}';
const NUMERIC_DATE = `(${DAY})[.\\-/](\\d{1,2})[.\\-/](${YEAR}|\\d{2})`;
const WORD_DATE = `(?:[«"]?(${DAY})[»"]?\\s+)?(${MONTH})\\s+(${YEAR})`;

/** "Takes effect from": вводится в действие с, действует с, вступает в силу с, применяется с, ... */
const EFFECT_WORDS =
  '(?:ввод\\p{L}*(?:\\s+в\\s+дей\\p{L}*)?|вступа\\p{L}*\\s+в\\s+силу|действ\\p{L}*|дейсв\\p{L}*|применя\\p{L}*|утвержд\\p{L}*\\s+и\\s+вводится)\\s+';

const STRONG_NUMERIC = new RegExp(`${EFFECT_WORDS}(?:с|c)\\s+${NUMERIC_DATE}`, 'iu');
const STRONG_WORDS = new RegExp(`${EFFECT_WORDS}(?:с|c)\\s+${WORD_DATE}`, 'iu');
/** A bare «с 01.01.2026» that is not part of «от ... по ...» wording. */
const FROM_NUMERIC = new RegExp(`(?<![\\p{L}\\p{N}])(?:с|c)\\s+${NUMERIC_DATE}`, 'iu');
const FROM_WORDS = new RegExp(`(?<![\\p{L}\\p{N}])(?:с|c)\\s+${WORD_DATE}`, 'iu');
/** «на 2026 год», «на 2026 г.», «2026 год» (a title's year). */
const FOR_YEAR = new RegExp(`(?:(?<![\\p{L}\\p{N}])на\\s+)?(${YEAR})\\s*(?:год|г\\.)(?!\\p{L})`, 'iu');
const TITLE_WORDS = /прейскурант|прайс|цен[аы]?(?!\p{L})|тариф|price/iu;
const CONTRACT_OR_ORDER = /(?<![\p{L}])от\s*$/iu;

/**
 * The effective date stated in `lines`, or null. Strongest evidence first: an effect phrase with a
 * full date, then a bare `с <date>`, then a year in a title line (`Прейскурант на 2026 год` →
 * `2026-01-01`). A month without a day means its first day.
 */
export function findEffectiveDate(lines: readonly string[]): string | null {
  const passes: readonly ((line: string) => string | null)[] = [
    (line) => numericDate(STRONG_NUMERIC.exec(line)) ?? wordDate(STRONG_WORDS.exec(line)),
    (line) => numericDate(FROM_NUMERIC.exec(line)) ?? wordDate(FROM_WORDS.exec(line)),
    (line) => titleYear(line),
  ];
  for (const pass of passes) {
    for (const line of lines) {
      const date = pass(line);
      if (date) return date;
    }
  }
  return null;
}

/** `YYYY-01-01` from the last four-digit year (1990–2099) in a path's file name, or null. */
export function effectiveDateFromFileName(path: string): string | null {
  const fileName = path.split(/[\\/]+/).pop() ?? '';
  const years = [...fileName.matchAll(/(?<!\d)((?:199|20\d)\d)(?!\d)/g)].map((match) => match[1]);
  const year = years[years.length - 1];
  return year ? `${year}-01-01` : null;
}

// ---- internal helpers ----

function numericDate(match: RegExpExecArray | null): string | null {
  if (!match) return null;
  const year = toYear(match[3] ?? '');
  return isoDate(year, Number(match[2]), toDay(match[1] ?? ''));
}

function wordDate(match: RegExpExecArray | null): string | null {
  if (!match) return null;
  const monthText = (match[2] ?? '').toLowerCase();
  const month = MONTHS.findIndex((stem) => new RegExp(`^${stem}`, 'u').test(monthText)) + 1;
  const day = match[1] ? toDay(match[1]) : 1;
  return isoDate(Number(match[3]), month, day);
}

function titleYear(line: string): string | null {
  const match = FOR_YEAR.exec(line);
  if (!match || !TITLE_WORDS.test(line)) return null;
  if (CONTRACT_OR_ORDER.test(line.slice(0, match.index))) return null;
  return `${match[1]}-01-01`;
}

function toDay(text: string): number {
  return Number(text.replace(/[Il]/g, '1').replace(/[ОO]/g, '0'));
}

function toYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

function isoDate(year: number, month: number, day: number): string | null {
  if (!(year >= 1990 && year <= 2099 && month >= 1 && month <= 12)) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!(day >= 1 && day <= daysInMonth)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
