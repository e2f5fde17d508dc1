/** One word tesseract found, in pixels of the picture it read (origin top-left). */
export interface OcrWord {
  readonly text: string;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  /** 0–100; tesseract's own estimate, often 0 for words it read correctly on scans. */
  readonly confidence: number;
}

/** The TSV level of a single word (1 page, 2 block, 3 paragraph, 4 line, 5 word). */
const WORD_LEVEL = 5;

/**
 * Words of tesseract's `tsv` output (columns `level page_num block_num par_num line_num word_num
 * left top width height conf text`), in the order tesseract wrote them (reading order by block and
 * line). Rows of other levels, malformed rows and blank words (tesseract reports table rules as
 * words of spaces) are left out.
 */
export function parseTesseractTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  for (const line of tsv.split(/\r?\n/)) {
    const cells = line.split('\t');
    if (cells.length < 12 || Number(cells[0]) !== WORD_LEVEL) continue;
    // The text is the last column; a tab inside it (never seen, but cheap to allow) stays in it.
    const text = cells.slice(11).join('\t').trim();
    const [left, top, width, height, confidence] = cells.slice(6, 11).map(Number);
    if (!text || [left, top, width, height, confidence].some((n) => n === undefined || !Number.isFinite(n))) continue;
    words.push({ text, left: left!, top: top!, width: width!, height: height!, confidence: confidence! });
  }
  return words;
}

/** Characters a table's vertical rules are read as, glued to the words beside them (`[Прием`, `8800]`). */
const RULE_CHARS = '|[]';
const ALNUM = /[\p{L}\p{N}]/gu;

/**
 * The word without the table rules glued to its ends, its box narrowed in proportion; `null` when it
 * is noise: nothing but rules and punctuation, or a fragment of at most two letters/digits that
 * tesseract itself doubts (confidence below `minConfidence`). Longer words are kept whatever their
 * confidence: on scans tesseract gives 0 to words it read right (`Прием`, `медицинской`).
 */
export function cleanOcrWord(word: OcrWord, minConfidence: number): OcrWord | null {
  const chars = [...word.text];
  let start = 0;
  let end = chars.length;
  while (start < end && RULE_CHARS.includes(chars[start]!)) start++;
  while (end > start && RULE_CHARS.includes(chars[end - 1]!)) end--;
  const text = chars.slice(start, end).join('').trim();
  const alnum = text.match(ALNUM)?.length ?? 0;
  if (alnum === 0) return null;
  if (alnum <= 2 && word.confidence < minConfidence) return null;
  if (start === 0 && end === chars.length) return word;
  const charWidth = word.width / chars.length;
  return {
    ...word,
    text,
    left: word.left + start * charWidth,
    width: (end - start) * charWidth,
  };
}
