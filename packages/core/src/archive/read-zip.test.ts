import { crc32 } from 'node:zlib';
import { Zip, ZipDeflate, strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PricecatError } from '../errors.js';
import { DEFAULT_ARCHIVE_LIMITS, isZip, readZipArchive } from './index.js';
import type { ArchiveLimits } from './index.js';
import { concat, deflatedZeros, handMadeZip } from '../../test/helpers/hand-made-zip.js';

const MiB = 1024 * 1024;
const CLINIC_PDF = 'Клиника 2 прайс 2026.pdf';

// ---- building test archives -------------------------------------------------------------------

const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

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

/** Cyrillic to CP1251 by the code-page chart: А–я 0xC0–0xFF. */
function encodeCp1251(value: string): Uint8Array {
  return Uint8Array.from([...value], (char) => {
    const code = char.charCodeAt(0);
    if (code < 0x80) return code;
    if (code >= 0x410 && code <= 0x44f) return 0xc0 + code - 0x410;
    throw new Error(`no CP1251 byte for ${char}`);
  });
}

interface HeaderPatch {
  flags?: (flags: number) => number;
  method?: number;
  rawName?: Uint8Array;
  /** Flip two bytes of the packed data, as a bad disk or a broken download would. */
  corruptData?: boolean;
}

/**
 * Edits entry `index` of a `zipSync` archive in both its local and central headers, the way a
 * different (or malicious) tool would have written it. `rawName` must keep the name's byte length.
 */
function patchEntry(zip: Uint8Array, index: number, patch: HeaderPatch): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  const eocd = out.length - 22;
  let central = view.getUint32(eocd + 16, true);
  for (let i = 0; i < index; i++) {
    central += 46 + view.getUint16(central + 28, true) + view.getUint16(central + 30, true) + view.getUint16(central + 32, true);
  }
  const local = view.getUint32(central + 42, true);
  for (const [header, flagsAt, methodAt, nameAt, nameLengthAt] of [
    [local, 6, 8, 30, 26],
    [central, 8, 10, 46, 28],
  ] as const) {
    if (patch.flags) view.setUint16(header + flagsAt, patch.flags(view.getUint16(header + flagsAt, true)), true);
    if (patch.method !== undefined) view.setUint16(header + methodAt, patch.method, true);
    if (patch.rawName) {
      expect(patch.rawName.length).toBe(view.getUint16(header + nameLengthAt, true));
      out.set(patch.rawName, header + nameAt);
    }
  }
  if (patch.corruptData) {
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    for (const at of [data + 1, data + 2]) out[at] = out[at]! ^ 0xff;
  }
  return out;
}

const clearUtf8Flag = (flags: number): number => flags & ~0x0800;

/** A ZIP whose only entry has raw name bytes `rawName` (no UTF-8 flag), built with zipSync and patched. */
function zipWithRawName(rawName: Uint8Array, content: string, extra?: Record<number, Uint8Array>): Uint8Array {
  const placeholder = 'x'.repeat(rawName.length);
  const zip = zipSync({ [placeholder]: [strToU8(content), extra ? { extra } : {}] });
  return patchEntry(zip, 0, { rawName, flags: clearUtf8Flag });
}

