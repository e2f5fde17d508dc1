/**
 * Unpacks one entry's bytes without trusting its header: the output is never allowed to grow past
 * the declared size, so an entry whose header lies (a forged "zip bomb") is stopped after at most
 * one chunk beyond it, and the real CRC-32 is checked against the declared one.
 */
import { Inflate } from 'fflate';
import { createCrc32 } from './crc32.js';

/** Compression methods we can unpack (APPNOTE 4.4.5). */
export type SupportedMethod = 0 | 8;

/** Result of unpacking: the bytes, a damaged entry (skip it), or output larger than declared (refuse the archive). */
export type UnpackOutcome =
  | { kind: 'unpacked'; bytes: Uint8Array }
  | { kind: 'damaged'; detail: string }
  | { kind: 'exceeds-declared' };

/**
 * Packed bytes fed to the inflater per push. Deflate expands at most ~1032×, so one push yields at
 * most ~16 MiB before the size check runs again — that bounds the overshoot in memory.
 */
const PUSH_BYTES = 16 * 1024;

/** Thrown from the inflater callback to abort it mid-stream; caught below, never escapes. */
const STOP = Symbol('stop-unpacking');

/** Unpacks `packed` (method 0 or 8), expecting exactly `declaredSize` bytes with CRC `declaredCrc`. */
export function unpackEntry(
  packed: Uint8Array,
  method: SupportedMethod,
  declaredSize: number,
  declaredCrc: number,
): UnpackOutcome {
  const outcome = method === 0 ? copyStored(packed, declaredSize) : inflateBounded(packed, declaredSize);
  if (outcome.kind !== 'unpacked') return outcome;
  const crc = createCrc32();
  crc.update(outcome.bytes);
  if (crc.digest() !== declaredCrc) return { kind: 'damaged', detail: 'не сходится контрольная сумма (CRC-32)' };
  return outcome;
}

function copyStored(packed: Uint8Array, declaredSize: number): UnpackOutcome {
  if (packed.length !== declaredSize) {
    return { kind: 'damaged', detail: `в нём ${packed.length} байт, а заголовок объявляет ${declaredSize}` };
  }
  return { kind: 'unpacked', bytes: packed.slice() };
}

function inflateBounded(packed: Uint8Array, declaredSize: number): UnpackOutcome {
  const chunks: Uint8Array[] = [];
  let produced = 0;
  try {
    inflateInChunks(packed, (chunk) => {
      produced += chunk.length;
      if (produced > declaredSize) throw STOP;
      chunks.push(chunk);
    });
  } catch (error) {
    if (error === STOP) return { kind: 'exceeds-declared' };
    const detail = error instanceof Error ? error.message : String(error);
    return { kind: 'damaged', detail: `сжатые данные испорчены (${detail})` };
  }
  if (produced !== declaredSize) {
    return { kind: 'damaged', detail: `распаковывается в ${produced} байт, а заголовок объявляет ${declaredSize}` };
  }
  return { kind: 'unpacked', bytes: concatChunks(chunks, produced) };
}

/** Joins output chunks of known total length into one buffer. */
export function concatChunks(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/**
 * Inflates `packed` (raw deflate) a slice at a time, handing each output chunk to `onChunk` as it
 * comes: the caller counts the real output and may stop by throwing. Memory stays at one chunk.
 */
export function inflateInChunks(packed: Uint8Array, onChunk: (chunk: Uint8Array) => void): void {
  const inflater = new Inflate((chunk) => onChunk(chunk));
  let offset = 0;
  do {
    const end = Math.min(offset + PUSH_BYTES, packed.length);
    inflater.push(packed.subarray(offset, end), end === packed.length);
    offset = end;
  } while (offset < packed.length);
}
