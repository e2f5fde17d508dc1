/**
 * Reads a ZIP's end-of-central-directory record and central directory (PKWARE APPNOTE 6.3.10,
 * sections 4.3.12–4.3.16, 4.5.3), without inflating anything: the declared counts and sizes found
 * here are checked against the limits before a single byte is unpacked.
 */
import { archiveInvalid } from './archive-errors.js';

/** One central-directory record: what the archive says about an entry. */
export interface CentralDirectoryRecord {
  /** Raw name bytes; their encoding depends on `flags` and the extra field (see `entry-name.ts`). */
  rawName: Uint8Array;
  /** General-purpose bit flag: bit 0 = encrypted, bit 11 = UTF-8 name. */
  flags: number;
  /** Compression method: 0 stored, 8 deflate; anything else we cannot unpack. */
  method: number;
  crc32: number;
  compressedSize: number;
  /** Declared unpacked size; may lie, so unpacking never produces more than this. */
  uncompressedSize: number;
  localHeaderOffset: number;
  externalAttributes: number;
  extra: Uint8Array;
}

/** Where the central directory lies and how many entries it declares. */
export interface EndOfCentralDirectory {
  entryCount: number;
  offset: number;
  size: number;
  /** Position of the (ZIP64) end record: the central directory must end before it. */
  endPosition: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_LENGTH = 22;
const MAX_COMMENT_LENGTH = 0xffff;
/** Extra-field id of the ZIP64 extended information (sizes and offsets above 4 GiB). */
const ZIP64_EXTRA_ID = 0x0001;

function u16(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) >>> 0;
}

/** 64-bit little-endian as a JS number; exact up to 2^53, far beyond any archive we accept. */
function u64(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) + u32(bytes, at + 4) * 0x1_0000_0000;
}

/** True when `bytes` starts with a ZIP signature (a local file header, or the end record of an empty archive). */
export function hasZipSignature(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const signature = u32(bytes, 0);
  return signature === LOCAL_SIGNATURE || signature === EOCD_SIGNATURE;
}

/** Finds the end-of-central-directory record (ZIP64 aware); throws `ARCHIVE_INVALID` when absent or inconsistent. */
export function readEndOfCentralDirectory(bytes: Uint8Array): EndOfCentralDirectory {
  const position = findEocdPosition(bytes);
  if (position < 0) {
    throw archiveInvalid(
      hasZipSignature(bytes)
        ? 'файл обрезан (нет его конца со списком файлов)'
        : 'файл вовсе не ZIP',
    );
  }
  if (u16(bytes, position + 4) !== 0 || u16(bytes, position + 6) !== 0) {
    // 0xFFFF here means "see ZIP64"; real multi-part archives are refused with a clear reason.
    if (!hasZip64Locator(bytes, position)) throw archiveInvalid('это одна часть многотомного архива');
  }
  const eocd: EndOfCentralDirectory = {
    entryCount: u16(bytes, position + 10),
    size: u32(bytes, position + 12),
    offset: u32(bytes, position + 16),
    endPosition: position,
  };
  const fromZip64 = hasZip64Locator(bytes, position) ? readZip64End(bytes, position) : eocd;
  if (fromZip64.offset + fromZip64.size > fromZip64.endPosition) {
    throw archiveInvalid('список файлов архива указывает за пределы файла — архив обрезан или повреждён');
  }
  return fromZip64;
}

function findEocdPosition(bytes: Uint8Array): number {
  const lowest = Math.max(0, bytes.length - EOCD_LENGTH - MAX_COMMENT_LENGTH);
  for (let at = bytes.length - EOCD_LENGTH; at >= lowest; at--) {
    if (u32(bytes, at) === EOCD_SIGNATURE && at + EOCD_LENGTH + u16(bytes, at + 20) <= bytes.length) return at;
  }
  return -1;
}

function hasZip64Locator(bytes: Uint8Array, eocdPosition: number): boolean {
  return eocdPosition >= 20 && u32(bytes, eocdPosition - 20) === ZIP64_LOCATOR_SIGNATURE;
}

