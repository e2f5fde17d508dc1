import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { createLowdbStorage } from '../storage/lowdb.js';
import { createPostgresStorage } from '../storage/postgres.js';
import type { Decision } from '../storage/records.js';
import { samplePosition, sampleService, sampleSkippedItem, sampleSynonym, sampleWrite } from '../storage/sample-records.js';
import { moveStore } from './move-store.js';

const target = postgresTarget();

describe.skipIf(!target.url)(`moving the embedded store into PostgreSQL${target.skip ? ` (skipped: ${target.skip})` : ''}`, () => {
  let dir = '';
  let url = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-move-'));
    url = await createTestDatabase(target.url!, 'move');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('copies every record, keeps the undo log working, and refuses to copy into a store that is not empty', async () => {
    const source = await createLowdbStorage({ dir: join(dir, 'data') });
    const queued = samplePosition('p-2', 'pl-1', 'c-1', { service_id: null, method: null, status: 'queued', confidence: 0.5 });
    await source.saveServices([sampleService('s-1'), sampleService('s-2', { name: 'ЭКГ', name_norm: 'экг' })]);
    await source.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1'), queued]));
    await source.savePriceList(sampleWrite('c-2', 'pl-2', [samplePosition('p-3', 'pl-2', 'c-2')]));
    await source.saveSkippedItems([sampleSkippedItem('p-0', 'бахилы')]);
    const decision: Decision = {
      decision_id: 'd-1',
      action: 'match',
      created_at: '2024-03-05T10:00:00.000Z',
      service_id: 's-2',
      previous: [queued],
      synonym: { ...sampleSynonym(queued.name_norm, 's-2'), created_at: '2024-03-05T10:00:00.000Z' },
      replaced_synonym: null,
      skipped_items: [],
    };
    await source.saveDecision({ decision, positions: [{ ...queued, service_id: 's-2', method: 'manual', status: 'normalized', confidence: 1 }] });
    await source.setSetting('watch_folder', '/srv/prices');

    const store = await createPostgresStorage({ connectionString: url });
    try {
      const progress: string[] = [];
      const report = await moveStore(source, store, (done, total, file) => progress.push(`${done}/${total} ${file}`));
      expect(report).toMatchObject({ services: 2, clinics: 2, priceLists: 2, positions: 3, learnedSynonyms: 1, skippedItems: 1, decisions: 1, settings: 1 });
      expect(progress).toHaveLength(2);
      expect(await store.listServices()).toEqual(await source.listServices());
      expect(await store.listClinics()).toEqual(await source.listClinics());
      expect(await store.listPriceLists()).toEqual(await source.listPriceLists());
      expect(await store.listPositions()).toEqual(await source.listPositions());
      expect(await store.listLearnedSynonyms()).toEqual(await source.listLearnedSynonyms());
      expect(await store.listSkippedItems()).toEqual(await source.listSkippedItems());
      expect(await store.listIngestedFiles()).toEqual(await source.listIngestedFiles());
      expect(await store.listDecisions()).toEqual([decision]);
      expect(await store.getSetting('watch_folder')).toBe('/srv/prices');

      await store.revertDecision('d-1');
      expect(await store.getPosition('p-2')).toEqual(queued);

      await expect(moveStore(source, store)).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('прайс-листов: 2') });
    } finally {
      await Promise.all([store.close(), source.close()]);
    }
  });
});
