/**
 * ZIP archives written by hand for the tests of the ZIP opener and its readers: declared sizes say
 * whatever a test needs (a header that lies about its entry), and zip bombs cost ~0.1 s to build.
 */
import { crc32 } from 'node:zlib';
import { Deflate, strToU8 } from 'fflate';

const MiB = 1024 * 1024;

export interface RawEntry {
  name: string;
  packed: Uint8Array;
  declaredSize: number;
  crc: number;
}

/** Writes a deflate-method ZIP by hand, so declared sizes can say whatever the test needs. */
export function handMadeZip(entries: readonly RawEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const header = (size: number, signature: number): [Uint8Array, DataView] => {
      const bytes = new Uint8Array(size + name.length);
      const view = new DataView(bytes.buffer);
      view.setUint32(0, signature, true);
      bytes.set(name, size);
      return [bytes, view];
    };
    const [local, lv] = header(30, 0x04034b50);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(14, entry.crc, true);
    lv.setUint32(18, entry.packed.length, true);
    lv.setUint32(22, entry.declaredSize, true);
    lv.setUint16(26, name.length, true);
    const [central, cv] = header(46, 0x02014b50);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(16, entry.crc, true);
    cv.setUint32(20, entry.packed.length, true);
    cv.setUint32(24, entry.declaredSize, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    parts.push(local, entry.packed);
    centrals.push(central);
    offset += local.length + entry.packed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return concat([...parts, ...centrals, end]);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Deflates `mebibytes` MiB of zeros in ~0.1 s: a streaming Deflate compresses two 1 MiB blocks with
 * a sync flush after each; the second block only refers back to zeros, so repeating its bytes
 * yields more zeros, and an empty final stored block closes the stream.
 */
export function deflatedZeros(mebibytes: number): { packed: Uint8Array; crc: number } {
  const zeros = new Uint8Array(MiB);
  const chunks: Uint8Array[] = [];
  const deflate = new Deflate({ level: 1 }, (chunk) => chunks.push(chunk));
  deflate.push(zeros);
  deflate.flush(true);
  const first = concat(chunks.splice(0));
  deflate.push(zeros);
  deflate.flush(true);
  const repeated = concat(chunks.splice(0));
  const finalEmptyBlock = Uint8Array.of(0x01, 0x00, 0x00, 0xff, 0xff);
  const packed = concat([first, ...Array<Uint8Array>(mebibytes - 1).fill(repeated), finalEmptyBlock]);
  let crc = 0;
  for (let i = 0; i < mebibytes; i++) crc = crc32(zeros, crc);
  return { packed, crc };
}

