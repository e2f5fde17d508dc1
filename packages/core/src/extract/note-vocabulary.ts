/**
 * The remarks a price table prints among its rows (`В стоимость операции не входят ИМН`, `* цены указаны в тенге`),
 * read from `assets/vocabulary/note-lines.tsv` (a linguist edits the file, not the code). This module parses and
 * checks it; every error names the file and the line.
 */
import noteLinesText from '../../assets/vocabulary/note-lines.tsv';
import { PricecatError } from '../errors.js';
import { detail } from '../messages/message-catalogue.js';

const FILE = 'note-lines.tsv';

/** Parses a note-line file (one regular expression a line, `#` comments). */
export function parseNoteLines(text: string, file = FILE): RegExp[] {
  const patterns: RegExp[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const where = `${file}:${i + 1}`;
    if (line.includes('\t')) fail(`${where}: one expression a line, without TABs, found «${line}»`);
    try {
      patterns.push(new RegExp(line.trim(), 'u'));
    } catch (error) {
      fail(`${where}: not a valid regular expression (${(error as Error).message})`);
    }
  });
  if (patterns.length === 0) fail(`${file}: no expression`);
  return patterns;
}

let bundled: RegExp[] | undefined;

/** True when `text` reads as a remark about the prices, not a service. */
export function isNoteText(text: string): boolean {
  const key = text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
  return key !== '' && (bundled ??= parseNoteLines(noteLinesText)).some((p) => p.test(key));
}

function fail(message: string): never {
  throw new PricecatError('INVALID_INPUT', detail('NOTE_LINES_INVALID', { problem: message }));
}