function readError(bytes: Uint8Array, limits?: Partial<ArchiveLimits>): PricecatError {
  try {
    readZipArchive(bytes, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(PricecatError);
    return error as PricecatError;
  }
  throw new Error('readZipArchive did not throw');
}

const files = (zip: Uint8Array, limits?: Partial<ArchiveLimits>) =>
  readZipArchive(zip, limits).entries.map((entry) => ({ path: entry.path, name: entry.name, text: decode(entry.bytes) }));

// ---- tests --------------------------------------------------------------------------------------

describe('isZip', () => {
  it('recognises a ZIP and an empty ZIP, not a PDF or a few stray bytes', () => {
    expect(isZip(zipSync({ 'прайс.pdf': strToU8('%PDF') }))).toBe(true);
    expect(isZip(zipSync({}))).toBe(true);
    expect(isZip(strToU8('%PDF-1.7\n'))).toBe(false);
    expect(isZip(Uint8Array.of(0x50, 0x4b))).toBe(false);
  });
});

describe('readZipArchive: file names', () => {
  it(`reads «${CLINIC_PDF}» from a ZIP that flags its names as UTF-8`, () => {
    const zip = zipSync({ [CLINIC_PDF]: strToU8('%PDF-1.7 цены') });
    expect(files(zip)).toEqual([{ path: CLINIC_PDF, name: CLINIC_PDF, text: '%PDF-1.7 цены' }]);
  });

  it(`reads «${CLINIC_PDF}» written in UTF-8 without the UTF-8 flag`, () => {
    const zip = patchEntry(zipSync({ [CLINIC_PDF]: strToU8('pdf') }), 0, { flags: clearUtf8Flag });
    expect(files(zip).map((file) => file.path)).toEqual([CLINIC_PDF]);
  });

  it(`reads «${CLINIC_PDF}» written in CP866 by Windows Explorer`, () => {
    const zip = zipWithRawName(encodeCp866(CLINIC_PDF), 'pdf');
    expect(files(zip)).toEqual([{ path: CLINIC_PDF, name: CLINIC_PDF, text: 'pdf' }]);
  });

  it('reads «Клиника 7_Прайс 2026.xls» written in CP1251', () => {
    const zip = zipWithRawName(encodeCp1251('Клиника 7_Прайс 2026.xls'), 'xls');
    expect(files(zip).map((file) => file.path)).toEqual(['Клиника 7_Прайс 2026.xls']);
  });

  it('prefers the Info-ZIP Unicode Path field over the raw name, unless the field is stale', () => {
    const raw = strToU8('Klinika 2 prais 2026.pdf');
    const field = (crc: number) => concat([Uint8Array.of(1), new Uint8Array(Uint32Array.of(crc).buffer), strToU8(CLINIC_PDF)]);
    expect(files(zipWithRawName(raw, 'pdf', { 0x7075: field(crc32(raw)) }))[0]?.path).toBe(CLINIC_PDF);
    expect(files(zipWithRawName(raw, 'pdf', { 0x7075: field(12345) }))[0]?.path).toBe('Klinika 2 prais 2026.pdf');
  });

  it('keeps folders in the path and gives the file name separately', () => {
    const zip = zipSync({ Алматы: { 'Клиника 1 прайс 2024.docx': strToU8('docx') } });
    expect(files(zip)).toEqual([
      { path: 'Алматы/Клиника 1 прайс 2024.docx', name: 'Клиника 1 прайс 2024.docx', text: 'docx' },
    ]);
  });
});

describe('readZipArchive: what is extracted', () => {
  it('rejects traversal, absolute, drive, backslash and NUL names but still returns the good file', () => {
    const zip = zipSync({
      '../../etc/cron.d/evil': strToU8('x'),
      '/etc/passwd': strToU8('x'),
      'C:/Windows/evil.pdf': strToU8('x'),
      'прайсы\\Клиника.pdf': strToU8('x'),
      'прайс\0.pdf': strToU8('x'),
      [CLINIC_PDF]: strToU8('good'),
    });
    const { entries, rejected } = readZipArchive(zip);
    expect(entries.map((entry) => entry.path)).toEqual([CLINIC_PDF]);
    expect(rejected.map((entry) => entry.path)).toEqual([
      '../../etc/cron.d/evil',
      '/etc/passwd',
      'C:/Windows/evil.pdf',
      'прайсы\\Клиника.pdf',
      'прайс\0.pdf',
    ]);
    for (const entry of rejected) expect(entry.reason).toMatch(/^Опасный путь «.+» не извлечён: /);
    expect(rejected[0]?.reason).toContain('..');
  });

  it('silently skips folders, __MACOSX, .DS_Store, Thumbs.db and Office lock files', () => {
    const zip = zipSync({
      'Прайсы/': new Uint8Array(0),
      '__MACOSX/Прайсы/._Клиника.pdf': strToU8('x'),
      'Прайсы/.DS_Store': strToU8('x'),
      'Прайсы/Thumbs.db': strToU8('x'),
      'Прайсы/~$иника 6 прайс 2026.xlsx': strToU8('x'),
      'Прайсы/Клиника 6 прайс 2026.xlsx': strToU8('xlsx'),
    });
    expect(readZipArchive(zip)).toEqual({
      entries: [{ path: 'Прайсы/Клиника 6 прайс 2026.xlsx', name: 'Клиника 6 прайс 2026.xlsx', bytes: strToU8('xlsx') }],
      rejected: [],
    });
  });

  it('returns a nested ZIP as an ordinary entry', () => {
    const inner = zipSync({ 'a.pdf': strToU8('a') });
    const { entries } = readZipArchive(zipSync({ 'старые.zip': inner }));
    expect(entries.map((entry) => entry.name)).toEqual(['старые.zip']);
    expect(entries[0]?.bytes).toEqual(inner);
  });

  it('reads stored (uncompressed) entries and streamed entries with data descriptors', () => {
    const stored = zipSync({ 'a.pdf': [strToU8('stored'), { level: 0 }] });
    expect(files(stored).map((file) => file.text)).toEqual(['stored']);

    const chunks: Uint8Array[] = [];
    const zip = new Zip((error, chunk) => {
      if (error) throw error;
      chunks.push(chunk);
    });
    const file = new ZipDeflate(CLINIC_PDF);
    zip.add(file);
    file.push(strToU8('часть 1, '));
    file.push(strToU8('часть 2'), true);
    zip.end();
    expect(files(concat(chunks))).toEqual([{ path: CLINIC_PDF, name: CLINIC_PDF, text: 'часть 1, часть 2' }]);
  });

  it('rejects password-protected, unsupported and damaged entries and returns the rest', () => {
    let zip: Uint8Array = zipSync({
      'секрет.pdf': strToU8('x'.repeat(100)),
      'lzma.pdf': strToU8('y'.repeat(100)),
      'битый.pdf': strToU8('z'.repeat(100)),
      'хороший.pdf': strToU8('ok'),
    });
    zip = patchEntry(zip, 0, { flags: (flags) => flags | 0x0001 });
    zip = patchEntry(zip, 1, { method: 14 });
    zip = patchEntry(zip, 2, { corruptData: true });

    const { entries, rejected } = readZipArchive(zip);
    expect(entries.map((entry) => entry.path)).toEqual(['хороший.pdf']);
    expect(rejected).toMatchObject([
      { path: 'секрет.pdf', reason: expect.stringContaining('защищён паролем'), detail: { code: 'ARCHIVE_ENTRY_ENCRYPTED', params: { path: 'секрет.pdf' } } },
      { path: 'lzma.pdf', reason: expect.stringContaining('LZMA') },
      { path: 'битый.pdf', reason: expect.stringMatching(/^«битый\.pdf» повреждён и не извлечён/) },
    ]);
  });
});

describe('readZipArchive: unreadable archives', () => {
  it('refuses bytes that are not a ZIP with ARCHIVE_INVALID', () => {
    const error = readError(strToU8('%PDF-1.7\n%âãÏÓ\n1 0 obj'));
    expect(error.code).toBe('ARCHIVE_INVALID');
    expect(error.message).toMatch(/^Загруженный файл не читается как ZIP-архив: .+Создайте архив заново и загрузите его ещё раз\.$/);
  });

  it('refuses a truncated ZIP with ARCHIVE_INVALID', () => {
    const zip = zipSync({ [CLINIC_PDF]: strToU8('цены '.repeat(50)) });
    const error = readError(zip.subarray(0, zip.length - 30));
    expect(error.code).toBe('ARCHIVE_INVALID');
    expect(error.message).toContain('обрезан');
  });

  it('refuses a ZIP whose central directory is damaged with ARCHIVE_INVALID', () => {
    const zip = zipSync({ 'a.pdf': strToU8('a'), 'b.pdf': strToU8('b') });
    const central = new DataView(zip.buffer).getUint32(zip.length - 22 + 16, true);
    zip.fill(0, central + 46 + 5, central + 46 + 9); // the second record's signature (after «a.pdf»)
    const error = readError(zip);
    expect(error.code).toBe('ARCHIVE_INVALID');
    expect(error.message).toContain('повреждён');
  });

  it('refuses an empty ZIP, and one holding only folders and system files, with ARCHIVE_INVALID', () => {
    for (const zip of [zipSync({}), zipSync({ 'Прайсы/': new Uint8Array(0), '.DS_Store': strToU8('x') })]) {
      const error = readError(zip);
      expect(error.code).toBe('ARCHIVE_INVALID');
      expect(error.message).toMatch(/^ZIP-архив пуст/);
    }
  });
});

describe('readZipArchive: limits', () => {
  it('documents default limits that admit real price lists', () => {
    expect(DEFAULT_ARCHIVE_LIMITS).toEqual({ maxEntries: 2000, maxEntryBytes: 100 * MiB, maxTotalBytes: 512 * MiB, maxRatio: 200 });
  });

  it('refuses more entries than allowed with ARCHIVE_LIMIT naming the count and the limit', () => {
    const many: Zippable = {};
    for (let i = 0; i < 2001; i++) many[`прайс ${i}.pdf`] = strToU8('x');
    const error = readError(zipSync(many));
    expect(error.code).toBe('ARCHIVE_LIMIT');
    expect(error.message).toContain('2001 записей');
    expect(error.message).toContain('maxEntries');
    expect(readError(zipSync({ 'a.pdf': strToU8('a'), 'b.pdf': strToU8('b') }), { maxEntries: 1 }).code).toBe('ARCHIVE_LIMIT');
  });

  it('refuses a file larger than maxEntryBytes, naming the file', () => {
    const zip = zipSync({ 'большой.pdf': crypto.getRandomValues(new Uint8Array(64 * 1024)) });
    const error = readError(zip, { maxEntryBytes: 32 * 1024 });
    expect(error.code).toBe('ARCHIVE_LIMIT');
    expect(error.message).toMatch(/^«большой\.pdf» .*64 КБ.*32 КБ \(лимит maxEntryBytes\)/);
  });

  it('refuses files whose total exceeds maxTotalBytes', () => {
    const random = () => crypto.getRandomValues(new Uint8Array(40 * 1024));
    const zip = zipSync({ 'a.pdf': random(), 'b.pdf': random() });
    const error = readError(zip, { maxTotalBytes: 64 * 1024 });
    expect(error.code).toBe('ARCHIVE_LIMIT');
    expect(error.message).toContain('всего в 80 КБ');
    expect(error.message).toContain('maxTotalBytes');
  });

  it('accepts a small file of repeated characters whatever its compression ratio', () => {
    const zip = zipSync({ 'пустой.csv': new Uint8Array(48 * 1024) });
    expect(readZipArchive(zip).entries[0]?.bytes.length).toBe(48 * 1024);
  });

  // Regression: #18, the ratio was checked only above 1 MiB: sixteen 1 MiB CSVs in 59 KB added 258k positions.
  it('refuses a small ZIP of sixteen highly compressed 1 MiB CSVs', () => {
    const line = 'Приём терапевта;1000\n';
    const csv = strToU8(line.repeat(Math.ceil(MiB / strToU8(line).length))).subarray(0, MiB);
    const files: Zippable = {};
    for (let i = 0; i < 16; i++) files[`прайс ${i}.csv`] = csv;
    const zip = zipSync(files, { level: 9 });
    expect(zip.length).toBeLessThan(100 * 1024);
    const error = readError(zip);
    expect(error.code).toBe('ARCHIVE_LIMIT');
    expect(error.message).toMatch(/сжат в \d+:1 — больше, чем 200:1/);
  });

  // Regression: #18, 1,024 entries of exactly 1 MiB (a 1.1 MB upload) took the server from 150 MiB to 1.4 GiB.
  it('refuses 1,024 entries of exactly 1 MiB before unpacking any', () => {
    const { packed, crc } = deflatedZeros(1);
    const entries = Array.from({ length: 1024 }, (_, i) => ({ name: `прайс ${i}.csv`, packed, declaredSize: MiB, crc }));
    const error = readError(handMadeZip(entries));
    expect(error.code).toBe('ARCHIVE_LIMIT');
    expect(error.message).toContain('лимит maxRatio');
  });

  it('refuses an archive that unpacks to more than maxRatio times its size through many small entries', () => {
    const files: Zippable = {};
    for (let i = 0; i < 40; i++) files[`прайс ${i}.csv`] = new Uint8Array(60 * 1024);
    const error = readError(zipSync(files, { level: 9 }));
    expect(error.code).toBe('ARCHIVE_LIMIT');
    expect(error.message).toMatch(/^ZIP-архив размером .* распаковывается в 2\.3 МБ/);
  });

  // Regression: #18, a stray `mimetype` or `[Content_Types].xml` at the root refused the whole ZIP.
  it('skips a stray mimetype and [Content_Types].xml at the root of a ZIP of price lists', () => {
    const zip = zipSync({ mimetype: strToU8('application/zip'), '[Content_Types].xml': strToU8('<Types/>'), [CLINIC_PDF]: strToU8('%PDF-1.4') });
    expect(readZipArchive(zip).entries.map((e) => e.path)).toEqual([CLINIC_PDF]);
  });

  it('refuses a 300 MiB zip bomb by its declared size before unpacking it', () => {
    const { packed, crc } = deflatedZeros(300);
    expect(packed.length).toBeLessThan(400 * 1024);
    const zip = handMadeZip([
      { name: CLINIC_PDF, packed: strToU8('x'), declaredSize: 1, crc: 0 },
      { name: 'bomb.xlsx', packed, declaredSize: 300 * MiB, crc },
    ]);
    const bySize = readError(zip);
    expect(bySize.code).toBe('ARCHIVE_LIMIT');
    expect(bySize.message).toMatch(/^«bomb\.xlsx» .*300 МБ.*100 МБ \(лимит maxEntryBytes\)/);

    const byRatio = readError(zip, { maxEntryBytes: 1024 * MiB });
    expect(byRatio.code).toBe('ARCHIVE_LIMIT');
    expect(byRatio.message).toMatch(/^«bomb\.xlsx» .*сжат в \d+:1 — больше, чем 200:1.*\(лимит maxRatio\).*zip-бомбу/);
  });

  it('stops a zip bomb whose headers declare a small size, without unpacking it all', () => {
    const { packed } = deflatedZeros(300);
    const zip = handMadeZip([{ name: 'bomb.docx', packed, declaredSize: 1000, crc: 0 }]);
    const error = readError(zip);
    expect(error.code).toBe('ARCHIVE_LIMIT');
    expect(error.message).toMatch(/^«bomb\.docx» .*больше, чем в 1000 байт, объявленные его заголовком.*zip-бомба/);
  });
});

