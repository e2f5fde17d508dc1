import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { TEST_SERVICES } from '../match/test-services.js';
import { createLowdbStorage } from '../storage/lowdb.js';
import { createMemoryStorage } from '../storage/memory.js';
import type { Storage } from '../storage/storage.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';
import { QUEUE_METHODS } from './queue.js';

/** The list of decide.test.ts: «УЗИ плода» twice and «МРТ сустава» are queued, «Бахилы» unrecognized. */
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

const names = async (catalogue: Catalogue, query: Parameters<Catalogue['queue']>[0]) =>
  (await catalogue.queue(query)).items.map((i) => i.position.raw_name).sort();

describe('catalogue: queue filters, bulk acceptance, decision log, context', () => {
  it('filters the queue by the suggestion’s category, the method, the clinic and a confidence band', async () => {
    const catalogue = await ingested();
    const all = await catalogue.queue();
    const fetus = all.items.find((i) => i.position.raw_name === 'УЗИ плода')!;
    const mri = all.items.find((i) => i.position.raw_name === 'МРТ сустава')!;
    expect(await names(catalogue, { category: fetus.suggestion!.category })).toEqual(
      all.items.filter((i) => i.suggestion?.category === fetus.suggestion!.category).map((i) => i.position.raw_name).sort(),
    );
    expect(await names(catalogue, { category: 'Нет такой специальности' })).toEqual([]);
    expect(await names(catalogue, { method: 'code' })).toEqual([]);
    let byMethod = 0;
    for (const method of QUEUE_METHODS) byMethod += (await catalogue.queue({ method })).total;
    expect(byMethod).toBe(3);
    expect(await names(catalogue, { clinic_id: 'clinic_other' })).toEqual([]);
    const threshold = Math.max(fetus.position.confidence, mri.position.confidence);
    const above = await catalogue.queue({ min_confidence: threshold });
    const below = await catalogue.queue({ max_confidence: threshold });
    expect(above.total + below.total).toBe(3);
    expect(above.items.every((i) => i.position.confidence >= threshold)).toBe(true);
    await expect(catalogue.queue({ min_confidence: 2 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(catalogue.queue({ method: 'telepathy' as never })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('counts the suggestions above a confidence first, accepts them as one batch, and one undo takes all back', async () => {
    const storage = createMemoryStorage();
    const catalogue = await ingested(storage);
    const before = await catalogue.queue();
    const preview = await catalogue.acceptSuggestions({ min_confidence: 0, dry_run: true });
    expect(preview).toEqual({ accepted: 3, batch_id: null, dry_run: true });
    expect((await catalogue.queue()).total).toBe(3);

    const done = await catalogue.acceptSuggestions({ min_confidence: 0 });
    expect(done.accepted).toBe(3);
    expect((await catalogue.queue()).total).toBe(0);
    for (const item of before.items) {
      const [now] = (await catalogue.listPositions({ limit: 500 })).items.filter((p) => p.position_id === item.position.position_id);
      expect(now).toMatchObject({ status: 'normalized', method: 'manual', service_id: item.suggestion!.service_id });
    }
    const undone = await catalogue.undoDecision();
    expect(undone).toMatchObject({ decisions: 3, batch_id: done.batch_id });
    expect(await catalogue.queue()).toEqual(before);
    expect(await storage.listDecisions()).toEqual([]);
  });

  it('takes back exactly one batch among several on the embedded store, by the id of any of its decisions', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'pricecat-batches-'));
    try {
      const storage = await createLowdbStorage({ dir });
      const catalogue = await createCatalogue({ storage, services: TEST_SERVICES });
      for (const clinic of ['Альфа', 'Бета', 'Гамма']) await catalogue.ingest({ fileName: `Клиника ${clinic} прайс 2024.xlsx`, bytes: LIST });
      const clinics = (await catalogue.listPartners()).items;
      const clinicOf = (name: string) => clinics.find((c) => c.name.includes(name))!.clinic_id;
      const queuedOf = async (name: string) => (await catalogue.queue({ clinic_id: clinicOf(name) })).items.map((i) => i.position.position_id).sort();
      const betaQueued = await queuedOf('Бета');
      expect(betaQueued).toHaveLength(3);
      // A batch per clinic, a single skip between two of them.
      const batches: string[] = [];
      for (const clinic of ['Альфа', 'Бета']) batches.push((await catalogue.acceptSuggestions({ min_confidence: 0, clinic_id: clinicOf(clinic) })).batch_id!);
      const gammaFirst = (await catalogue.queue({ clinic_id: clinicOf('Гамма') })).items[0]!.position;
      await catalogue.skipPosition({ position_id: gammaFirst.position_id });
      batches.push((await catalogue.acceptSuggestions({ min_confidence: 0, clinic_id: clinicOf('Гамма') })).batch_id!);
      expect(new Set(batches).size).toBe(3);
      const log = await catalogue.decisionLog({ limit: 100 });
      const ofBeta = log.items.filter((e) => e.batch_id === batches[1]);
      expect(ofBeta.map((e) => e.position.clinic_id)).toEqual(Array(ofBeta.length).fill(clinicOf('Бета')));

      const undone = await catalogue.undoDecision({ decision_id: ofBeta.at(-1)!.decision_id });
      expect(undone).toMatchObject({ batch_id: batches[1], decisions: ofBeta.length });
      expect([...undone.position_ids].sort()).toEqual(betaQueued);
      expect(await queuedOf('Бета')).toEqual(betaQueued);
      expect(await queuedOf('Альфа')).toEqual([]);
      expect(await queuedOf('Гамма')).toEqual([]);
      const after = await catalogue.decisionLog({ limit: 100 });
      expect(after.items.map((e) => e.decision_id)).toEqual(log.items.filter((e) => e.batch_id !== batches[1]).map((e) => e.decision_id));
      await catalogue.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bulk acceptance without a threshold', async () => {
    const catalogue = await ingested();
    await expect(catalogue.acceptSuggestions({} as never)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('logs decisions newest first with the suggestion they came from, and undoes one by its id', async () => {
    const catalogue = await ingested();
    const queue = await catalogue.queue();
    const fetus = queue.items.find((i) => i.position.raw_name === 'УЗИ плода')!;
    const mri = queue.items.find((i) => i.position.raw_name === 'МРТ сустава')!;
    const other = fetus.alternatives[0]!;
    await catalogue.matchPosition({ position_id: fetus.position.position_id, service_id: other.service_id });
    await catalogue.skipPosition({ position_id: mri.position.position_id, decided_by: 'anna' });
    const log = await catalogue.decisionLog();
    expect(log.total).toBe(2);
    expect(log.items.map((e) => [e.action, e.position.raw_name, e.user])).toEqual([
      ['skip', 'МРТ сустава', 'anna'],
      ['match', 'УЗИ плода', null],
    ]);
    expect(log.items[1]).toMatchObject({
      service: { service_id: other.service_id },
      suggestion: { service_id: fetus.suggestion!.service_id },
      followed_suggestion: false,
      identical: 1,
      undoable: true,
      position: { status_before: 'queued', clinic_name: 'Клиника А' },
    });
    const undone = await catalogue.undoDecision({ decision_id: log.items[1]!.decision_id });
    expect(undone.position_ids).toHaveLength(2);
    expect((await catalogue.decisionLog()).items.map((e) => e.action)).toEqual(['skip']);
    expect((await catalogue.queue()).items.map((i) => i.position.raw_name)).toEqual(['УЗИ плода', 'УЗИ плода']);
    await expect(catalogue.undoDecision({ decision_id: 'dec_nope' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows a position among its neighbouring rows with its place in the file', async () => {
    const catalogue = await ingested();
    const [mri] = (await catalogue.listPositions({ limit: 500 })).items.filter((p) => p.raw_name === 'МРТ сустава');
    const context = await catalogue.positionContext(mri!.position_id);
    expect(context.rows.map((r) => r.raw_name)).toEqual(['Осмотр терапевта на дому', 'УЗИ плода', 'Бахилы', 'МРТ сустава', 'Мочевина крови']);
    expect(context.rows.find((r) => r.current)?.raw_name).toBe('МРТ сустава');
    // The sixth row of the sheet (a header row, then five rows before it).
    expect(context.source.row).toBe(6);
    expect(context.format).toBe('xlsx');
    await expect(catalogue.positionContext('pos_nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
