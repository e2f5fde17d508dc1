/**
 * Price cells of scans carry marks that are not part of the price: a speck or a misread rule before or
 * after the number (`. 3 500`, `у 1 200`, `4 200 I`), or the price printed twice in one cell by the OCR
 * layer (`18 000. . 18 000`). This removes them before the price is parsed; it never changes a digit.
 */

/** A cell text after stray marks are removed. */
export interface CleanedPriceText {
  readonly text: string;
  /** True when the cell held the same number twice (`18 000. . 18 000`), now once. */
  readonly doubled: boolean;
}

/**
 * A single mark standing apart before the number: punctuation or a lower-case letter, never a letter that
 * OCR gives for a digit (`И 400` is 11 400, `З 600` is 3 600, `о`/`б`/`з`/`l`) nor the `о` of `от`.
 */
const LEADING_MARK = /^(?:[.,'"`’:;*•~_^]|(?![обзlо])[а-яёa-z])[.,]?\s+(?=\d)/u;
/** A single stray character standing apart after the number: a rule (`I`, `|`, `l`), a dot, a quote. */
const TRAILING_MARK = /(?<=\d)\s+[Il|!.,'"`’*]$/u;
/** A number written with space-grouped thousands, optionally with decimals. */
const NUMBER = /\d+(?:\s\d{3})*(?:[.,]\d{1,2})?/gu;

/** Removes stray marks around a price and a repeated price; other texts come back unchanged. */
export function cleanPriceText(raw: string): CleanedPriceText {
  let text = raw.trim();
  const doubledNumber = doubledOf(text);
  if (doubledNumber !== null) return { text: doubledNumber, doubled: true };
  for (let i = 0; i < 2; i++) text = text.replace(LEADING_MARK, '').replace(TRAILING_MARK, '').trim();
  return { text, doubled: false };
}

// ---------------------------------------------------------------- internal helpers

/** The number of a cell that holds exactly two equal numbers separated only by punctuation and spaces. */
function doubledOf(text: string): string | null {
  const numbers = text.match(NUMBER) ?? [];
  if (numbers.length !== 2 || numbers[0] !== numbers[1]) return null;
  const rest = text.replace(NUMBER, '').replace(/[\s.,;:·•-]/g, '');
  if (rest !== '') return null;
  // Two small numbers (`1. 1`) are more likely two cells run together than one price printed twice.
  return numbers[0]!.replace(/\D/g, '').length >= 3 ? numbers[0]! : null;
}
