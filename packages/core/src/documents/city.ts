/**
 * The city of a price list: from the document's text (`г. Алматы`, `город Астана`, `в г.Шымкенте`,
 * addresses), else from the folders and the file name. Returns the canonical nominative name.
 */
import { KAZAKHSTAN_CITIES, RUSSIAN_CITIES } from './cities-data.js';

/** A city found in text: its canonical name and where it was said. */
export interface CityMatch {
  readonly city: string;
  readonly source: 'content' | 'path';
}

interface CityForm {
  readonly city: string;
  readonly ambiguous: boolean;
}

const INDEX = buildIndex();
/** The longest city name, in words (`Минеральные Воды` = 2). */
const MAX_WORDS = 3;
const WORD = /\p{L}+(?:-\p{L}+)*/gu;

/** `г.`, `гор.`, `город`, `городе`, ... right before the name. */
const CITY_MARKER_BEFORE = /(?:^|[^\p{L}])(?:г|гор|город\p{L}*)\.?\s*$/iu;
/** Kazakh `Алматы қаласы` / `Астана қ.` after the name. */
const CITY_MARKER_AFTER = /^\s*(?:қаласы|каласы|қ\.)/iu;
/** Streets and squares named after cities: `ул. Абая`, `пр. Жамбыла`, `улица Ташкентская`. */
const STREET_MARKER_BEFORE =
  /(?:^|[^\p{L}])(?:ул|улица|улицы|пр|просп|проспект\p{L}*|пер|переулок|мкр|микрорайон\p{L}*|б-р|бульвар\p{L}*|ш|шоссе|пл|площадь|наб|набережная|тракт|трасса|с|село|п|пос|поселок|посёлок|аул|обл|область|области|р-н|район\p{L}*)\.?\s*$/iu;

/**
 * The first city the lines name, preferring a name with `г.`/`город` before it over a bare one;
 * in reading order otherwise. Ambiguous names (common words, surnames) count only with the marker;
 * a name right after a street or village marker (`ул. Абая`, `с. Иссык`) does not count.
 */
export function findCityInText(lines: readonly string[]): string | null {
  let bare: string | null = null;
  for (const line of lines) {
    for (const hit of cityHits(line)) {
      const before = line.slice(0, hit.start);
      if (STREET_MARKER_BEFORE.test(before)) continue;
      const marked = CITY_MARKER_BEFORE.test(before) || CITY_MARKER_AFTER.test(line.slice(hit.end));
      if (marked) return hit.city;
      if (!hit.ambiguous && bare === null) bare = hit.city;
    }
  }
  return bare;
}

/**
 * Every city the lines name with a marker (`г. Астана`, `Алматы қаласы`), canonical names, in order of
 * first mention. Used on the body of a price list (`Вызов бригады ... (г. Астана)`), where bare names
 * are too weak to count.
 */
export function findMarkedCities(lines: readonly string[]): string[] {
  const found = new Set<string>();
  for (const line of lines) {
    for (const hit of cityHits(line)) {
      const before = line.slice(0, hit.start);
      if (STREET_MARKER_BEFORE.test(before)) continue;
      if (CITY_MARKER_BEFORE.test(before) || CITY_MARKER_AFTER.test(line.slice(hit.end))) found.add(hit.city);
    }
  }
  return [...found];
}

/**
 * The city a path names: a folder that is exactly a city name (`Алматы/...`, even an ambiguous one),
 * else an unambiguous city name inside a folder or the file name (`Прайс Астана 2026.xlsx`).
 * The deepest folder wins.
 */
export function findCityInPath(path: string): string | null {
  const parts = path.split(/[\\/]+/).filter((part) => part.length > 0);
  const folders = parts.slice(0, -1).reverse();
  for (const folder of folders) {
    const whole = INDEX.get(toKey(folder.replace(/[_]+/g, ' ').trim()));
    if (whole) return whole.city;
  }
  for (const part of [parts[parts.length - 1] ?? '', ...folders]) {
    const hit = cityHits(part.replace(/[_]+/g, ' ')).find((candidate) => !candidate.ambiguous);
    if (hit) return hit.city;
  }
  return null;
}

/** Every canonical city name of the gazetteer, Kazakhstan first. */
export function knownCities(): string[] {
  return [...KAZAKHSTAN_CITIES, ...RUSSIAN_CITIES].map((line) => parseName(line.split('|')[0] ?? '').name);
}

// ---- internal helpers ----

interface Hit extends CityForm {
  readonly start: number;
  readonly end: number;
}

/** City names in a text, longest first at each position, with their character offsets. */
function cityHits(text: string): Hit[] {
  const words = [...text.matchAll(WORD)].map((match) => ({ text: match[0], start: match.index ?? 0 }));
  const hits: Hit[] = [];
  for (let i = 0; i < words.length; i += 1) {
    for (let size = Math.min(MAX_WORDS, words.length - i); size >= 1; size -= 1) {
      const slice = words.slice(i, i + size);
      const last = slice[slice.length - 1];
      const first = slice[0];
      if (!first || !last) continue;
      const form = INDEX.get(toKey(slice.map((word) => word.text).join(' ')));
      if (!form) continue;
      hits.push({ ...form, start: first.start, end: last.start + last.text.length });
      i += size - 1;
      break;
    }
  }
  return hits;
}

