// Shared by the PostgreSQL bench scripts: the database to measure on, and the synthetic price lists they fill it with.
import { createTestDatabase, startPostgresCluster } from '../dist/testing/postgres.js';

/** Positions per synthetic price list. */
export const PER_LIST = 5_000;

/**
 * The database to measure on: `url` (from --database-url or DATABASE_URL) when given, else a new database in a
 * throwaway cluster; `stop()` removes the cluster (a no-op for a given URL).
 */
export async function benchDatabase(url, prefix) {
  if (url) return { url, stop: async () => undefined };
  const cluster = await startPostgresCluster();
  return { url: await createTestDatabase(cluster.url('postgres'), prefix), stop: () => cluster.stop() };
}

/**
 * Writes `total` positions through `store.savePriceList`, in lists of {@link PER_LIST} of 60 clinics, each named after
 * a service of `services` (70 % normalized, 15 % queued, 15 % unrecognized), from a fixed seed so runs compare.
 */
export async function writeSyntheticLists(store, services, total) {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const CITIES = ['Алматы', 'Астана', 'Шымкент', 'Караганда', null];
  for (let list = 0; list * PER_LIST < total; list += 1) {
    const clinicId = `cl_${list % 60}`;
    const listId = `pl_${list}`;
    const size = Math.min(PER_LIST, total - list * PER_LIST);
    const positions = Array.from({ length: size }, (_, row) => {
      const service = services[Math.floor(random() * services.length)];
      const roll = random();
      const status = roll < 0.7 ? 'normalized' : roll < 0.85 ? 'queued' : 'unrecognized';
      const price = Math.round(1000 + random() * 30000);
      return {
        position_id: `pos_${list}_${row}`,
        price_list_id: listId,
        clinic_id: clinicId,
        raw_name: `${service.name} (${row % 7 === 0 ? 'повторный' : 'первичный'})`,
        name_norm: `${service.name_norm} ${row % 7 === 0 ? 'повторный' : 'первичный'}`,
        code: null,
        section: service.category,
        unit: null,
        price,
        price_nonresident: Math.round(price * 1.5),
        prices_raw: [{ role: 'resident', value: price, raw: String(price), header: 'Цена, тенге' }],
        service_id: status === 'normalized' ? service.service_id : null,
        confidence: status === 'normalized' ? 0.9 : Math.round(random() * 700) / 1000,
        method: status === 'normalized' ? 'fuzzy' : null,
        status,
        candidates: status === 'queued' ? [{ service_id: service.service_id, name: service.name, score: 0.6, method: 'fuzzy' }] : [],
        warnings: [],
        source: { table: 'Лист1', row: row + 2 },
        kind: 'service',
        package_id: null,
      };
    });
    await store.savePriceList({
      clinic: { clinic_id: clinicId, name: `Клиника ${list % 60}`, city: CITIES[list % CITIES.length], bin: null, aliases: [], created_at: new Date().toISOString() },
      priceList: {
        price_list_id: listId,
        clinic_id: clinicId,
        file_name: `Клиника ${list % 60} прайс ${2020 + Math.floor(list / 60)}.xlsx`,
        format: 'xlsx',
        effective_date: `${2020 + Math.floor(list / 60)}-01-01`,
        ingested_at: new Date().toISOString(),
        sha256: String(list),
        status: 'ok',
        warnings: [],
        position_count: size,
      },
      positions,
    });
  }
}
