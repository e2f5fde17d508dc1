import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { xlsxFile } from '../../test/helpers/files.js';
import { MAX_POSITION_NAME_LENGTH } from '../contract/limits.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { createMemoryStorage } from '../storage/memory.js';
import { createPostgresStorage } from '../storage/postgres.js';
import type { Service } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { createCatalogue } from './create-catalogue.js';

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

/** Six thousand characters of words that do not repeat (a compressible name would slip past the index limit). */
function longName(): string {
  const letters = 'абвгдежзийклмнопрстуфхцчшщыэюя';
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const words = Array.from({ length: 1000 }, () => Array.from({ length: 5 }, () => letters[Math.floor(next() * letters.length)]).join(''));
  return `Прием терапевта ${words.join(' ')}`;
}

const target = postgresTarget();
const STORES: readonly (readonly [string, string | undefined, () => Promise<Storage>])[] = [
  ['memory', undefined, async () => createMemoryStorage()],
  ['postgres', target.skip, async () => createPostgresStorage({ connectionString: await createTestDatabase(target.url!, 'long_names'), schema: 'long_names' })],
];

for (const [store, skip, open] of STORES) {
  describe.skipIf(skip !== undefined)(`ingest: a name of thousands of characters (${store} store${skip ? `, skipped: ${skip}` : ''})`, () => {
    it('keeps the row with its price and its name cut at a word, flagged, and the rest of the list as it is', async () => {
      const storage = await open();
      try {
        const catalogue = await createCatalogue({ storage, services: dictionary });
        const name = longName();
        const report = await catalogue.ingest({
          fileName: 'Клиника Альфа прайс 2026.xlsx',
          bytes: xlsxFile([['№', 'Наименование услуги', 'Цена, тенге'], [1, name, 9000], [2, 'Прием кардиолога', 8000]]),
        });
        expect(report.files[0]).toMatchObject({ status: 'ok', positions: 2 });
        const positions = (await catalogue.listPositions()).items;
        const cut = positions.find((p) => p.price === 9000)!;
        expect(cut.raw_name.length).toBeLessThanOrEqual(MAX_POSITION_NAME_LENGTH);
        expect(name.startsWith(cut.raw_name)).toBe(true);
        expect(name[cut.raw_name.length]).toBe(' ');
        expect(cut.warnings.join(' ')).toMatch(/\[NAME_CUT\] название из 6015 знаков обрезано/);
        expect(positions.find((p) => p.price === 8000)?.raw_name).toBe('Прием кардиолога');
        // The analyst's decision on it is stored like any other (a learned wording keyed by the cut name).
        const therapist = dictionary.find((s) => s.name === 'Прием терапевта')!;
        await catalogue.matchPosition({ position_id: cut.position_id, service_id: therapist.service_id });
        expect((await catalogue.listPositions({ service_id: therapist.service_id })).items.map((p) => p.position_id)).toContain(cut.position_id);
      } finally {
        await storage.close?.();
      }
    });
  });
}