function toKey(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');
}

function buildIndex(): Map<string, CityForm> {
  const index = new Map<string, CityForm>();
  for (const line of [...KAZAKHSTAN_CITIES, ...RUSSIAN_CITIES]) {
    const entries = line.split('|').map(parseName);
    const city = entries[0]?.name ?? '';
    for (const entry of entries) {
      for (const form of [entry.name, ...declensions(entry.name), ...entry.forms]) {
        const key = toKey(form);
        // The first (Kazakhstan, then larger) city keeps a form two entries share.
        if (!index.has(key)) index.set(key, { city, ambiguous: entry.ambiguous });
      }
    }
  }
  return index;
}

function parseName(raw: string): { name: string; ambiguous: boolean; forms: string[] } {
  const ambiguous = raw.startsWith('?');
  const match = /^\??([^{]+)(?:\{([^}]*)\})?$/u.exec(raw);
  const name = (match?.[1] ?? raw).trim();
  const forms = (match?.[2] ?? '').split(',').map((form) => form.trim()).filter((form) => form.length > 0);
  return { name, ambiguous, forms };
}

/**
 * Case forms (genitive, dative, accusative, instrumental, prepositional) of a city name, word by word.
 * Hyphenated names decline the part before `-на-` (`Ростове-на-Дону`) or else the last part
 * (`Усть-Каменогорске`, `Нур-Султане`). Names ending in a vowel other than а/я are indeclinable
 * (Алматы, Актобе, Атырау, Сочи).
 */
function declensions(name: string): string[] {
  const words = name.split(' ');
  const perWord = words.map(declineWord);
  const forms: string[] = [];
  for (let caseIndex = 0; caseIndex < 5; caseIndex += 1) {
    forms.push(perWord.map((cases, i) => cases[caseIndex] ?? words[i] ?? '').join(' '));
  }
  if (words.length === 1 && /ь$/u.test(name)) forms.push(...softSignFeminine(name));
  return forms;
}

/** Feminine forms of a name in -ь: Пермь → Перми, Пермью. */
function softSignFeminine(name: string): string[] {
  const stem = name.slice(0, -1);
  return [`${stem}и`, `${stem}ью`];
}

/** Five case forms of one word (gen, dat, acc, ins, prep); the word itself where it does not change. */
function declineWord(word: string): string[] {
  const onPart = /^(\p{L}+)(-на-.+)$/u.exec(word);
  if (onPart) return declineSimple(onPart[1] ?? '').map((form) => form + (onPart[2] ?? ''));
  const hyphen = word.lastIndexOf('-');
  if (hyphen > 0) {
    const head = word.slice(0, hyphen + 1);
    return declineSimple(word.slice(hyphen + 1)).map((form) => head + form);
  }
  return declineSimple(word);
}

function declineSimple(word: string): string[] {
  const stem = (cut: number) => word.slice(0, word.length - cut);
  const velarOrHushing = /[гкхжшчщ]$/u.test(stem(1));
  if (/(?:ский|цкий)$/u.test(word) || (/ий$/u.test(word) && /[гкх]$/u.test(stem(2)))) {
    return ['ого', 'ому', 'ий', 'им', 'ом'].map((end, i) => (i === 2 ? word : stem(2) + end));
  }
  if (/ний$/u.test(word)) return ['его', 'ему', 'ий', 'им', 'ем'].map((end, i) => (i === 2 ? word : stem(2) + end));
  if (/ый$/u.test(word)) return ['ого', 'ому', 'ый', 'ым', 'ом'].map((end, i) => (i === 2 ? word : stem(2) + end));
  if (/ой$/u.test(word)) return ['ого', 'ому', 'ой', 'ым', 'ом'].map((end, i) => (i === 2 ? word : stem(2) + end));
  if (/а$/u.test(word)) return [velarOrHushing ? 'и' : 'ы', 'е', 'у', 'ой', 'е'].map((end) => stem(1) + end);
  if (/я$/u.test(word)) return ['и', 'е', 'ю', 'ей', 'е'].map((end) => stem(1) + end);
  if (/й$/u.test(word)) return ['я', 'ю', 'й', 'ем', 'е'].map((end, i) => (i === 2 ? word : stem(1) + end));
  // NOTE: -ь is masculine (Ярославля, Ставрополе) or feminine (Перми, Казани); without a gender in the
  // data both sets are produced: the masculine five here, the feminine ones by softSignFeminine().
  if (/ь$/u.test(word)) return ['я', 'ю', 'ь', 'ем', 'е'].map((end, i) => (i === 2 ? word : stem(1) + end));
  if (/[аеёиоуыэюяіөүұ]$/iu.test(word)) return [word, word, word, word, word];
  return ['а', 'у', '', 'ом', 'е'].map((end) => word + end);
}
