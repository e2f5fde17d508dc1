import { beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../catalogue/create-catalogue.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import type { Service } from '../storage/records.js';
import { createMatcher } from './cascade.js';
import { dictionaryStructureOf, type DictionaryStructure } from './dictionary-structure.js';
import { createSiblingDecider, type SiblingDecider } from './sibling-decider.js';
import { TEST_SERVICES } from './test-services.js';

let services: Service[];
let structure: DictionaryStructure;
let decider: SiblingDecider;
const idOf = (name: string, category?: string) =>
  services.find((s) => s.name === name && (category === undefined || s.category === category))!.service_id;

beforeAll(async () => {
  services = await loadDefaultDictionary();
  structure = dictionaryStructureOf(services);
  decider = createSiblingDecider(structure, services);
});

describe('dictionary structure of the bundled dictionary', () => {
  it('puts the Doppler trio in one class: one name under two specialties and its glossed twin', () => {
    const ids = services.filter((s) => s.name.startsWith('Доплер УЗИ плода')).map((s) => s.service_id);
    expect(ids).toHaveLength(3);
    const classes = new Set(ids.map((id) => structure.classOf(id)!.class_id));
    expect(classes.size).toBe(1);
    expect(structure.classOf(ids[0]!)!.service_ids).toEqual(ids);
  });

  it('keeps entries whose brackets name a material apart: Калий K (кровь) and (моча) are siblings, not a class', () => {
    const blood = structure.classOf(idOf('Калий K (кровь)'))!;
    const urine = structure.classOf(idOf('Калий K (моча)'))!;
    expect(blood.class_id).not.toBe(urine.class_id);
    expect(blood.group_id).not.toBeNull();
    expect(blood.group_id).toBe(urine.group_id);
    expect(blood.features.materials).toEqual(['кровь']);
  });

  it('makes the specific-IgE pair a sibling group split by method and code', () => {
    const allergens = structure.classOf(idOf('IgE специфический аллергены'))!;
    const pathogens = structure.classOf(idOf('IgE специфический возбудители'))!;
    expect(allergens.group_id).toBe(pathogens.group_id);
    expect(structure.groups.find((g) => g.group_id === allergens.group_id)!.class_ids).toHaveLength(2);
    expect(allergens.features).toMatchObject({ methods: ['ифа'], tariff_codes: ['B06.576.005'], code_shapes: ['B06…005'] });
    expect(pathogens.features).toMatchObject({ methods: ['ихл'], tariff_codes: ['B06.457.006'], code_shapes: ['B06…006'] });
    expect(structure.structureOf(idOf('IgE специфический аллергены'))).toMatchObject({
      class_id: allergens.class_id,
      siblings: [{ class_id: pathogens.class_id, name: 'IgE специфический возбудители' }],
    });
  });

  it('does not group markers of one disease that share a method (HBsAg, HBcAg)', () => {
    const hbs = structure.classOf(idOf('Гепатит B HBsAg'))!;
    const hbc = structure.classOf(idOf('Гепатит B HBcAg'))!;
    expect(hbs.group_id === null || hbs.group_id !== hbc.group_id).toBe(true);
  });

  it('shows the class and the siblings on the service read', async () => {
    const catalogue = await createCatalogue({ services });
    const doppler = services.filter((s) => s.name.startsWith('Доплер УЗИ плода'));
    const classes = await Promise.all(doppler.map(async (s) => (await catalogue.getService(s.service_id)).class_id));
    expect(new Set(classes).size).toBe(1);
    const ige = await catalogue.getService(idOf('IgE специфический аллергены'));
    expect(ige.siblings.map((s) => [s.name, s.features.tariff_codes])).toEqual([['IgE специфический возбудители', ['B06.457.006']]]);
  });

  it('derives a fixed-size structure (a change here is a change of the dictionary or of the rules)', () => {
    expect(structure.classes).toHaveLength(1229);
    expect(structure.classes.filter((c) => c.service_ids.length > 1)).toHaveLength(43);
    expect(structure.groups).toHaveLength(30);
  });
});

describe('sibling decider', () => {
  const allergens = () => idOf('IgE специфический аллергены');
  const pathogens = () => idOf('IgE специфический возбудители');

  it('decides the IgE pair by the tariff code, look-alike letters and sub-codes included', () => {
    expect(decider.decide({ raw_name: 'IgE специфические', code: 'B06.457.006.52', section: null }, allergens())).toEqual({
      kind: 'switched',
      service_id: pathogens(),
      by: expect.stringMatching(/^(code|method)$/), // the method a code implies counts as stated by the code
    });
    expect(decider.decide({ raw_name: 'IgE специфические', code: 'В06.576.005', section: null }, pathogens())).toEqual({
      kind: 'switched',
      service_id: allergens(),
      by: expect.stringMatching(/^(code|method)$/), // the method a code implies counts as stated by the code
    });
  });

  it('decides by a stated method, or by the shape of a code the dictionary does not list', () => {
    expect(decider.decide({ raw_name: 'IgE специфические, ИХЛА', code: null, section: null }, allergens())).toMatchObject({
      kind: 'switched',
      service_id: pathogens(),
      by: 'method',
    });
    expect(decider.decide({ raw_name: 'IgE специфические', code: 'B06.999.006', section: null }, allergens())).toMatchObject({
      kind: 'switched',
      service_id: pathogens(),
    });
  });

  it('decides by the words of the name that only one sibling has (a material here) when the code does not', () => {
    expect(decider.decide({ raw_name: 'Калий в моче', code: 'B03.348.002', section: null }, idOf('Калий K (кровь)'))).toMatchObject({
      kind: 'switched',
      service_id: idOf('Калий K (моча)'),
    });
    // Without a code, a section naming allergens decides for the allergen test; with the ИХЛ entry's code, the code does.
    const section = 'Определение специфических IgE к пищевым аллергенам';
    expect(decider.decide({ raw_name: 'Кунжут, f10', code: null, section }, pathogens())).toMatchObject({
      kind: 'switched',
      service_id: allergens(),
      by: 'name',
    });
    expect(decider.decide({ raw_name: 'Кунжут, f10', code: 'B06.457.006.52', section }, allergens())).toMatchObject({
      kind: 'switched',
      service_id: pathogens(),
      by: expect.stringMatching(/^(code|method)$/), // the method a code implies counts as stated by the code
    });
  });

  it('returns the group when nothing decides, and nothing for an entry without siblings', () => {
    const decision = decider.decide({ raw_name: 'IgE специфические', code: null, section: null }, allergens());
    expect(decision).toEqual({ kind: 'undecided', group: [allergens(), pathogens()] });
    expect(decider.decide({ raw_name: 'Прием терапевта', code: 'B06.457.006', section: null }, idOf('Прием терапевта'))).toEqual({ kind: 'none' });
  });

  it('reads the row\'s tariff code before the allergen words of its name (issue 15: the code decides between siblings)', () => {
    expect(decider.decide({ raw_name: 'Кунжут, f10', code: 'B06.457.006.52', section: 'Пищевые продукты' }, allergens())).toMatchObject({
      kind: 'switched',
      service_id: pathogens(),
      by: expect.stringMatching(/^(code|method)$/), // the method a code implies counts as stated by the code
    });
    expect(decider.decide({ raw_name: 'Кунжут, f10', code: 'B06.576.005.52', section: 'Пищевые продукты' }, allergens())).toEqual({ kind: 'kept', by: expect.stringMatching(/^(code|method)$/) });
  });

  it('runs as the cascade\'s last step on the chosen entry', () => {
    const matcher = createMatcher({ services });
    expect(matcher.match({ raw_name: 'Кунжут, f10', code: 'B06.457.006.52', section: null }).service_id).toBe(pathogens());
    const chosen = matcher.match({ raw_name: 'Калий', code: 'B03.347.002', section: 'Биохимия' });
    expect(chosen.service_id).toBe(idOf('Калий K (моча)'));
  });

  it('derives nothing from a dictionary without siblings', () => {
    const small = dictionaryStructureOf(TEST_SERVICES);
    expect(small.groups).toEqual([]);
    expect(small.classes).toHaveLength(TEST_SERVICES.length);
  });
});
