/**
 * The one way pricecat opens a ZIP container: an uploaded archive, an XLSX or ODS workbook, a DOCX.
 * The central directory is read first; parts are inflated a slice at a time and their real output
 * counted (a header may lie), so no container unpacks past the budget its caller gives, whatever
 * its headers declare. `read-zip.ts` builds the uploaded archive's checks on top of the same parts.
 * Browser-safe: fflate and `TextDecoder` only.
 */
import type { CentralDirectoryRecord } from './central-directory.js';
import { readCentralDirectory, readEndOfCentralDirectory, readPackedData } from './central-directory.js';
import { decodeEntryName } from './entry-name.js';
import { concatChunks, inflateInChunks } from './unpack-entry.js';

/** One part of a container, named as its producer wrote it (`xl/worksheets/sheet1.xml`). */
export interface ZipPart {
  name: string;
  record: CentralDirectoryRecord;
}

/** How streaming one part ended. */
export type PartStream = { kind: 'done' } | { kind: 'stopped' } | { kind: 'damaged'; detail: string };

/** What {@link readZipParts} found. */
export type ZipPartsRead =
  | { kind: 'read'; parts: Map<string, Uint8Array> }
  | { kind: 'unreadable'; detail: string }
  | { kind: 'over-budget'; name: string }
  | { kind: 'damaged'; name: string; detail: string };

/** Thrown from a chunk callback to stop inflating; caught here, never escapes. */
const STOP = Symbol('stop-streaming');

/** The parts a container lists, or why its structure cannot be read. */
export function openZip(bytes: Uint8Array): ZipPart[] | { unreadable: string } {
  try {
    const records = readCentralDirectory(bytes, readEndOfCentralDirectory(bytes));
    return records.map((record) => ({ name: decodeEntryName(record.rawName, record.flags, record.extra), record }));
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
}

/** The names of a container's parts, or `null` when it is not a readable ZIP. */
export function listZipPartNames(bytes: Uint8Array): string[] | null {
  const opened = openZip(bytes);
  return Array.isArray(opened) ? opened.map((part) => part.name) : null;
}

/**
 * Hands a part's unpacked bytes to `onChunk` as they come out. `onChunk` returns `false` to stop (the
 * caller's budget is spent); a part stored with a method other than store or deflate is `damaged`.
 */
export function streamZipPart(bytes: Uint8Array, part: ZipPart, onChunk: (chunk: Uint8Array) => boolean | void): PartStream {
  const { method } = part.record;
  if (method !== 0 && method !== 8) return { kind: 'damaged', detail: `метод сжатия ${method} не поддерживается` };
  const packed = readPackedData(bytes, part.record);
  if ('damaged' in packed) return { kind: 'damaged', detail: packed.damaged };
  try {
    if (method === 0) {
      if (onChunk(packed.data) === false) return { kind: 'stopped' };
    } else {
      inflateInChunks(packed.data, (chunk) => {
        if (onChunk(chunk) === false) throw STOP;
      });
    }
  } catch (error) {
    if (error === STOP) return { kind: 'stopped' };
    return { kind: 'damaged', detail: `сжатые данные испорчены (${error instanceof Error ? error.message : String(error)})` };
  }
  return { kind: 'done' };
}

/**
 * Reads the parts whose names `wants` accepts into memory, counting their real unpacked bytes
 * together against `maxBytes`: the first part that would pass it ends the read as `over-budget`.
 */
export function readZipParts(bytes: Uint8Array, wants: (name: string) => boolean, maxBytes: number): ZipPartsRead {
  const opened = openZip(bytes);
  if (!Array.isArray(opened)) return { kind: 'unreadable', detail: opened.unreadable };
  const parts = new Map<string, Uint8Array>();
  let total = 0;
  for (const part of opened) {
    if (!wants(part.name)) continue;
    const chunks: Uint8Array[] = [];
    let size = 0;
    const outcome = streamZipPart(bytes, part, (chunk) => {
      total += chunk.length;
      if (total > maxBytes) return false;
      size += chunk.length;
      chunks.push(chunk);
      return true;
    });
    if (outcome.kind === 'stopped') return { kind: 'over-budget', name: part.name };
    if (outcome.kind === 'damaged') return { kind: 'damaged', name: part.name, detail: outcome.detail };
    parts.set(part.name, concatChunks(chunks, size));
  }
  return { kind: 'read', parts };
}
