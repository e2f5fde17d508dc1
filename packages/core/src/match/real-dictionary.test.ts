import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import type { Service } from '../storage/records.js';
import { createMatcher, type Matcher } from './cascade.js';
import { normalizeName } from './normalize.js';
import { toTerms } from './terms.js';
import { allergenCodeOf } from './allergen-codes.js';

// Names copied from the client's price lists; the expected entries were chosen by a person against the
// client's dictionary (test/fixtures/matching-sample.json holds them with the labelling rules).
let services: Service[];
let matcher: Matcher;
beforeAll(async () => {
  services = await loadDefaultDictionary();
  matcher = createMatcher({ services });
});

const termsOf = (name: string) => toTerms(normalizeName(name)).sort();
const matchName = (raw_name: string, section: string | null = null) => {
  const outcome = matcher.match({ raw_name, code: null, section });
  const service = services.find((s) => s.service_id === outcome.service_id);
  return { ...outcome, name: service?.name ?? null };
};

describe('match: normalization and the term table', () => {
  it.each([
    ['Ультразвуковое исследование почек', 'УЗИ почек'],
    ['Консультация окулиста', 'Прием офтальмолога'],
    ['Общий анализ крови', 'ОАК'],
    ['Эзофагогастродуоденоскопия', 'ФГДС'],
    ['Тиреотропный гормон', 'ТТГ'],
    ['Аланинаминотрансфераза', 'АЛТ'],
    ['Первичный прием врача невропатолога к.м.н.', 'Прием невролога'],
    ['Анализы крови', 'анализ крови'],
    ['ЭХОКАРДИОГРАФИЯ', 'УЗИ сердца'],
    ['Суточное мониторирование артериального давления', 'Суточное мониторирование АД'],
    ['Фолиевая кислота', 'Фолаты'],
    ['Удаление ВМС', 'Удаление внутриматочной спирали'],
    ['ТРУЗИ', 'Трансректальное ультразвуковое исследование'],
    ['Нейросонография у детей', 'УЗИ головного мозга ребенка'],
    ['Обнаружение Gardnerella vaginalis методом ПЦР в режиме реального времени', 'Gardnerella vaginalis ПЦР'],
    ['Лютеинизирующий гормон (ЛГ, LH)', 'ЛГ'],
    ['Фолликулостимулирующий гормон', 'ФСГ фолликулостимулирующий гормон'],
    ['Адренокортикотропный гормон (АКТГ)', 'АКТГ'],
    ['Эозинофильный катионный белок', 'Эозинофильно-катионный протеин ECP'],
    ['Внутрисосудистое лазерное облучение крови', 'Внутривенное лазерное облучение крови (ВЛОК)'],
  ])('gives «%s» the same terms as «%s»', (a, b) => {
    expect(termsOf(a)).toEqual(termsOf(b));
  });

  it('keeps the modality, the body part and the material apart', () => {
    expect(termsOf('МРТ коленного сустава')).not.toEqual(termsOf('КТ коленного сустава'));
    expect(termsOf('Креатинин (моча)')).not.toEqual(termsOf('Креатинин (кровь)'));
  });

  it('reads the child nouns alike but not the adjective, which names entries of its own (`Детский массаж`)', () => {
    expect(termsOf('Массаж общий дети до 3-х лет')).not.toContain(termsOf('Детский массаж')[0]);
  });
});

describe('match: the cascade on the client dictionary', () => {
  it.each([
    ['Повторный прием врача аллерголога д.м.н. (детский)', 'Прием аллерголога'],
    ['Осмотр невролога. Медицинский осмотр', 'Прием невропатолога'],
    ['Определение ферритина в сыворотке крови', 'Ферритин'],
    ['Тональная пороговая аудиометрия', 'Аудиометрия'],
    ['Вскрытие гидраденита (в т.ч. 3 перевязки)', 'Вскрытие гидраденита'],
    ['Рентгенография турецкого седла (1 проекция)', 'Рентген турецкого седла'],
    ['Anti-CMV-IgG (антитела класса IgG к Цитомегаловирусу)', 'ЦМВ (ВПГ-V) Ig G'],
    // A plus inside brackets lists the parts of one service.
    ['Массаж спины (шейно-воротниковый+грудной+поясн-крест)', 'Массаж спины'],
  ])('normalizes «%s» to «%s»', (raw, expected) => {
    expect(matchName(raw)).toMatchObject({ status: 'normalized', name: expected });
  });

  it.each([
    // A different modality on the same body part.
    'Рентгеноскопия органов малого таза',
    // Two studies in one row: the dictionary holds each alone.
    'МРТ головного + спинного мозга с контрастом',
    'МРТ головного + спинного мозга',
    'УЗИ почки + надпочечники',
    'УЗИ печени и желчного пузыря у детей',
    // Surgery the dictionary does not hold.
    'Пластика уздечки верхней губы и языка',
  ])('does not normalize «%s» onto a merely similar entry', (raw) => {
    expect(matchName(raw).status).not.toBe('normalized');
  });

  it('tells hepatitis B from hepatitis C when the letter is Cyrillic', () => {
    expect(matchName('Вирус гепатита С (количественный, 300 МЕ/мл)').candidates[0]?.name).toBe('Гепатит C количественное');
    expect(matchName('Вирус гепатита В (количественный)').candidates[0]?.name).toBe('Гепатит B количественное');
  });

  it('sends a name that fits two sibling entries equally to a person instead of picking one', () => {
    // The dictionary has meningococcus cultures from blood, liquor and nasopharynx; the row names none.
    const outcome = matchName('Бактериологическое исследование биоматериала на менингококк');
    expect(outcome.status).toBe('queued');
    expect(outcome.candidates.slice(0, 3).every((c) => c.name.startsWith('Менингококк'))).toBe(true);
  });

  it('uses the section heading as evidence for a row whose name is only an allergen', () => {
    const outcome = matchName('одуванчик', '31.22.Определение специфических IgE к аллергенам деревьев, растений и трав');
    expect(outcome.candidates[0]?.name).toBe('IgE специфический аллергены');
    expect(matchName('одуванчик').candidates).toEqual([]);
  });
});

describe('match: allergen codes', () => {
  it.each([
    ['Подорожник, w9', 'w9'],
    ['Перец чили. f279', 'f279'],
    ['Панель аллергенов животных: перо курицы, утки, попугая. ех73', 'ex73'],
    ['Амброксол. С 96', 'c96'],
  ])('reads the ImmunoCAP code of «%s» as %s', (raw, code) => {
    expect(allergenCodeOf(raw)).toBe(code);
  });

  it.each(['Свободный тироксин, T4', 'Эстрадиол, E2', 'Витамин D3', 'ВИЧ 1,2 иммуноблот', 'Рентген, 2 проекции'])(
    'finds no allergen code in «%s»',
    (raw) => {
      expect(allergenCodeOf(raw)).toBeNull();
    },
  );

  it('matches a single-allergen row to the specific-IgE entry without a section', () => {
    expect(matchName('Груша, f94')).toMatchObject({ status: 'normalized', name: 'IgE специфический аллергены' });
  });
});
