/**
 * Decides what to do with an entry by its decoded name: extract it, skip it silently (folders and
 * operating-system clutter), or refuse it because writing it anywhere could escape the target
 * folder ("zip slip").
 */
import { detail, type ErrorDetail } from '../messages/message-catalogue.js';

/** What `classifyEntryPath` found. `path` is the cleaned `/`-separated path, `name` its last segment. */
export type EntryPathVerdict =
  | { kind: 'file'; path: string; name: string }
  | { kind: 'skip' }
  | { kind: 'unsafe'; reason: ErrorDetail };

/**
 * Classifies a decoded entry name. Unsafe names are checked first, so a traversal hidden in a
 * folder entry or under `__MACOSX/` is still reported rather than skipped.
 */
export function classifyEntryPath(decodedName: string, isDirectoryEntry: boolean): EntryPathVerdict {
  const unsafe = findUnsafeness(decodedName);
  if (unsafe) return { kind: 'unsafe', reason: detail('ARCHIVE_ENTRY_UNSAFE_PATH', { path: printable(decodedName), why: unsafe }) };
  // "." and empty segments ("a//b", "./a") carry no meaning; dropping them keeps paths comparable.
  const segments = decodedName.split('/').filter((segment) => segment !== '' && segment !== '.');
  const name = segments.at(-1);
  if (isDirectoryEntry || decodedName.endsWith('/') || name === undefined || isJunk(segments, name)) {
    return { kind: 'skip' };
  }
  return { kind: 'file', path: segments.join('/'), name };
}

function findUnsafeness(name: string): string | undefined {
  if (name.includes('\0')) return 'в нём есть символ NUL';
  if (name.includes('\\')) {
    return 'в нём есть обратная косая черта (\\), которую некоторые системы читают как разделитель папок';
  }
  if (name.startsWith('/')) return 'это абсолютный путь (начинается с /)';
  if (/^[A-Za-z]:/.test(name)) return 'он называет диск (например, C:)';
  if (name.split('/').includes('..')) return 'он выходит из папки архива через «..»';
  return undefined;
}

/** Clutter that archivers and file managers add next to the real files. */
function isJunk(segments: readonly string[], name: string): boolean {
  const lowerName = name.toLowerCase();
  return (
    segments.some((segment) => segment.toLowerCase() === '__macosx') ||
    lowerName === '.ds_store' ||
    lowerName === 'thumbs.db' ||
    lowerName === 'desktop.ini' ||
    name.startsWith('~$') || // Office lock file of a document open while zipping
    name.startsWith('._') || // macOS AppleDouble resource fork
    // Office-container markers left at the root of a price ZIP (a workbook unzipped and re-zipped with
    // the lists beside it): no price list, and not a reason to refuse the archive (issue #18).
    (segments.length === 1 && (name === 'mimetype' || name === '[Content_Types].xml'))
  );
}

/** Makes control characters visible in messages instead of corrupting the text around them. */
export function printable(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
