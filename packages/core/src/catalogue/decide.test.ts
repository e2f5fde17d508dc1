import { describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { TEST_SERVICES } from '../match/test-services.js';
import { createMemoryStorage } from '../storage/memory.js';
import type { Storage } from '../storage/storage.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

/**
 * One small list against a few real dictionary entries: «УЗИ плода» twice (3D or 4D? a person decides:
 * queued), «МРТ сустава» (ankle or knee: queued), «Бахилы» (nothing like it: unrecognized), and two rows
 * the matcher is sure of.
 */
const LIST = xlsxFile([
  ['№', 'Наименование услуги', 'Цена, тенге'],
  [1, 'УЗИ плода', 9000],
  [2, 'Осмотр терапевта на дому', 5000],
  [3, 'УЗИ плода', 9500],
  [4, 'Бахилы', 100],
  [5, 'МРТ сустава', 25000],
  [6, 'Мочевина крови', 1200],
]);

async function ingested(storage: Storage = createMemoryStorage()): Promise<Catalogue> {
  const catalogue = await createCatalogue({ storage, services: TEST_SERVICES });
  await catalogue.ingest({ fileName: 'Клиника А прайс 2024.xlsx', bytes: LIST });
  return catalogue;
}

const byName = async (catalogue: Catalogue, rawName: string) =>
  (await catalogue.listPositions({ limit: 500 })).items.filter((p) => p.raw_name === rawName);

const codeOf = async (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: { code?: string }) => error.code);

