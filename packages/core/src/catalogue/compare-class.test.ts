/**
 * The comparison of a service's class (`pool_class`) on the memory store and on PostgreSQL (where the lines come from
 * the port's SQL `servicePrices`), with the client's real dictionary: `Доплер УЗИ плода` is listed under
 * Акушер-гинеколог and Гинеколог, and as `Доплер УЗИ плода (доплерография)` under УЗИ — one service, three entries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { xlsxFile } from '../../test/helpers/files.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { createMemoryStorage } from '../storage/memory.js';
import { createPostgresStorage } from '../storage/postgres.js';
import type { Service } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

const target = postgresTarget();
const STORES: readonly (readonly [string, string | undefined, () => Promise<Storage>])[] = [
  ['memory', undefined, async () => createMemoryStorage()],
  [
    'postgres',
    target.skip,
    async () => createPostgresStorage({ connectionString: await createTestDatabase(target.url!, 'compare_class'), schema: 'compare_class' }),
  ],
];

const list = (clinic: string, name: string, price: number) =>
  xlsxFile([[`ТОО «${clinic}», г. Алматы`], [], ['№', 'Наименование услуги', 'Цена, тенге'], [1, name, price]]);

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

for (const [store, skip, open] of STORES) {
  describe.skipIf(skip !== undefined)(`catalogue: a service's class compared as one service (${store} store${skip ? `, skipped: ${skip}` : ''})`, () => {
    it("pools the clinics that price any of the class's entries, each at its own entry's price", async () => {
      const catalogue: Catalogue = await createCatalogue({ storage: await open(), services: dictionary });
      try {
        const doppler = dictionary.filter((s) => s.name.startsWith('Доплер УЗИ плода'));
        const obstetrics = doppler.find((s) => s.category === 'Акушер-гинеколог')!;
        const ultrasound = doppler.find((s) => s.name === 'Доплер УЗИ плода (доплерография)')!;
        await catalogue.ingest({ fileName: 'Ақниет прайс 2026.xlsx', bytes: list('Ақниет', 'Доплер УЗИ плода', 8000) });
        await catalogue.ingest({ fileName: 'Шипагер прайс 2026.xlsx', bytes: list('Шипагер', 'Допплерография плода', 9000) });
        // An analyst files Шипагер's row under the ultrasound entry.
        const row = (await catalogue.listPositions({ limit: 10 })).items.find((p) => p.raw_name === 'Допплерография плода')!;
        await catalogue.matchPosition({ position_id: row.position_id, service_id: ultrasound.service_id });

        const strict = await catalogue.compareService(obstetrics.service_id);
        expect(strict.partners.map((p) => p.price)).toEqual([8000]);
        expect(strict.class.pooled).toBe(false);
        expect(strict.class.services.map((s) => s.service_id).sort()).toEqual(doppler.map((s) => s.service_id).sort());

        const pooled = await catalogue.compareService(obstetrics.service_id, { pool_class: true });
        expect(pooled.class.pooled).toBe(true);
        expect(pooled.partners.map((p) => [p.clinic_name, p.price])).toEqual([
          [expect.stringContaining('Ақниет'), 8000],
          [expect.stringContaining('Шипагер'), 9000],
        ]);
        expect(pooled).toMatchObject({ clinics: 2, median: 8500, min: 8000, max: 9000 });
        expect((await catalogue.compareService(ultrasound.service_id, { pool_class: true })).partners).toEqual(pooled.partners);
      } finally {
        await catalogue.close();
      }
    });
  });
}
