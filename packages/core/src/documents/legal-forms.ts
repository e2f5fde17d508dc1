/**
 * Legal forms of organisations in Kazakhstan and Russia, as abbreviations and as full words in any
 * grammatical case («Корпоративного Фонда» is КФ), for finding clinic names and de-duplicating them.
 */

/** One legal form: its abbreviation (as used in official names) and the full words in any case. */
export interface LegalForm {
  readonly short: string;
  /** Full form, case endings open (`\p{L}*`), no flags: used inside larger patterns. */
  readonly full: string | null;
}

/** Any case ending of a Russian word. */
const END = '\\p{L}*';

/**
 * Longest first, so «ГКП на ПХВ» wins over «ГКП» and «закрытое акционерное общество» over «акционерное
 * общество». Kazakh forms (ЖШС = ТОО, АҚ = АО) come from bilingual letterheads.
 */
export const LEGAL_FORMS: readonly LegalForm[] = [
  { short: 'ГКП на ПХВ', full: `государственн${END}\\s+коммунальн${END}\\s+предприяти${END}\\s+на\\s+праве\\s+хозяйственного\\s+ведения` },
  { short: 'РГП на ПХВ', full: `республиканск${END}\\s+государственн${END}\\s+предприяти${END}\\s+на\\s+праве\\s+хозяйственного\\s+ведения` },
  { short: 'КГП на ПХВ', full: null },
  { short: 'ТОО', full: `товариществ${END}\\s+с\\s+ограниченной\\s+ответственностью` },
  { short: 'ООО', full: `обществ${END}\\s+с\\s+ограниченной\\s+ответственностью` },
  { short: 'ЗАО', full: `закрыт${END}\\s+акционерн${END}\\s+обществ${END}` },
  { short: 'ПАО', full: `публичн${END}\\s+акционерн${END}\\s+обществ${END}` },
  { short: 'ОАО', full: `открыт${END}\\s+акционерн${END}\\s+обществ${END}` },
  { short: 'НАО', full: `некоммерческ${END}\\s+акционерн${END}\\s+обществ${END}` },
  { short: 'АО', full: `акционерн${END}\\s+обществ${END}` },
  { short: 'КФ', full: `корпоративн${END}\\s+фонд${END}` },
  { short: 'ОФ', full: `общественн${END}\\s+фонд${END}` },
  { short: 'ИП', full: `индивидуальн${END}\\s+предпринимател${END}` },
  { short: 'ГКП', full: `государственн${END}\\s+коммунальн${END}\\s+предприяти${END}` },
  { short: 'РГП', full: `республиканск${END}\\s+государственн${END}\\s+предприяти${END}` },
  { short: 'КГП', full: `коммунальн${END}\\s+государственн${END}\\s+предприяти${END}` },
  { short: 'КГУ', full: `коммунальн${END}\\s+государственн${END}\\s+учреждени${END}` },
  { short: 'ГУ', full: `государственн${END}\\s+учреждени${END}` },
  { short: 'ЧУ', full: `частн${END}\\s+учреждени${END}` },
  { short: 'ЖШС', full: null },
  { short: 'АҚ', full: null },
];

/** Abbreviations as lower-case tokens (`гкп на пхв` gives `гкп`, `пхв`), for keys that ignore the legal form. */
export const LEGAL_FORM_TOKENS: ReadonlySet<string> = new Set(
  LEGAL_FORMS.flatMap((form) => form.short.toLowerCase().split(' ').filter((word) => word !== 'на')),
);

const NOT_WORD_BEFORE = '(?<![\\p{L}\\p{N}])';
const NOT_WORD_AFTER = '(?![\\p{L}\\p{N}])';

/**
 * A pattern matching any legal form: an abbreviation (upper case, as documents write it) or the full
 * words in any letter case. Map a matched text to its abbreviation with {@link legalFormOf}.
 */
export function legalFormPattern(flags = 'gu'): RegExp {
  const alternatives = LEGAL_FORMS.flatMap((form) => {
    const abbreviation = form.short.replace(/ на /, '\\s+на\\s+');
    const full = form.full ? [caseless(form.full)] : [];
    return [...full, abbreviation];
  });
  return new RegExp(`${NOT_WORD_BEFORE}(?:${alternatives.join('|')})${NOT_WORD_AFTER}`, flags);
}

/** The abbreviation of a matched legal-form text: `Корпоративного Фонда` → `КФ`, `ТОО` → `ТОО`. */
export function legalFormOf(text: string): string {
  const compact = text.replace(/\s+/g, ' ').trim();
  for (const form of LEGAL_FORMS) {
    if (compact === form.short) return form.short;
    if (form.full && new RegExp(`^(?:${form.full})$`, 'iu').test(compact)) return form.short;
  }
  return compact.toUpperCase();
}

/** Full legal-form words replaced by nothing, any case: for keys that ignore the legal form. */
export function removeFullLegalForms(text: string): string {
  let result = text;
  for (const form of LEGAL_FORMS) {
    if (form.full) result = result.replace(new RegExp(`${NOT_WORD_BEFORE}${form.full}${NOT_WORD_AFTER}`, 'giu'), ' ');
  }
  return result;
}

// ---- internal helpers ----

/**
 * Make the Cyrillic letters of a pattern match either case: `фонд` → `[фФ][оО][нН][дД]`.
 * NOTE: JavaScript (Node 20) has no inline `(?i:...)`, and the abbreviations must stay case-sensitive
 * (a lower-case «ао» or «ип» inside prose is not a legal form).
 */
function caseless(pattern: string): string {
  return pattern.replace(/[а-яё]/g, (ch) => `[${ch}${ch.toUpperCase()}]`);
}