function readZip64End(bytes: Uint8Array, eocdPosition: number): EndOfCentralDirectory {
  const at = u64(bytes, eocdPosition - 20 + 8);
  if (at + 56 > eocdPosition || u32(bytes, at) !== ZIP64_EOCD_SIGNATURE) {
    throw archiveInvalid('нет или повреждена его завершающая запись ZIP64');
  }
  if (u32(bytes, at + 16) !== 0 || u32(bytes, at + 20) !== 0) {
    throw archiveInvalid('это одна часть многотомного архива');
  }
  return { entryCount: u64(bytes, at + 32), size: u64(bytes, at + 40), offset: u64(bytes, at + 48), endPosition: at };
}

/** Parses every central-directory record; throws `ARCHIVE_INVALID` when one is malformed. */
export function readCentralDirectory(bytes: Uint8Array, eocd: EndOfCentralDirectory): CentralDirectoryRecord[] {
  const records: CentralDirectoryRecord[] = [];
  const end = eocd.offset + eocd.size;
  let at = eocd.offset;
  for (let index = 0; index < eocd.entryCount; index++) {
    if (at + 46 > end || u32(bytes, at) !== CENTRAL_SIGNATURE) {
      throw archiveInvalid(`список файлов архива повреждён на записи ${index + 1}`);
    }
    const nameLength = u16(bytes, at + 28);
    const extraLength = u16(bytes, at + 30);
    const commentLength = u16(bytes, at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) throw archiveInvalid(`список файлов архива повреждён на записи ${index + 1}`);
    const extra = bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    records.push(
      withZip64Sizes({
        rawName: bytes.subarray(at + 46, at + 46 + nameLength),
        flags: u16(bytes, at + 8),
        method: u16(bytes, at + 10),
        crc32: u32(bytes, at + 16),
        compressedSize: u32(bytes, at + 20),
        uncompressedSize: u32(bytes, at + 24),
        externalAttributes: u32(bytes, at + 38),
        localHeaderOffset: u32(bytes, at + 42),
        extra,
      }),
    );
    at = next;
  }
  return records;
}

/** Replaces 0xFFFFFFFF placeholders with the values from the ZIP64 extra field (APPNOTE 4.5.3). */
function withZip64Sizes(record: CentralDirectoryRecord): CentralDirectoryRecord {
  const MAX32 = 0xffffffff;
  if (record.uncompressedSize !== MAX32 && record.compressedSize !== MAX32 && record.localHeaderOffset !== MAX32) {
    return record;
  }
  const field = findExtraField(record.extra, ZIP64_EXTRA_ID);
  if (!field) throw archiveInvalid('в записи нет сведений ZIP64, которые объявляет её заголовок');
  let at = 0;
  const next = (value: number): number => {
    if (value !== MAX32) return value;
    if (at + 8 > field.length) throw archiveInvalid('у записи повреждено дополнительное поле ZIP64');
    const read = u64(field, at);
    at += 8;
    return read;
  };
  const uncompressedSize = next(record.uncompressedSize);
  const compressedSize = next(record.compressedSize);
  const localHeaderOffset = next(record.localHeaderOffset);
  return { ...record, uncompressedSize, compressedSize, localHeaderOffset };
}

/** Returns the data of extra field `id` (APPNOTE 4.5.1: id u16, size u16, data), or undefined. */
export function findExtraField(extra: Uint8Array, id: number): Uint8Array | undefined {
  let at = 0;
  while (at + 4 <= extra.length) {
    const size = u16(extra, at + 2);
    if (at + 4 + size > extra.length) return undefined;
    if (u16(extra, at) === id) return extra.subarray(at + 4, at + 4 + size);
    at += 4 + size;
  }
  return undefined;
}

/**
 * The entry's packed bytes, found through its local header (whose name and extra field may differ
 * in length from the central record), or a reason why they cannot be read.
 */
export function readPackedData(
  bytes: Uint8Array,
  record: CentralDirectoryRecord,
): { data: Uint8Array } | { damaged: string } {
  const at = record.localHeaderOffset;
  if (at + 30 > bytes.length || u32(bytes, at) !== LOCAL_SIGNATURE) {
    return { damaged: 'нет его локального заголовка' };
  }
  const start = at + 30 + u16(bytes, at + 26) + u16(bytes, at + 28);
  const end = start + record.compressedSize;
  if (end > bytes.length) return { damaged: 'его данные выходят за конец архива' };
  return { data: bytes.subarray(start, end) };
}

