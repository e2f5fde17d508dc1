import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import type { Service } from '../storage/records.js';
import { createCandidateIndex, type CandidateIndex } from './candidate-index.js';
import { createMatcher, type Matcher } from './cascade.js';
import { normalizeName } from './normalize.js';
import { contestedTermsOf } from './scorers/term-coverage.js';
import { toTerms } from './terms.js';

// Names copied from the client's price lists (/work/shared/data/archive); the expected entries of the client's
// dictionary were chosen by a person reading both.
let services: Service[];
let index: CandidateIndex;
let matcher: Matcher;
beforeAll(async () => {
  services = await loadDefaultDictionary();
  index = createCandidateIndex(services);
  matcher = createMatcher({ services });
});

const matchName = (raw_name: string) => {
  const outcome = matcher.match({ raw_name, code: null, section: null });
  return { ...outcome, name: services.find((s) => s.service_id === outcome.service_id)?.name ?? null };
};
/** The entry an analyst sees first: the automatic match, or the queue's first suggestion. */
const firstChoice = (raw_name: string) => {
  const outcome = matchName(raw_name);
  return outcome.status === 'normalized' ? outcome.name : (outcome.candidates[0]?.name ?? null);
};

const contestedIn = (name: string) => {
  const position = { terms: toTerms(normalizeName(name)), sectionTerms: [] };
  return contestedTermsOf(position, index.candidates(position.terms, 40), index.weights);
};

describe('match: words that a rival entry explains', () => {
  it('marks the word of a second organ that another entry names (`УЗИ желчного пузыря`)', () => {
    expect(contestedIn('УЗИ печени и желчного пузыря').has('желчн')).toBe(true);
  });

  it('does not mark a word only an unrelated entry uses (`Рентген органов грудной клетки` for `органов`)', () => {
    expect(contestedIn('УЗИ органов мошонки').has('орган')).toBe(false);
  });

  it('takes a study as a rival only of a position naming a study itself', () => {
    // `УЗИ при беременности 1 триместра` is no rival of pregnancy care in the first trimester…
    expect(contestedIn('Ведение беременности 1 триместр').has('триместр')).toBe(false);
    expect(firstChoice('Ведение беременности 2 триместр')).toBe('Ведение беременности');
    // …but `УЗИ надпочечников` is of a CT of the kidneys and adrenals.
    expect(contestedIn('КТ почек и надпочечников').has('надпочечник')).toBe(true);
  });

  it('takes the name outside brackets as a rival’s scope (`УЗИ предстательной железы (простаты)`)', () => {
    const contested = contestedIn('Трансректальное УЗИ предстательной железы');
    expect(contested.has('предстательн')).toBe(true);
    expect(contested.has('трансректальн')).toBe(true);
  });
});

describe('match: an entry covered completely, with extra wording nothing else explains', () => {
  it.each([
    ['УЗИ органов мошонки', 'УЗИ мошонки (яичек)'],
    ['Общий анализ крови на анализаторе с дифференцировкой 5 классов клеток', 'ОАК 5 классов'],
    ['Забор крови из вены', 'Забор крови'],
    ['Снятие швов с раны', 'Снятие швов'],
    ['Подбор мягких контактных линз', 'Подбор контактных линз'],
    // ТРУЗИ is the transrectal study of the prostate (its curated alias; the labelled sample reads `УЗИ предстательной
    // железы - ТРУЗИ` as `ТРУЗИ` too), though `УЗИ предстательной железы (простаты)` also explains the words.
    ['Трансректальное ультразвуковое исследование предстательной железы', 'ТРУЗИ'],
  ])('normalizes «%s» to «%s»', (raw, expected) => {
    expect(matchName(raw)).toMatchObject({ status: 'normalized', name: expected });
  });

  it.each([
    // The first word names the procedure: a biopsy or a puncture under ultrasound is no ultrasound study.
    'Биопсия печени под контролем УЗИ',
    'Пункция щитовидной железы под контролем УЗИ',
  ])('still sends «%s» to a person', (raw) => {
    expect(matchName(raw).status).not.toBe('normalized');
  });

  it('keeps the entry a rival number names: `ОАК 3 класса` is no `ОАК 5 классов`', () => {
    expect(matchName('ОАК 3 класса')).toMatchObject({ status: 'normalized', name: 'ОАК 3 класса' });
  });

  it('keeps the antibody class apart however complete the coverage', () => {
    const igm = firstChoice('Определение антител класса M к возбудителю краснухи в сыворотке крови методом иммунохемилюминесценции');
    expect(igm).toBe('Краснуха IgM');
  });
});
