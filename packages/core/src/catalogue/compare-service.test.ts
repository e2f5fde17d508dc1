import { beforeAll, describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import type { Service } from '../storage/records.js';
import { createCatalogue } from './create-catalogue.js';

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

/** A one-row list of a clinic in Алматы: the therapist visit at a resident and a non-resident price. */
function therapist(clinic: string, resident: number, nonresident: number): Uint8Array {
  return xlsxFile([
    [`ТОО «${clinic}», г. Алматы`],
    ['Прейскурант цен на платные медицинские услуги с 1 января 2026 года'],
    [],
    ['№', 'Наименование услуги', 'Цена для резидентов РК, тенге', 'Цена для нерезидентов РК, тенге'],
    [1, 'Прием терапевта', resident, nonresident],
  ]);
}

describe('catalogue: comparison across clinics', () => {
  it('marks who overpays, who saves, and the clinic far from the others as an outlier', async () => {
    const catalogue = await createCatalogue({ services: dictionary });
    for (const [name, resident, nonresident] of [
      ['Ақниет', 10000, 15000],
      ['Шипагер', 11000, 16000],
      ['Достар', 30000, 17000],
    ] as const) {
      await catalogue.ingest({ fileName: `${name} прайс 2026.xlsx`, bytes: therapist(name, resident, nonresident) });
    }
    const serviceId = dictionary.find((s) => s.name === 'Прием терапевта')!.service_id;
    const resident = await catalogue.compareService(serviceId);
    expect(resident).toMatchObject({ clinics: 3, median: 11000, min: 10000, max: 30000, spread: 20000 });
    expect(resident.partners.map((p) => [p.price, p.deviation, p.deviation_kind, p.outlier])).toEqual([
      [10000, -1000, 'saving', false],
      [11000, 0, 'at_median', false],
      [30000, 19000, 'overpayment', true],
    ]);
    // Non-resident prices are close together: nobody is an outlier.
    const nonresident = await catalogue.compareService(serviceId, { price_kind: 'nonresident' });
    expect(nonresident.partners.map((p) => [p.price, p.outlier])).toEqual([
      [15000, false],
      [16000, false],
      [17000, false],
    ]);
  });
});
