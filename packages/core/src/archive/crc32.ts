/**
 * CRC-32 (IEEE 802.3, the checksum ZIP uses). fflate computes it internally but does not export it,
 * and we need it twice: to verify each unpacked entry and to validate the Info-ZIP Unicode Path
 * extra field, which carries the CRC of the raw header name it replaces.
 */

const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** Incremental CRC-32: feed chunks with `update`, read the checksum with `digest`. */
export interface Crc32 {
  update(chunk: Uint8Array): void;
  digest(): number;
}

/** Starts an incremental CRC-32 computation. */
export function createCrc32(): Crc32 {
  let crc = 0xffffffff;
  return {
    update(chunk) {
      let c = crc;
      for (let i = 0; i < chunk.length; i++) c = CRC_TABLE[(c ^ chunk[i]!) & 0xff]! ^ (c >>> 8);
      crc = c;
    },
    digest() {
      return (crc ^ 0xffffffff) >>> 0;
    },
  };
}

/** CRC-32 of `bytes` as an unsigned 32-bit number. */
export function crc32(bytes: Uint8Array): number {
  const crc = createCrc32();
  crc.update(bytes);
  return crc.digest();
}
