/**
 * The `detail("CODE", { name, … })` calls in source text, with the parameter names each passes, so the catalogue's
 * validation test can hold every error message's text to the parameters its throw sites give.
 *
 * @module
 */

/** One call: its code and the parameter names it passes (`null` when a spread `...` hides some). */
export interface DetailUse {
  readonly code: string;
  readonly params: readonly string[] | null;
}

/** Every `detail("CODE"…)` call in `source` (written with single quotes, as the code base writes strings). */
export function detailUses(source: string): DetailUse[] {
  const uses: DetailUse[] = [];
  for (const match of source.matchAll(/\bdetail\(\s*'([A-Z0-9_]+)'/g)) {
    const after = source.slice(match.index + match[0].length).trimStart();
    if (after.startsWith(')')) {
      uses.push({ code: match[1]!, params: [] });
      continue;
    }
    const literal = after.startsWith(',') ? objectLiteral(after.slice(1).trimStart()) : null;
    uses.push({ code: match[1]!, params: literal === null ? null : topLevelKeys(literal) });
  }
  return uses;
}

// ---- internal helpers ----

/** The `{ … }` at the start of `text` (its inside), or null when the argument is not an object literal. */
function objectLiteral(text: string): string | null {
  if (!text.startsWith('{')) return null;
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') {
      depth--;
      if (depth === 0) return text.slice(1, i);
    }
  }
  return null;
}

/** The keys of an object literal's inside; null when it spreads another object. */
function topLevelKeys(inside: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < inside.length; i++) {
    const ch = inside[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') quote = ch;
    else if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(inside.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inside.slice(start));
  const keys: string[] = [];
  for (const part of parts.map((p) => p.trim()).filter((p) => p !== '')) {
    const key = /^(\w+)\s*(?::|$)/.exec(part)?.[1];
    if (key === undefined) return null; // a spread, or a key this reading does not know
    keys.push(key);
  }
  return keys;
}
