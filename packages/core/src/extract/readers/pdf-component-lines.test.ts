/**
 * Component lines of a package on a scan, each its own row (excerpt `clinic2-2025-pages-5-7.pdf`, page 5 of
 * «Клиника 2 прайс 2025 год.PDF», see `test/fixtures/README.md`). № 185 «Медикаментозное прерывание
 * беременности, включает:» (48 000) lists five italic lines without a № of their own, each priced. The text
 * layer reads the price of the second line with its zeros as letters (`3 ООС`), which once made that line no
 * row of its own: it was glued to the line above, and both lost their prices. Expected values were read by a
 * person from the page rendered with `pdftoppm -r 150`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractPriceRows, type ExtractedRows } from '../extract-rows.js';
import { pdfReader } from './pdf.js';

const NAME = 'clinic2-2025-pages-5-7.pdf';
const bytes = new Uint8Array(readFileSync(fileURLToPath(new URL(`../../../test/fixtures/pdf/${NAME}`, import.meta.url))));

/** № 185 and its parts as printed: name, price. */
const PRINTED: readonly (readonly [string, number])[] = [
  ['Медикаментозное прерывание беременности, включает:', 48000],
  ['медикаментозное средство', 9600],
  ['общий анализ крови+ забор крови', 3000],
  ['группа крови и резус фактор', 1800],
  ['прием гинеколога', 18000],
  ['УЗИ органов малого таза', 15600],
];

describe('extract: component lines without a № of their own, «Клиника 2 прайс 2025 год.PDF» page 5', () => {
  const extracted: Promise<ExtractedRows> = pdfReader.read(bytes, NAME).then(extractPriceRows);

  it('reads each priced component line as its own row with its printed price', async () => {
    const rows = (await extracted).rows.filter((r) => r.source.table === 'page 1');
    const at = rows.findIndex((r) => r.name === PRINTED[0]![0]);
    expect(at).toBeGreaterThanOrEqual(0);
    const block = rows.slice(at, at + PRINTED.length);
    expect(block.map((r) => [r.name, r.prices.map((p) => p.value)])).toEqual(PRINTED.map(([name, value]) => [name, [value]]));
  });

  it('links the lines to their package: the parts add up to the package price', async () => {
    const rows = (await extracted).rows.filter((r) => r.source.table === 'page 1');
    const at = rows.findIndex((r) => r.name === PRINTED[0]![0]);
    const [head, ...parts] = rows.slice(at, at + PRINTED.length);
    expect(head!.kind).toBe('package');
    for (const part of parts) {
      expect(part.kind).toBe('component');
      expect(part.partOf).toEqual(head!.source);
    }
  });
});
