/**
 * File signatures ("magic bytes"): what a file is, whatever its name says.
 */
import { utf16Bom } from './csv-text.js';

/** Container kinds recognised from the first bytes of a file. */
export type BinaryKind = 'zip' | 'ole' | 'pdf' | 'image' | 'binary';

const SIGNATURES: readonly { kind: BinaryKind; bytes: readonly number[] }[] = [
  { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // PK\x03\x04: XLSX, DOCX, ODS
  { kind: 'zip', bytes: [0x50, 0x4b, 0x05, 0x06] }, // empty ZIP
  { kind: 'ole', bytes: [0xd0, 0xcf, 0x11, 0xe0] }, // OLE compound file: XLS (and old DOC)
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46] }, // %PDF
  { kind: 'image', bytes: [0x89, 0x50, 0x4e, 0x47] }, // PNG
  { kind: 'image', bytes: [0xff, 0xd8, 0xff] }, // JPEG
  { kind: 'image', bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8
  { kind: 'image', bytes: [0x49, 0x49, 0x2a, 0x00] }, // TIFF (little-endian)
  { kind: 'image', bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // TIFF (big-endian)
  { kind: 'image', bytes: [0x42, 0x4d] }, // BMP
];

/**
 * The container kind of `bytes` from its signature: `binary` for other data with NUL bytes near the
 * start (executables, archives we do not read), `null` when it may be text.
 */
export function sniffBinaryFormat(bytes: Uint8Array): BinaryKind | null {
  for (const sig of SIGNATURES) {
    if (sig.bytes.every((b, i) => bytes[i] === b)) return sig.kind;
  }
  // UTF-16 text (a BOM, then NUL in every other byte of Latin text) is text, not binary (issue #18).
  if (utf16Bom(bytes)) return null;
  // %PDF may follow a few junk bytes (some generators); the spec allows it within the first 1 KB.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (bytes.subarray(0, 8192).includes(0)) return 'binary';
  return null;
}

/** The lower-case extension of a file name without the dot, or `''`. */
export function extensionOf(fileName: string): string {
  return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
}
