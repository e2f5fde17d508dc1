import { beforeAll, describe, expect, it } from 'vitest';
import { CLINIC6_HEAD, CLINIC6_THERAPIST_ROWS, xlsxFile } from '../../test/helpers/files.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { PricecatError } from '../errors.js';
import type { Service } from '../storage/records.js';
import { createCatalogue } from './create-catalogue.js';

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

const newCatalogue = () => createCatalogue({ services: dictionary });

describe('catalogue: reconcile', () => {
  it('gives each name the service, confidence and decision that ingest recorded for the same row', async () => {
    const catalogue = await newCatalogue();
    // One row per service, so no concentrated group forms (ingest applies that rule, reconcile does not):
    // a clinic code with a section, a dictionary name, a loose variant, a name no dictionary holds.
    const rows = [
      ...CLINIC6_THERAPIST_ROWS.slice(0, 2),
      [2000, null, 'Прием акушер-гинеколога', 'услуга', 1, 11400, 12000, 14400, 18000],
      [2001, null, 'Консультация психолога', 'услуга', 1, 6650, 7000, 8400, 10500],
      [2002, null, 'Аренда парковочного места', 'услуга', 1, 475, 500, 500, 500],
    ];
    await catalogue.ingest({ fileName: 'Клиника 6 прайс 2026.xlsx', bytes: xlsxFile([...CLINIC6_HEAD, ...rows]) });
    const positions = (await catalogue.listPositions()).items;
    expect(positions.map((p) => p.raw_name)).toEqual([
      'Первичный прием врача терапевта',
      'Прием акушер-гинеколога',
      'Консультация психолога',
      'Аренда парковочного места',
    ]);
    expect(positions[0]).toMatchObject({ code: 'A02.001.000.91', section: '8.1 Консультации специалистов' });

    const results = await catalogue.reconcile(positions.map((p) => ({ query: p.raw_name, code: p.code, section: p.section })));
    positions.forEach((position, i) => {
      const [first] = results[i]!;
      if (position.service_id) {
        expect(first, position.raw_name).toMatchObject({ id: position.service_id, score: position.confidence, match: true });
      } else if (position.candidates.length > 0) {
        expect(first, position.raw_name).toMatchObject({ id: position.candidates[0]!.service_id, score: position.confidence, match: false });
      }
      expect(results[i]!.filter((c) => c.match).length, position.raw_name).toBe(position.status === 'normalized' ? 1 : 0);
    });
    const gynecologist = dictionary.find((s) => s.name === 'Прием акушер-гинеколога')!;
    expect(results[1]![0]).toMatchObject({ id: gynecologist.service_id, name: gynecologist.name, category: gynecologist.category, match: true });
    expect(results[3]!.some((c) => c.match)).toBe(false);
  });

  it('lists each service once, best first, and stops at the limit', async () => {
    const catalogue = await newCatalogue();
    const [five, two] = await catalogue.reconcile([{ query: 'УЗИ щитовидной железы' }, { query: 'УЗИ щитовидной железы', limit: 2 }]);
    expect(five!.length).toBeLessThanOrEqual(5);
    expect(two).toEqual(five!.slice(0, 2));
    expect(new Set(five!.map((c) => c.id)).size).toBe(five!.length);
    const scores = five!.slice(1).map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('caps a limit above 25 at 25 candidates', async () => {
    const catalogue = await newCatalogue();
    const [result] = await catalogue.reconcile([{ query: 'Прием врача', limit: 1000 }]);
    expect(result!.length).toBeLessThanOrEqual(25);
  });

  it('refuses an empty name, naming the query', async () => {
    const catalogue = await newCatalogue();
    const attempt = catalogue.reconcile([{ query: 'Прием терапевта' }, { query: '   ' }]);
    await expect(attempt).rejects.toBeInstanceOf(PricecatError);
    await expect(attempt).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('№ 2') });
  });

  it('refuses a batch of more than 100 queries', async () => {
    const catalogue = await newCatalogue();
    const queries = Array.from({ length: 101 }, () => ({ query: 'Прием терапевта' }));
    await expect(catalogue.reconcile(queries)).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining('100') });
  });

  it('refuses a limit of zero', async () => {
    const catalogue = await newCatalogue();
    await expect(catalogue.reconcile([{ query: 'Прием терапевта', limit: 0 }])).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
