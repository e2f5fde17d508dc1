/**
 * A tiny PDF writer for tests: pages of positioned text with a real text layer (Helvetica, not embedded,
 * Cyrillic through a custom single-byte encoding with a ToUnicode map), so a layout that no list of the
 * archive has can be laid out exactly as described and read by the real PDF reader (pdf.js).
 */

/** A piece of text at a position (PDF units, origin bottom-left). */
export interface TinyText {
  readonly x: number;
  readonly y: number;
  readonly text: string;
  readonly size?: number;
}

const CYRILLIC = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя№';
const FIRST_CODE = 128;

/** The bytes of a PDF with one page (595 × 842) per entry of `pages`. */
export function tinyPdf(pages: readonly (readonly TinyText[])[]): Uint8Array {
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pagesId = add('');
  const toUnicode = add(stream(cmap()));
  const font = add(
    `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 255 /Widths [${Array(224).fill(500).join(' ')}] ` +
      `/Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences [${FIRST_CODE} ${[...CYRILLIC].map(glyphName).join(' ')}] >> /ToUnicode ${toUnicode} 0 R >>`,
  );
  const kids: number[] = [];
  for (const texts of pages) {
    const content = texts.map((t) => `BT /F1 ${t.size ?? 9} Tf 1 0 0 1 ${t.x} ${t.y} Tm (${encode(t.text)}) Tj ET`).join('\n');
    const contentId = add(stream(content));
    kids.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contentId} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  // Latin-1 throughout: every byte of the file is one character of these strings.
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (ch) => ch.charCodeAt(0));
}

// ---------------------------------------------------------------- internal helpers

function stream(data: string): string {
  return `<< /Length ${data.length} >>\nstream\n${data}\nendstream`;
}

/** One byte per character: ASCII as is, Cyrillic from 128 on; `(`, `)` and `\` escaped. */
function encode(text: string): string {
  return [...text]
    .map((ch) => {
      const i = CYRILLIC.indexOf(ch);
      if (i >= 0) return String.fromCharCode(FIRST_CODE + i);
      if (ch.charCodeAt(0) > 126) throw new Error(`tinyPdf: no code for «${ch}»`);
      return ch === '(' || ch === ')' || ch === '\\' ? `\\${ch}` : ch;
    })
    .join('');
}

/** The Adobe glyph name of a Cyrillic letter (`afii10017` = А). */
function glyphName(ch: string): string {
  if (ch === '№') return '/afii61352';
  const upper = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ';
  const lower = 'абвгдеёжзийклмнопрстуфхцчшщъыьэюя';
  const i = upper.indexOf(ch);
  return `/afii${i >= 0 ? 10017 + i : 10065 + lower.indexOf(ch)}`;
}

/** A ToUnicode map for the codes 32–126 and the Cyrillic codes. */
function cmap(): string {
  const hex = (n: number, width: number): string => n.toString(16).toUpperCase().padStart(width, '0');
  const chars: string[] = [];
  for (let c = 32; c <= 126; c++) chars.push(`<${hex(c, 2)}> <${hex(c, 4)}>`);
  [...CYRILLIC].forEach((ch, i) => chars.push(`<${hex(FIRST_CODE + i, 2)}> <${hex(ch.codePointAt(0)!, 4)}>`));
  const blocks: string[] = [];
  for (let i = 0; i < chars.length; i += 100) blocks.push(`${chars.slice(i, i + 100).length} beginbfchar\n${chars.slice(i, i + 100).join('\n')}\nendbfchar`);
  return [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Tiny-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    ...blocks,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
}
