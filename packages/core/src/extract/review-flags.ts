/**
 * Review flags: what a person should check on a row (a price that was repaired, is missing or looks wrong)
 * and what a file's report says about rows that were not read. Each has a stable code and parameters for
 * programs, and a Russian sentence for the UI; the sentence starts with the code in brackets so that the
 * plain `warnings` strings (which reach `PriceList.warnings`, `FileReport.warnings` and the positions)
 * can be told apart without parsing prose.
 */
import type { RowFlag, RowFlagCode } from '../model/row-flag.js';
import { renderMessage } from '../messages/message-catalogue.js';

export type { RowFlag, RowFlagCode };

/** Codes of file-level issues. */
export type ExtractIssueCode =
  /** Numbers of a `№` column missing from the extracted rows. */
  | 'ROWS_NOT_EXTRACTED'
  /** Rows kept without a price (see their flags). */
  | 'ROWS_WITHOUT_PRICE'
  /** Prices left out of rows because they did not fit their column. */
  | 'PRICES_REJECTED'
  /** Rows whose price was repaired (OCR digits, the column's pattern, the ratio between price columns). */
  | 'PRICES_REPAIRED'
  /** Rows with prices whose name the scan lost: not extracted. */
  | 'ROWS_WITHOUT_NAME'
  /** A table without a header row: the name and price columns were guessed from the data. */
  | 'NO_HEADER_ROW'
  /** Rows of a scan without the price the page's other rows have (the text layer may have lost it). */
  | 'ROWS_LACK_PRICE'
  /** Price cells whose OCR text could not be read (some recovered from the ratio between price columns). */
  | 'OCR_PRICE_UNREADABLE'
  /** Rows with a name but no price (empty or 0), skipped. */
  | 'ROWS_WITHOUT_PRICE_SKIPPED'
  /** A document without a price table, read from lines of the form «name … price». */
  | 'FREE_FORM_LINES'
  /** A scanned page read as a free-form list rather than a table. */
  | 'FREE_FORM_PAGE'
  /** Prices read again from the page image (the text layer lacked them), kept and flagged on their rows. */
  | 'PRICES_REREAD'
  /** Rows of a free-form list whose price was written as a range or a sum (lower bound or total kept). */
  | 'PRICES_NOT_EXACT'
  /** A scan page read again, whole, from its image because its text layer lost most of its rows. */
  | 'PAGE_REREAD'
  /** Rows whose name's closing code the scan's text layer damaged, repaired (the neighbours' codes, the page image). */
  | 'NAMES_REPAIRED';

/** A file-level issue: per table (page) of the document. */
export interface ExtractIssue {
  readonly code: ExtractIssueCode;
  /** The table (`page 6`, a sheet's name). */
  readonly table: string;
  readonly params: {
    readonly count?: number;
    readonly numbers?: readonly number[];
    readonly rows?: readonly string[];
    /** Examples of unreadable cells. */
    readonly examples?: readonly string[];
    /** Prices recovered from the ratio between price columns. */
    readonly recovered?: number;
  };
  /** The Russian sentence for the UI, prefixed with `[CODE]`. */
  readonly message: string;
}

/** A row flag with its Russian message. */
export function rowFlag(code: RowFlagCode, params: Readonly<Record<string, string | number>>): RowFlag {
  return { code, params, message: `[${code}] ${rowMessage(code, params)}` };
}

/** A file-level issue with its Russian message (text from the message catalogue, `warning.<CODE>`). */
export function extractIssue(code: ExtractIssueCode, table: string, params: ExtractIssue['params']): ExtractIssue {
  const text = renderMessage(`warning.${code}`, {
    where: placeInRussian(table),
    count: params.count ?? 0,
    numbers: params.numbers ? formatNumbers(params.numbers) : '',
    rows: (params.rows ?? []).join('; '),
    examples: (params.examples ?? []).map((e) => `«${e}»`).join(', '),
    recovered: params.recovered ?? 0,
  });
  return { code, table, params, message: `[${code}] ${text}` };
}

/**
 * Where in a file, for a person: the readers' table names (`page 3`, `pages 3-4`, the DOCX's `table 2`) in Russian
 * (`стр. 3`, `стр. 3-4`, `таблица 2`); a sheet keeps its own name.
 */
export function placeInRussian(table: string): string {
  return table.replace(/^pages? (?=\d)/, 'стр. ').replace(/^table (?=\d)/, 'таблица ');
}

/** Row numbers as ranges: `12, 15–17, 20`. */
export function formatNumbers(numbers: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let j = i;
    while (j + 1 < numbers.length && numbers[j + 1] === numbers[j]! + 1) j++;
    parts.push(j > i + 1 ? `${numbers[i]}–${numbers[j]}` : j === i + 1 ? `${numbers[i]}, ${numbers[j]}` : `${numbers[i]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

// ---------------------------------------------------------------- internal helpers

function rowMessage(code: RowFlagCode, p: Readonly<Record<string, string | number>>): string {
  const column = p.header ? ` (колонка «${String(p.header).slice(0, 40)}»)` : '';
  switch (code) {
    case 'PRICE_UNREADABLE':
      return `цена «${p.raw}»${column} не прочитана со скана; строка сохранена без этой цены — проверьте по странице`;
    case 'PRICE_MISSING':
      return 'в строке нет цены, которую можно прочитать; строка сохранена без цены — проверьте по странице';
    case 'PRICE_IMPLAUSIBLE':
      return `цена «${p.raw}»${column} не похожа на цены этой колонки (${p.reason}); не сохранена — проверьте по странице`;
    case 'PRICE_REPAIRED':
      return `цена «${p.raw}»${column} прочитана как ${p.value} по образцу колонки (${p.reason}) — проверьте`;
    case 'PRICE_DOUBLED':
      return `цена «${p.raw}»${column} напечатана дважды; прочитана один раз: ${p.value}`;
    case 'PRICE_REREAD_OCR':
      return `цена${column} ${p.raw ? `«${p.raw}» не прочитана` : 'отсутствует'} в текстовом слое скана; прочитана с изображения страницы как ${p.value} — проверьте`;
    case 'PRICE_RANGE':
      return `цена указана диапазоном «${p.raw}»; сохранена нижняя граница ${p.value} — проверьте`;
    case 'PRICE_SUM':
      return `цена записана суммой «${p.raw}»; сохранена сумма ${p.value} — проверьте`;
    case 'ROW_FROM_PAGE_IMAGE':
      return 'строка прочитана с изображения страницы: текстовый слой скана потерял большую часть строк этой страницы — проверьте название и цену по странице';
    case 'NAME_REPAIRED':
      return `название «${p.raw}» исправлено: код в конце названия ${p.how === 'image' ? 'прочитан с изображения страницы' : 'восстановлен по кодам соседних строк'} — проверьте`;
    case 'NAME_CUT':
      return `название из ${p.length} знаков обрезано до ${p.kept}: так длинно пишут примечание, а не услугу — проверьте строку в файле`;
    case 'PRICE_REREAD_REJECTED':
      return `на изображении страницы${column} прочитано «${p.reread}», но это не похоже на цену колонки (${p.reason}); не сохранено — проверьте по странице`;
  }
}