describe('catalogue: verification queue', () => {
  it('lists only queued rows, most confident first, each with its suggestion and the other candidates', async () => {
    const catalogue = await ingested();
    const queue = await catalogue.queue();
    expect(queue.items.map((i) => i.position.raw_name).sort()).toEqual(['МРТ сустава', 'УЗИ плода', 'УЗИ плода']);
    expect(queue.total).toBe(3);
    const confidences = queue.items.map((i) => i.position.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    const fetus = queue.items.find((i) => i.position.raw_name === 'УЗИ плода')!;
    expect([fetus.suggestion?.name, ...fetus.alternatives.map((a) => a.name)].sort()).toEqual(['3D УЗИ плода', '4D УЗИ плода']);
    expect(fetus.suggestion?.category).toBe('Акушер-гинеколог');
    expect(fetus.position).toMatchObject({ clinic_name: 'Клиника А', file_name: 'Клиника А прайс 2024.xlsx', price: 9000 });
  });

  it('pages the queue and keeps the total', async () => {
    const catalogue = await ingested();
    const all = await catalogue.queue();
    const second = await catalogue.queue({ limit: 1, offset: 1 });
    expect(second.total).toBe(3);
    expect(second.items.map((i) => i.position.position_id)).toEqual([all.items[1]!.position.position_id]);
  });

  it('confirms the suggestion for the row and its identical name, learning the name', async () => {
    const catalogue = await ingested();
    const [first, second] = await byName(catalogue, 'УЗИ плода');
    const item = (await catalogue.queue()).items.find((i) => i.position.position_id === first!.position_id)!;
    const result = await catalogue.matchPosition({ position_id: first!.position_id });
    expect(result.position_ids).toEqual([first!.position_id, second!.position_id]);
    expect(result.service?.service_id).toBe(item.suggestion?.service_id);
    for (const p of await byName(catalogue, 'УЗИ плода')) {
      expect(p).toMatchObject({ status: 'normalized', method: 'manual', confidence: 1, service_id: item.suggestion?.service_id });
    }
    expect((await catalogue.queue()).total).toBe(1);
    expect((await catalogue.stats()).by_method.manual).toBe(2);
  });

  it('decides only the one row when apply_to_identical is false, and lets another service be chosen', async () => {
    const catalogue = await ingested();
    const [first, second] = await byName(catalogue, 'УЗИ плода');
    const result = await catalogue.matchPosition({ position_id: first!.position_id, service_id: 'svc_us4d', apply_to_identical: false });
    expect(result.position_ids).toEqual([first!.position_id]);
    expect((await byName(catalogue, 'УЗИ плода')).map((p) => [p.status, p.service_id])).toEqual([
      ['normalized', 'svc_us4d'],
      ['queued', null],
    ]);
    expect((await catalogue.queue()).items.map((i) => i.position.position_id)).toContain(second!.position_id);
  });

  it('matches an unrecognized row to a service chosen by hand', async () => {
    const catalogue = await ingested();
    const [shoeCovers] = await byName(catalogue, 'Бахилы');
    expect(shoeCovers!.status).toBe('unrecognized');
    expect(await codeOf(catalogue.matchPosition({ position_id: shoeCovers!.position_id }))).toBe('INVALID_INPUT');
    await catalogue.matchPosition({ position_id: shoeCovers!.position_id, service_id: 'svc_therapist' });
    expect((await byName(catalogue, 'Бахилы'))[0]).toMatchObject({ status: 'normalized', method: 'manual' });
  });

  it('refuses unknown ids with NOT_FOUND, and lets an analyst correct their own decision', async () => {
    const catalogue = await ingested();
    const [fetus] = await byName(catalogue, 'УЗИ плода');
    const [mri] = await byName(catalogue, 'МРТ сустава');
    expect(await codeOf(catalogue.matchPosition({ position_id: 'pos_nope' }))).toBe('NOT_FOUND');
    expect(await codeOf(catalogue.matchPosition({ position_id: mri!.position_id, service_id: 'svc_nope' }))).toBe('NOT_FOUND');
    await catalogue.matchPosition({ position_id: fetus!.position_id, service_id: 'svc_us3d', apply_to_identical: false });
    const corrected = await catalogue.matchPosition({ position_id: fetus!.position_id, service_id: 'svc_us4d', apply_to_identical: false });
    expect(corrected.already_decided).toBe(false);
    expect((await byName(catalogue, 'УЗИ плода'))[0]).toMatchObject({ status: 'normalized', method: 'manual', service_id: 'svc_us4d' });
    await catalogue.skipPosition({ position_id: mri!.position_id });
    await catalogue.matchPosition({ position_id: mri!.position_id, service_id: 'svc_us3d' });
    expect((await byName(catalogue, 'МРТ сустава'))[0]).toMatchObject({ status: 'normalized', service_id: 'svc_us3d' });
    expect(await codeOf(catalogue.matchPosition({ position_id: '' }))).toBe('INVALID_INPUT');
  });

  // Regression: issue 20 — Enter on the top item, then Enter on its identical name (already settled by the first
  // decision) answered CONFLICT and the position came back into the queue.
  it('answers a decision on a row its twin decision already settled with success, writing nothing', async () => {
    const storage = createMemoryStorage();
    const catalogue = await ingested(storage);
    const [first, second] = await byName(catalogue, 'УЗИ плода');
    const firstResult = await catalogue.matchPosition({ position_id: first!.position_id });
    const again = await catalogue.matchPosition({ position_id: second!.position_id });
    expect(again).toMatchObject({ already_decided: true, decision_id: firstResult.decision_id, position_ids: [second!.position_id] });
    expect(again.service?.service_id).toBe(firstResult.service?.service_id);
    expect(await storage.listDecisions()).toHaveLength(1);
    expect((await catalogue.queue()).items.map((i) => i.position.raw_name)).toEqual(['МРТ сустава']);

    const [mri] = await byName(catalogue, 'МРТ сустава');
    await catalogue.skipPosition({ position_id: mri!.position_id });
    expect((await catalogue.skipPosition({ position_id: mri!.position_id })).already_decided).toBe(true);
    expect(await storage.listDecisions()).toHaveLength(2);
  });

  it('skips a row for good: it leaves the queue and a skipped item is kept', async () => {
    const storage = createMemoryStorage();
    const catalogue = await ingested(storage);
    const [mri] = await byName(catalogue, 'МРТ сустава');
    await catalogue.skipPosition({ position_id: mri!.position_id });
    const queue = await catalogue.queue();
    expect(queue.items.map((i) => i.position.raw_name)).not.toContain('МРТ сустава');
    expect((await storage.listSkippedItems()).map((s) => s.position_id)).toEqual([mri!.position_id]);
    expect((await catalogue.stats()).skipped).toBe(1);
  });

  it('undoes the last decision, then the one before, and says when nothing is left', async () => {
    const storage = createMemoryStorage();
    const catalogue = await ingested(storage);
    const before = await catalogue.queue();
    const [fetus] = await byName(catalogue, 'УЗИ плода');
    const [mri] = await byName(catalogue, 'МРТ сустава');
    await catalogue.matchPosition({ position_id: fetus!.position_id });
    await catalogue.skipPosition({ position_id: mri!.position_id });

    expect((await catalogue.undoDecision()).position_ids).toEqual([mri!.position_id]);
    expect(await storage.listSkippedItems()).toEqual([]);
    const undone = await catalogue.undoDecision();
    expect(undone.action).toBe('match');
    expect(undone.position_ids).toHaveLength(2);
    expect(await storage.listLearnedSynonyms()).toEqual([]);
    expect(await catalogue.queue()).toEqual(before);
    expect(await codeOf(catalogue.undoDecision())).toBe('CONFLICT');
  });

  it('normalizes the same name with method synonym when the list comes again after a match', async () => {
    const catalogue = await ingested();
    const [fetus] = await byName(catalogue, 'УЗИ плода');
    await catalogue.matchPosition({ position_id: fetus!.position_id, service_id: 'svc_us3d' });
    await catalogue.ingest({ fileName: 'Клиника А прайс 2025.xlsx', bytes: LIST });
    const again = (await byName(catalogue, 'УЗИ плода')).filter((p) => p.method !== 'manual');
    expect(again.map((p) => [p.status, p.method, p.service_id])).toEqual([
      ['normalized', 'synonym', 'svc_us3d'],
      ['normalized', 'synonym', 'svc_us3d'],
    ]);
  });
});

describe('catalogue: unmatched positions', () => {
  it('lists queued and unrecognized rows, filterable by status, clinic and name', async () => {
    const catalogue = await ingested();
    const all = await catalogue.listUnmatched();
    expect(all.items.map((p) => p.raw_name)).toEqual(['УЗИ плода', 'УЗИ плода', 'Бахилы', 'МРТ сустава']);
    expect((await catalogue.listUnmatched({ status: 'unrecognized' })).items.map((p) => p.raw_name)).toEqual(['Бахилы']);
    expect((await catalogue.listUnmatched({ q: 'узи' })).total).toBe(2);
    const clinicId = all.items[0]!.clinic_id;
    expect((await catalogue.listUnmatched({ clinic_id: clinicId })).total).toBe(4);
    expect((await catalogue.listUnmatched({ clinic_id: 'clinic_other' })).total).toBe(0);
  });
});
