import { describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { TEST_SERVICES } from '../match/test-services.js';
import { createMemoryStorage } from '../storage/memory.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

/** A one-sheet list of (name, price) rows; the clinic is named by the file name. */
const list = (...rows: readonly (readonly [string, number])[]) =>
  xlsxFile([['№', 'Наименование услуги', 'Цена, тенге'], ...rows.map(([name, price], i) => [i + 1, name, price])]);

const positionsOf = async (catalogue: Catalogue, fileName: string) => {
  const listId = (await catalogue.listPriceLists()).find((l) => l.file_name === fileName)!.price_list_id;
  return (await catalogue.listPositions({ limit: 500 })).items.filter((p) => p.price_list_id === listId);
};

const ingest = async (catalogue: Catalogue, fileName: string, bytes: Uint8Array) => {
  await catalogue.ingest({ fileName, bytes });
  return positionsOf(catalogue, fileName);
};

describe('catalogue: what the decisions teach', () => {
  it("carries a clinic's decision to its next list worded with other punctuation, spacing and word order", async () => {
    const catalogue = await createCatalogue({ storage: createMemoryStorage(), services: TEST_SERVICES });
    const [first] = await ingest(catalogue, 'Клиника А прайс 2024.xlsx', list(['УЗИ плода (скрининг)', 9000]));
    expect(first!.status).toBe('queued');
    await catalogue.matchPosition({ position_id: first!.position_id, service_id: 'svc_us4d' });

    const [next] = await ingest(catalogue, 'Клиника А прайс 2025.xlsx', list(['Скрининг:  плода УЗИ', 9900]));
    expect(next).toMatchObject({ status: 'normalized', method: 'synonym', service_id: 'svc_us4d' });
    expect(next!.confidence).toBeLessThan(1);
    expect(next!.trace).toMatchObject({ stage: 'decision' });
  });

  it('only suggests the earlier answer for a row with other words besides (another doctor, another brand)', async () => {
    const catalogue = await createCatalogue({ storage: createMemoryStorage(), services: TEST_SERVICES });
    const [first] = await ingest(catalogue, 'Клиника А прайс 2024.xlsx', list(['УЗИ плода (врач Иванова И.И.)', 9000]));
    await catalogue.matchPosition({ position_id: first!.position_id, service_id: 'svc_us4d' });

    const [next] = await ingest(catalogue, 'Клиника А прайс 2025.xlsx', list(['УЗИ плода (врач Петрова А.А.)', 9900]));
    expect(next).toMatchObject({ status: 'queued', service_id: null });
    expect(next!.candidates[0]?.service_id).toBe('svc_us4d');
  });

  it('keeps a decision to its own clinic until analysts of two clinics decide a wording alike', async () => {
    const catalogue = await createCatalogue({ storage: createMemoryStorage(), services: TEST_SERVICES });
    const [a] = await ingest(catalogue, 'Клиника А прайс 2024.xlsx', list(['УЗИ плода (скрининг)', 9000]));
    await catalogue.matchPosition({ position_id: a!.position_id, service_id: 'svc_us4d' });
    const [b] = await ingest(catalogue, 'Клиника Б прайс 2024.xlsx', list(['Скрининг, УЗИ плода', 9100]));
    expect(b!.status).toBe('queued');
    await catalogue.matchPosition({ position_id: b!.position_id, service_id: 'svc_us4d' });

    const [c] = await ingest(catalogue, 'Клиника В прайс 2024.xlsx', list(['УЗИ плода: скрининг', 9200]));
    expect(c).toMatchObject({ status: 'normalized', method: 'synonym', service_id: 'svc_us4d' });
  });

  it('skips the twin of a skipped row in the next list, and the undo takes the lesson back', async () => {
    const catalogue = await createCatalogue({ storage: createMemoryStorage(), services: TEST_SERVICES });
    const [mri] = await ingest(catalogue, 'Клиника А прайс 2024.xlsx', list(['МРТ сустава', 25000]));
    expect(mri!.status).toBe('queued');
    await catalogue.skipPosition({ position_id: mri!.position_id });
    const [again] = await ingest(catalogue, 'Клиника А прайс 2025.xlsx', list(['МРТ  сустава.', 26000]));
    expect(again!.status).toBe('skipped');
    expect((await catalogue.queue()).total).toBe(0);
    // Skipped by the lesson, not by a decision of its own: the analyst may still decide it.
    await catalogue.matchPosition({ position_id: again!.position_id, service_id: 'svc_mri_knee' });
    await catalogue.undoDecision();

    await catalogue.undoDecision();
    const [third] = await ingest(catalogue, 'Клиника А прайс 2026.xlsx', list(['МРТ сустава', 27000]));
    expect(third!.status).toBe('queued');
  });

  it('corrects a wrong automatic match, and the rejected answer is never automatic again for that wording', async () => {
    const catalogue = await createCatalogue({ storage: createMemoryStorage(), services: TEST_SERVICES });
    const [urea] = await ingest(catalogue, 'Клиника А прайс 2024.xlsx', list(['Мочевина крови', 1200]));
    expect(urea).toMatchObject({ status: 'normalized', service_id: 'svc_urea' });
    const result = await catalogue.skipPosition({ position_id: urea!.position_id });
    expect(result.position_ids).toEqual([urea!.position_id]);
    expect((await positionsOf(catalogue, 'Клиника А прайс 2024.xlsx'))[0]).toMatchObject({ status: 'skipped', service_id: null });

    // Another clinic: no carry-over of the skip, but the rejected service is neither the match nor a suggestion.
    const [other] = await ingest(catalogue, 'Клиника Б прайс 2024.xlsx', list(['Мочевина (кровь)', 1300]));
    expect(other!.service_id).toBeNull();
    expect(other!.candidates.map((c) => c.service_id)).not.toContain('svc_urea');
  });

  it('corrects an automatic match to another service, with the identical names matched automatically alike', async () => {
    const catalogue = await createCatalogue({ storage: createMemoryStorage(), services: TEST_SERVICES });
    const rows = await ingest(catalogue, 'Клиника А прайс 2024.xlsx', list(['Мочевина крови', 1200], ['Мочевина крови', 1250]));
    expect(rows.map((p) => p.service_id)).toEqual(['svc_urea', 'svc_urea']);
    const result = await catalogue.matchPosition({ position_id: rows[0]!.position_id, service_id: 'svc_tsh' });
    expect(result.position_ids).toEqual(rows.map((p) => p.position_id));
    expect((await positionsOf(catalogue, 'Клиника А прайс 2024.xlsx')).map((p) => [p.method, p.service_id])).toEqual([
      ['manual', 'svc_tsh'],
      ['manual', 'svc_tsh'],
    ]);
    await catalogue.undoDecision();
    expect((await positionsOf(catalogue, 'Клиника А прайс 2024.xlsx')).map((p) => [p.status, p.service_id])).toEqual([
      ['normalized', 'svc_urea'],
      ['normalized', 'svc_urea'],
    ]);
  });
});
