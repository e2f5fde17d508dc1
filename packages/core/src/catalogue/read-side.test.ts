import { describe, expect, it } from 'vitest';
import { xlsxFile } from '../../test/helpers/files.js';
import { TEST_SERVICES } from '../match/test-services.js';
import { mulberry32 } from '../storage/query-answers.js';
import { createMemoryStorage } from '../storage/memory.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

/** Rows the matcher queues, leaves unrecognized or is sure of, so decisions have something to do. */
const ROWS: readonly (readonly [string, number])[] = [
  ['УЗИ плода', 9000],
  ['Осмотр терапевта на дому', 5000],
  ['Бахилы', 100],
  ['МРТ сустава', 25000],
  ['Мочевина крови', 1200],
  ['УЗИ плода', 9900],
];

/** Everything the screens read, as plain data. */
async function screens(catalogue: Catalogue) {
  const ids = (items: readonly { readonly position_id: string }[]) => items.map((p) => p.position_id);
  return [
    await catalogue.stats(),
    (await catalogue.queue({ limit: 500 })).items.map((i) => [i.position.position_id, i.suggestion?.service_id]),
    ids((await catalogue.listUnmatched({ limit: 500 })).items),
    ids((await catalogue.listPositions({ limit: 500, status: 'normalized' })).items),
    (await catalogue.listPartners()).items.map((c) => [c.clinic_id, c.positions, c.normalized]),
    await catalogue.search({ q: 'узи' }),
    (await catalogue.listServiceProposals()).items.map((p) => p.proposal_id),
  ];
}

describe('catalogue: the read side after writes', () => {
  // Property: after random ingests, matches, skips and undos, the read side the catalogue kept up to date
  // write by write shows what a catalogue opened afresh on the same store shows (a full rebuild).
  for (const seed of [21, 22, 23]) {
    it(`shows what a rebuild shows after random ingests and decisions (seed ${seed})`, async () => {
      const random = mulberry32(seed);
      const storage = createMemoryStorage();
      const catalogue = await createCatalogue({ storage, services: TEST_SERVICES });
      for (let step = 0; step < 14; step++) {
        const kind = random();
        const queue = (await catalogue.listUnmatched({ limit: 500 })).items;
        if (kind < 0.3 || queue.length === 0) {
          const rows = ROWS.filter(() => random() < 0.7);
          await catalogue.ingest({
            fileName: `Клиника ${1 + Math.floor(random() * 2)} прайс 202${step % 10}.xlsx`,
            bytes: xlsxFile([['№', 'Наименование услуги', 'Цена, тенге'], ...rows.map(([name, price], i) => [i + 1, name, price])]),
          });
        } else if (kind < 0.6) {
          const target = queue[Math.floor(random() * queue.length)]!;
          await catalogue.matchPosition({ position_id: target.position_id, service_id: TEST_SERVICES[Math.floor(random() * 5)]!.service_id });
        } else if (kind < 0.85) {
          await catalogue.skipPosition({ position_id: queue[Math.floor(random() * queue.length)]!.position_id });
        } else {
          await catalogue.undoDecision().catch(() => undefined);
        }
      }
      // Not vacuous: the sequence decided something that is still in force.
      expect((await storage.listPositions()).some((p) => p.method === 'manual' || p.status === 'skipped')).toBe(true);
      const rebuilt = await createCatalogue({ storage });
      expect(await screens(catalogue)).toEqual(await screens(rebuilt));
    });
  }
});
