import { describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { xlsxFile } from '../../test/helpers/files.js';
import { TEST_SERVICES } from '../match/test-services.js';
import { createPostgresStorage } from '../storage/postgres.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

const target = postgresTarget();

const list = (...rows: readonly (readonly [string, number])[]) =>
  xlsxFile([['№', 'Наименование услуги', 'Цена, тенге'], ...rows.map(([name, price], i) => [i + 1, name, price])]);

const positionsOf = async (catalogue: Catalogue, fileName: string) => {
  const listId = (await catalogue.listPriceLists()).find((l) => l.file_name === fileName)!.price_list_id;
  return (await catalogue.listPositions({ limit: 500 })).items.filter((p) => p.price_list_id === listId);
};

describe.skipIf(!target.url)(`catalogue: two servers on one PostgreSQL database learn from each other's decisions${target.skip ? ` (skipped: ${target.skip})` : ''}`, () => {
  it("carries a decision made on one server into the next ingest on the other, whose matcher was built before it", async () => {
    const url = await createTestDatabase(target.url!, 'lessons');
    const [storageA, storageB] = await Promise.all([
      createPostgresStorage({ connectionString: url, schema: 'lessons' }),
      createPostgresStorage({ connectionString: url, schema: 'lessons' }),
    ]);
    const a = await createCatalogue({ storage: storageA, services: TEST_SERVICES });
    const b = await createCatalogue({ storage: storageB, services: TEST_SERVICES });
    try {
      // Server A ingests first: its matcher and decision memory are built now, before any decision.
      await a.ingest({ fileName: 'Клиника А прайс 2024.xlsx', bytes: list(['УЗИ плода (скрининг)', 9000], ['МРТ сустава', 25000]) });
      const [fetus, mri] = await positionsOf(b, 'Клиника А прайс 2024.xlsx');
      expect([fetus!.status, mri!.status]).toEqual(['queued', 'queued']);
      await b.matchPosition({ position_id: fetus!.position_id, service_id: 'svc_us4d' });
      await b.skipPosition({ position_id: mri!.position_id });

      await a.ingest({ fileName: 'Клиника А прайс 2025.xlsx', bytes: list(['Скрининг: УЗИ плода', 9900], ['МРТ  сустава.', 26000]) });
      const [fetus2, mri2] = await positionsOf(a, 'Клиника А прайс 2025.xlsx');
      expect(fetus2).toMatchObject({ status: 'normalized', service_id: 'svc_us4d' });
      expect(mri2!.status).toBe('skipped');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
