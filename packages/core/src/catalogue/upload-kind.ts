/**
 * Whether an upload (or a file of the watched folder) is a ZIP of price lists to unpack, or one price
 * file. XLSX, DOCX and ODS are ZIP containers too; they are told apart by their parts, read from the
 * central directory without unpacking anything.
 */
import { listZipPartNames } from '../archive/zip-container.js';
import type { UPLOAD_SOURCES } from '../contract/limits.js';
import { isZip } from '../archive/index.js';
import { extensionOf } from '../extract/readers/magic.js';

/** `archive`: unpack and ingest each entry; `file`: hand the bytes to the format readers as they are. */
export type UploadKind = (typeof UPLOAD_SOURCES)[number];

/** Office formats that are ZIPs: a damaged one goes to its reader, which says it is damaged or truncated. */
const OFFICE_EXTENSIONS: ReadonlySet<string> = new Set(['xlsx', 'xlsm', 'docx', 'ods']);

/** Decides how to ingest `bytes` named `fileName`. */
export function uploadKind(bytes: Uint8Array, fileName: string): UploadKind {
  if (!isZip(bytes)) return 'file';
  const names = listZipPartNames(bytes);
  // A truncated workbook has no readable central directory: by its name it is a spreadsheet, not an
  // archive, so the user hears «damaged or truncated spreadsheet», not «not a readable ZIP archive».
  if (names === null) return OFFICE_EXTENSIONS.has(extensionOf(fileName)) ? 'file' : 'archive';
  return isOfficeContainer(names) ? 'file' : 'archive';
}

/**
 * True for the parts of a workbook or Word document. NOTE: not merely a `[Content_Types].xml` or a
 * `mimetype` entry: such a stray file at the root of a ZIP of price lists made the whole ZIP be read as
 * one unreadable office file (issue #18).
 */
export function isOfficeContainer(names: readonly string[]): boolean {
  if (names.includes('word/document.xml')) return true;
  if (names.some((name) => name.startsWith('xl/'))) return true;
  return names.includes('content.xml') && names.includes('META-INF/manifest.xml');
}
