import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { readZipArchive } from './index.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../../../..');
const archiveDir = join(process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '../shared/data'), 'archive');

/** Cyrillic to CP866 by the code-page chart: А–Я 0x80–0x9F, а–п 0xA0–0xAF, р–я 0xE0–0xEF. */
function encodeCp866(value: string): Uint8Array {
  return Uint8Array.from([...value], (char) => {
    const code = char.charCodeAt(0);
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x43f) return 0x80 + code - 0x410;
    if (code >= 0x440 && code <= 0x44f) return 0xe0 + code - 0x440;
    throw new Error(`no CP866 byte for ${char}`);
  });
}

/**
 * Zips `files` the way Windows Explorer on a Russian system does: names in CP866, no UTF-8 flag.
 * zipSync writes ASCII placeholders of the same byte length, which are then overwritten.
 */
function zipLikeWindowsExplorer(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const input: Zippable = {};
  const renames: [Uint8Array, Uint8Array][] = [];
  for (const [name, bytes] of files) {
    const cp866 = encodeCp866(name);
    const placeholder = `@${renames.length}@`.padEnd(cp866.length, '#');
    input[placeholder] = bytes;
    renames.push([new TextEncoder().encode(placeholder), cp866]);
  }
  const zip = zipSync(input);
  for (const [placeholder, cp866] of renames) {
    let replaced = 0;
    for (let at = zip.indexOf(placeholder[0]!); at >= 0; at = zip.indexOf(placeholder[0]!, at + 1)) {
      if (placeholder.every((byte, i) => zip[at + i] === byte)) {
        zip.set(cp866, at);
        replaced++;
      }
    }
    expect(replaced).toBe(2); // the local header and the central directory
  }
  return zip;
}

describe.skipIf(!existsSync(archiveDir))(`readZipArchive on the real price lists (${archiveDir})`, () => {
  // Read in beforeAll, not while collecting: vitest collects a skipped describe's body too.
  let originals: Map<string, Uint8Array>;
  beforeAll(() => {
    originals = new Map(readdirSync(archiveDir).map((name) => [name, new Uint8Array(readFileSync(join(archiveDir, name)))]));
  });

  it('gives back every price list, Cyrillic name and bytes intact, from a Windows Explorer ZIP', () => {
    const { entries, rejected } = readZipArchive(zipLikeWindowsExplorer(originals));
    expect(rejected).toEqual([]);
    expect(entries.map((entry) => entry.name).sort()).toEqual([...originals.keys()].sort());
    expect(entries.map((entry) => entry.name)).toContain('Клиника 2 прайс 2025 год.PDF');
    // Buffer.equals, not toEqual: vitest compares a 1 MB array element by element for seconds.
    for (const entry of entries) expect(Buffer.from(entry.bytes).equals(originals.get(entry.name)!)).toBe(true);
  });

  it('gives back the price lists inside a folder from a macOS ZIP, without the __MACOSX clutter', () => {
    const input: Zippable = {};
    for (const [name, bytes] of originals) {
      input[`Прайсы 2026/${name}`] = bytes;
      input[`__MACOSX/Прайсы 2026/._${name}`] = new Uint8Array(120);
    }
    input['Прайсы 2026/.DS_Store'] = new Uint8Array(6148);
    const { entries, rejected } = readZipArchive(zipSync(input));
    expect(rejected).toEqual([]);
    expect(entries).toHaveLength(originals.size);
    for (const entry of entries) expect(entry.path).toBe(`Прайсы 2026/${entry.name}`);
  });
});
