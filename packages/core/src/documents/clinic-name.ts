/**
 * The clinic's official name as a document states it: a legal form (ТОО, АО, КФ, ИП, ГКП на ПХВ, ... in
 * any grammatical case) with a quoted or plain name, or a clinic word with a quoted name
 * («Клиника "Сункар"»). Conservative on purpose: approval blocks («Приложение 1 к приказу Председателя
 * Правления», «Утверждаю») are not names, and a wrong name is worse than falling back to the file name.
 */
import { legalFormOf, legalFormPattern } from './legal-forms.js';

/** Quote pairs seen in documents; «» and "" mostly, typographic ones from Word. */
const QUOTED = /^\s*(?:«([^«»]{2,80})»|"([^"]{2,80})"|“([^“”"]{2,80})[”"]|„([^„“"]{2,80})[“"])/u;

/** Words that describe a clinic and may precede its quoted name. */
const CLINIC_WORDS =
  '(?:медицинск\\p{L}*\\s+центр\\p{L}*|диагностическ\\p{L}*\\s+центр\\p{L}*|МЦ|клиник\\p{L}*|центр\\p{L}*|' +
  'больниц\\p{L}*|поликлиник\\p{L}*|госпитал\\p{L}*|стоматологи\\p{L}*|лаборатори\\p{L}*|медцентр\\p{L}*|clinic|medical\\s+center)';

const CLINIC_WORD_WITH_QUOTE = new RegExp(`(?<![\\p{L}\\p{N}])(${CLINIC_WORDS})\\s*(?=[«"“„])`, 'giu');

/** Texts of approval blocks and titles: never part of a clinic name. */
const NOT_A_NAME =
  /^(?:приложени|утвержд|прейскурант|прайс|к\s+приказу|приказ|председател|правлени|директор|договор|от\s|№|цен[аы]?\s|на\s+платные|наименование)/iu;

/** Job titles and signatures around approval blocks: a text holding one is not a clinic name. */
const JOB_TITLE = /(?:директор|председател|руководител|главн\p{L}*\s+врач|заведующ|подпис|м\.\s?п\.)/iu;

/** Nominative forms of the clinic words, so «клиники "Мейрим"» reads `Клиника «Мейрим»`. */
const CLINIC_WORD_NOMINATIVE: readonly (readonly [RegExp, string])[] = [
  [/^медицинск\p{L}*\s+центр\p{L}*$/iu, 'Медицинский центр'],
  [/^диагностическ\p{L}*\s+центр\p{L}*$/iu, 'Диагностический центр'],
  [/^медцентр\p{L}*$/iu, 'Медцентр'],
  [/^центр\p{L}*$/iu, 'Центр'],
  [/^клиник\p{L}*$/iu, 'Клиника'],
  [/^поликлиник\p{L}*$/iu, 'Поликлиника'],
  [/^больниц\p{L}*$/iu, 'Больница'],
  [/^госпитал\p{L}*$/iu, 'Госпиталь'],
  [/^стоматологи\p{L}*$/iu, 'Стоматология'],
  [/^лаборатори\p{L}*$/iu, 'Лаборатория'],
];

/** Words that end a plain (unquoted) name after the legal form. */
const NAME_STOP =
  /^(?:бин|иин|бик|г|гор|город|адрес|ул|пр|тел|на|по|от|для|с|в|и|утверждаю|прейскурант|приказ|согласно)$/iu;

/** Longest plain name taken after or before a legal form, in words. */
const MAX_PLAIN_WORDS = 5;

/**
 * The first clinic name stated in `lines` (reading order), as an official nominative form:
 * `Корпоративного Фонда "University Medical Center"` → `КФ «University Medical Center»`,
 * `Клиника Здоровье ТОО` → `ТОО «Клиника Здоровье»`, `Медицинский центр «Сункар»` → `Медицинский центр «Сункар»`.
 * Null when no line states one.
 */
export function findClinicName(lines: readonly string[]): string | null {
  for (const line of lines) {
    const withLegalForm = nameWithLegalForm(line);
    if (withLegalForm) return withLegalForm;
  }
  for (const line of lines) {
    const withClinicWord = nameAfterClinicWord(line);
    if (withClinicWord) return withClinicWord;
  }
  return null;
}

// ---- internal helpers ----

function nameWithLegalForm(line: string): string | null {
  for (const match of line.matchAll(legalFormPattern())) {
    const form = legalFormOf(match[0]);
    const after = line.slice((match.index ?? 0) + match[0].length);
    const quoted = quotedAtStart(after);
    if (quoted) return official(form, quoted);
    const clinicWordQuoted = clinicWordThenQuote(after);
    if (clinicWordQuoted) return `${form} ${clinicWordQuoted}`;
    const plainAfter = plainWords(after, 'forward');
    if (plainAfter && isPlausibleName(plainAfter)) return official(form, plainAfter);
    // «Клиника Здоровье ТОО»: the form written after the name, at the end of the line or a clause.
    if (/^\s*(?:[,.;)]|$)/u.test(after)) {
      const plainBefore = plainWords(line.slice(0, match.index ?? 0), 'backward');
      if (plainBefore && isPlausibleName(plainBefore)) return official(form, plainBefore);
    }
  }
  return null;
}

