/**
 * Words of a price-list name that say nothing about *which* service it is: who performs it (degrees,
 * categories, «врача»), whether the visit is the first, the unit of sale, lab workflow words and
 * prepositions. Matching drops them from both sides (docs/matching.md lists them).
 */

/**
 * Phrases removed from the normalized text before stemming, as sources of regular expressions matched on
 * whole words (`\\b` knows no Cyrillic, so {@link wholeWords} anchors them on spaces).
 */
const NOISE_PHRASES: readonly RegExp[] = [
  // Degrees, titles and categories of the doctor.
  wholeWords(String.raw`(?:к ?м ?н|д ?м ?н|к ?б ?н|д ?б ?н|phd|профессор[а-я]*|доцент[а-я]*|академик[а-я]*|заведующ[а-я]*|зав отд[а-я]*|главн[а-я]* врач[а-я]*)`),
  wholeWords(String.raw`(?:врач[а-я]* )?(?:высш[а-я]*|перв[а-я]*|втор[а-я]*) категори[а-я]*`),
  wholeWords(String.raw`категори[а-я]*`),
  // Primary / repeat visit words.
  wholeWords(String.raw`(?:первичн[а-я]*|повторн[а-я]*|первично|повторно)`),
  // What the price does not include.
  wholeWords(String.raw`без (?:учета|стоимости|учёта) [а-я]+`),
  // Units of sale (`1 посещение`); only a count of one, so the last number of a code stays (`СА 19-9 услуга`).
  wholeWords(String.raw`(?:1 )?(?:посещени[а-я]*|услуг[а-я]*|сеанс[а-я]*)`),
  // Laboratory workflow words that every lab row carries.
  wholeWords(String.raw`(?:определени[а-я]*|обнаружени[а-я]*|выявлени[а-я]*|на анализаторе|анализатор[а-я]*|ручным методом|метод[а-я]*)`),
  // «ПЦР в режиме реального времени»: how the PCR is read, not which test it is.
  wholeWords(String.raw`в режиме реального времени`),
  // «антитела класса IgG»: the class word before the class.
  wholeWords(String.raw`класс[а-я]*(?= (?:ig|иммуноглобулин))`),
  // The extent of a procedure (`более 5 см`, `1 зона`, `(1 поле)`, `1-2 стадия`, `2 ст`, a contrast dose `7,5 мл`, a
  // duration `3 - 6 ч`): the dictionary names a procedure once, whatever its size, stage, dose or length. Ages (`до 3
  // лет`) stay: the dictionary has children's entries.
  wholeWords(String.raw`(?:(?:до|более|свыше|менее|от|больше|не более) )?\d+(?: \d+)* ?(?:см|мм|см2|мл|шт|зон[аыеу]?|пол[ея]|полей|стади[а-я]*|ст|час[а-я]*|ч)`),
  wholeWords(String.raw`стади[а-я]* \d+(?: \d+)*`),
  wholeWords(String.raw`(?:\d+|[ivx]+) (?:степен[а-я]*|категори[а-я]*) сложност[а-я]*`),
  // Contrast and field strength of a scan (`с внутривенным контрастированием`, `1,5 Тл`), the patient's age and
  // a count of one (`детям от 0 до 14 лет`, `одной слуховой трубы`): the dictionary has one entry for all of them.
  wholeWords(String.raw`(?:с|без) (?:внутривенн[а-я]* |в в )?(?:контраст[а-я]*|контрастировани[а-я]*|контрастн[а-я]* усилени[а-я]*)`),
  wholeWords(String.raw`\d+(?: \d+)? ?(?:тл|тесл[а-я]*)`),
  wholeWords(String.raw`(?:(?:у|для) )?(?:детям|детей|дети|ребенку|ребенка|ребенок)(?: (?:от )?\d+(?: \d+)?(?: до \d+)? (?:лет|года?|мес[а-я]*))?`),
  wholeWords(String.raw`(?:(?:от|до|старше) )?\d+(?: \d+)?(?: (?:х|ти|ми))?(?: до \d+)? (?:лет|года?)`),
  wholeWords(String.raw`(?:один|одна|одно|одной|одного|одну|одном|одним)`),
  // «In biological material» names no material in particular (`Обнаружение … в биологическом материале методом ПЦР`).
  wholeWords(String.raw`(?:в |из )?(?:биологическ[а-я]* материал[а-я]*|биоматериал[а-я]*)`),
  // Imaging projections and zones, the word «исследование» itself.
  wholeWords(String.raw`(?:в )?\d* ?х? ?проекци[а-я]*|исследовани[а-я]*|обзорн[а-я]*`),
  // Doctor, patient, adults (the dictionary names children's services, never adults').
  wholeWords(String.raw`(?:врач[а-я]*|специалист[а-я]*|пациент[а-я]*|взросл[а-я]*|взр)`),
];

/** Single words dropped after stemming: prepositions and conjunctions. */
const STOP_WORDS = new Set(['в', 'во', 'на', 'и', 'или', 'для', 'по', 'из', 'к', 'ко', 'от', 'при', 'у', 'с', 'со', 'до', 'а', 'о', 'об', 'под', 'над', 'за', 'без', 'т', 'ч']);

/** `nameNorm` (already normalized) without its noise phrases; single spaces. */
export function dropNoisePhrases(nameNorm: string): string {
  let text = ` ${nameNorm} `;
  for (const pattern of NOISE_PHRASES) text = text.replace(pattern, ' ');
  return text.replace(/\s+/g, ' ').trim();
}

function wholeWords(source: string): RegExp {
  return new RegExp(`(?<= )(?:${source})(?= )`, 'g');
}

/** True for a word that carries no meaning on its own (a preposition, a conjunction). */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
