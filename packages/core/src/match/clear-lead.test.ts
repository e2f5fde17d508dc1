import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import type { Service } from '../storage/records.js';
import { createMatcher, type Matcher } from './cascade.js';
import { WITHDRAWAL_CONFIDENCE } from './concentrated-groups.js';

// Names copied from the client's price lists (/work/shared/data/archive); the expected entries of the client's
// dictionary were chosen by a person reading both.
let services: Service[];
let matcher: Matcher;
beforeAll(async () => {
  services = await loadDefaultDictionary();
  matcher = createMatcher({ services });
});

const matchName = (raw_name: string) => {
  const outcome = matcher.match({ raw_name, code: null, section: null });
  return { ...outcome, name: services.find((s) => s.service_id === outcome.service_id)?.name ?? null };
};

describe('match: an entry held completely, with only detail added, clearly ahead of the rest', () => {
  it.each([
    ['Массаж передней брюшной стенки живота', 'Массаж живота'],
    ['Вскрытие абсцесса более 5 см', 'Вскрытие абсцесса'],
    ['Геморроидэктомия по Ferguson 1-2 стадия', 'Геморроидэктомия'],
    ['Катетеризация одной слуховой трубы через нос', 'Катетеризация слуховой трубы'],
    ['УЗИ периферических лимфатических узлов 1 зона', 'УЗИ лимфатических узлов'],
  ])('normalizes «%s» to «%s»', (raw, expected) => {
    expect(matchName(raw)).toMatchObject({ status: 'normalized', name: expected });
  });

  it('keeps the low score as the confidence, so that the concentrated-group rule can still withdraw the match', () => {
    expect(matchName('Массаж передней брюшной стенки живота').confidence).toBeLessThan(WITHDRAWAL_CONFIDENCE);
  });

  it.each([
    // A second organ that an entry of its own names: a combined study.
    'УЗИ печени и желчного пузыря у детей',
    // The first word names another service: a payment, a cytology of smears taken at gastroscopy.
    'Оплата донору спермы. ЭКО',
    'Цитологическое исследование мазков гастроскопии на хеликобактер',
    // Two entries nearly level (from the nose, from the ear): no clear lead.
    'Удаление инородного тела',
  ])('still sends «%s» to a person', (raw) => {
    expect(matchName(raw).status).not.toBe('normalized');
  });
});