function nameAfterClinicWord(line: string): string | null {
  for (const match of line.matchAll(CLINIC_WORD_WITH_QUOTE)) {
    const quoted = quotedAtStart(line.slice((match.index ?? 0) + match[0].length));
    if (quoted) return `${nominativeClinicWord(match[1] ?? '')} «${quoted}»`;
  }
  return null;
}

/** `Медицинский центр «Сункар»` right after a legal form. */
function clinicWordThenQuote(text: string): string | null {
  const match = new RegExp(`^\\s*(${CLINIC_WORDS})\\s*`, 'iu').exec(text);
  if (!match) return null;
  const quoted = quotedAtStart(text.slice(match[0].length));
  return quoted ? `${nominativeClinicWord(match[1] ?? '')} «${quoted}»` : null;
}

function quotedAtStart(text: string): string | null {
  const match = QUOTED.exec(text);
  if (!match) return null;
  const inner = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? '').replace(/\s+/g, ' ').trim();
  return isPlausibleName(inner) ? inner : null;
}

/** Up to {@link MAX_PLAIN_WORDS} capitalised words after (or before) a legal form, stopping at punctuation. */
function plainWords(text: string, direction: 'forward' | 'backward'): string | null {
  const clause = direction === 'forward' ? (text.split(/[,;:()«»"“”]/u)[0] ?? '') : (text.split(/[,;:()«»"“”]/u).pop() ?? '');
  const words = clause.trim().split(/\s+/u).filter((word) => word.length > 0);
  const ordered = direction === 'forward' ? words : [...words].reverse();
  const taken: string[] = [];
  for (const word of ordered) {
    if (NAME_STOP.test(word.replace(/[.]+$/u, '')) || taken.length === MAX_PLAIN_WORDS) break;
    taken.push(word);
  }
  const joined = (direction === 'forward' ? taken : taken.reverse()).join(' ');
  // A sentence's full stop goes, an initial's dot stays («ИП Иванов И.И.»).
  const name = /(?:^|\s)(?:\p{L}\.)+$/u.test(joined) ? joined : joined.replace(/[.\s]+$/u, '');
  // A name starts with a capital letter or a digit; lower-case words are prose («ТОО согласно ...»).
  if (!/^[\p{Lu}\p{N}]/u.test(name)) return null;
  return isPlausibleName(name) ? name : null;
}

function isPlausibleName(name: string): boolean {
  if (name.length < 2 || name.length > 80) return false;
  if (!/\p{L}{2}/u.test(name)) return false;
  // OCR reads «000» in a price as «ООО»: what follows is then digits, not a name (`295 700 юоо`).
  if ((name.match(/\d/gu)?.length ?? 0) >= (name.match(/\p{L}/gu)?.length ?? 0)) return false;
  if (/^[_\s.\-–№]*$/u.test(name) || /_{3,}/u.test(name)) return false;
  return !NOT_A_NAME.test(name) && !JOB_TITLE.test(name);
}

function official(form: string, name: string): string {
  return `${form} «${name}»`;
}

function nominativeClinicWord(words: string): string {
  const compact = words.replace(/\s+/g, ' ').trim();
  if (compact === 'МЦ' || /^(?:clinic|medical center)$/iu.test(compact)) return compact;
  return CLINIC_WORD_NOMINATIVE.find(([pattern]) => pattern.test(compact))?.[1] ?? compact;
}
