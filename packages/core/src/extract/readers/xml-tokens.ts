/**
 * A small, tolerant XML tokenizer for Office documents: tags and text in document order, entities
 * decoded. No validation and no namespaces resolution (Office prefixes are fixed: `w:`, `mc:`), which
 * keeps it fast on 10 MB `document.xml` files and forgiving of odd producers.
 */

/** One token of an XML document. */
export type XmlToken =
  | { readonly kind: 'open'; readonly name: string; readonly attrs: ReadonlyMap<string, string>; readonly selfClosing: boolean }
  | { readonly kind: 'close'; readonly name: string }
  | { readonly kind: 'text'; readonly text: string };

const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00A0' };

/** Decodes XML entities (`&amp;`, `&#1055;`, `&#x41F;`); unknown ones are kept as written. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return safeCodePoint(parseInt(body.slice(2), 16), whole);
    if (body.startsWith('#')) return safeCodePoint(parseInt(body.slice(1), 10), whole);
    return NAMED_ENTITIES[body] ?? whole;
  });
}

/** Yields the tokens of `xml`; comments, processing instructions and DOCTYPE are skipped, CDATA is text. */
export function* tokenizeXml(xml: string): Generator<XmlToken> {
  let pos = 0;
  const length = xml.length;
  while (pos < length) {
    const lt = xml.indexOf('<', pos);
    if (lt === -1) {
      yield { kind: 'text', text: decodeXmlEntities(xml.slice(pos)) };
      return;
    }
    if (lt > pos) yield { kind: 'text', text: decodeXmlEntities(xml.slice(pos, lt)) };
    if (xml.startsWith('<!--', lt)) {
      pos = endAfter(xml, '-->', lt + 4);
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      yield { kind: 'text', text: xml.slice(lt + 9, end === -1 ? length : end) };
      pos = end === -1 ? length : end + 3;
      continue;
    }
    if (xml.startsWith('<?', lt)) {
      pos = endAfter(xml, '?>', lt + 2);
      continue;
    }
    if (xml.startsWith('<!', lt)) {
      pos = endAfter(xml, '>', lt + 2);
      continue;
    }
    const gt = findTagEnd(xml, lt + 1);
    if (gt === -1) return; // truncated tag at the end: tolerate, stop here
    const inner = xml.slice(lt + 1, gt);
    pos = gt + 1;
    if (inner.startsWith('/')) {
      yield { kind: 'close', name: inner.slice(1).trim() };
      continue;
    }
    const selfClosing = inner.endsWith('/');
    const body = selfClosing ? inner.slice(0, -1) : inner;
    const nameEnd = body.search(/[\s]/);
    const name = nameEnd === -1 ? body : body.slice(0, nameEnd);
    const attrs = nameEnd === -1 ? EMPTY_ATTRS : parseAttributes(body.slice(nameEnd));
    yield { kind: 'open', name, attrs, selfClosing };
  }
}

// ---------------------------------------------------------------- internal helpers

const EMPTY_ATTRS: ReadonlyMap<string, string> = new Map();

function parseAttributes(source: string): ReadonlyMap<string, string> {
  const attrs = new Map<string, string>();
  const re = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    attrs.set(m[1]!, decodeXmlEntities(m[2] ?? m[3] ?? ''));
  }
  return attrs;
}

/** The index of the `>` closing a tag, skipping `>` inside quoted attribute values. */
function findTagEnd(xml: string, from: number): number {
  let quote: string | null = null;
  for (let i = from; i < xml.length; i++) {
    const ch = xml[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === '>') {
      return i;
    }
  }
  return -1;
}

function endAfter(xml: string, marker: string, from: number): number {
  const end = xml.indexOf(marker, from);
  return end === -1 ? xml.length : end + marker.length;
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}
