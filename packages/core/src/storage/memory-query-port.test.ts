import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memory.js';
import { createMemoryQueryPort } from './memory-query-port.js';
import type { UpdatableQueryPort } from './query-port.js';
import type { MatchMethod, Position, PositionStatus } from './records.js';
import { mulberry32, queryAnswers } from './query-answers.js';
import { sampleService, samplePosition, sampleWrite } from './sample-records.js';
import type { Storage } from './storage.js';

const STATUSES: readonly PositionStatus[] = ['normalized', 'queued', 'skipped', 'unrecognized'];
const METHODS: readonly (MatchMethod | null)[] = ['exact', 'fuzzy', 'manual', null];
const NAMES = ['узи почек', 'оак', 'прием терапевта', 'мрт головы', 'бахилы'];

describe('storage: memory query port', () => {
  // Property: after any sequence of writes, the port updated by each write's change answers exactly as a
  // port rebuilt from the whole store would (the rebuild is what the catalogue no longer does).
  // Seeds past 8 write larger lists and change many positions at once (a decision on identical names).
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]) {
    it(`answers like a rebuild after 60 random writes (seed ${seed})`, async () => {
      const random = mulberry32(seed);
      const most = seed > 8 ? { listed: 24, changed: 16 } : { listed: 6, changed: 3 };
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const store = createMemoryStorage();
      const port = createMemoryQueryPort({ services: [], clinics: [], priceLists: [], positions: [] });
      let lists = 0;
      for (let step = 0; step < 60; step++) {
        const kind = random();
        if (kind < 0.35 || lists === 0) {
          lists++;
          const clinic = `c-${1 + Math.floor(random() * 3)}`;
          const list = `pl-${lists}`;
          const positions = Array.from({ length: 1 + Math.floor(random() * most.listed) }, (_, i) =>
            randomPosition(`p-${lists}-${i}`, list, clinic, random, pick),
          );
          await applyBoth(store, port, { type: 'price-list', write: sampleWrite(clinic, list, positions) });
        } else if (kind < 0.9) {
          const all = await store.listPositions();
          const changed = Array.from({ length: 1 + Math.floor(random() * most.changed) }, () => {
            const p = pick(all);
            return randomPosition(p.position_id, p.price_list_id, p.clinic_id, random, pick, p.name_norm);
          });
          const unique = [...new Map(changed.map((p) => [p.position_id, p])).values()];
          await applyBoth(store, port, { type: 'positions', positions: unique });
        } else {
          await applyBoth(store, port, { type: 'services', services: [sampleService(`s-${Math.floor(random() * 4)}`, { name: `n${step}` })] });
        }
      }
      const rebuilt = createMemoryQueryPort({
        services: await store.listServices(),
        clinics: await store.listClinics(),
        priceLists: await store.listPriceLists(),
        positions: await store.listPositions(),
      });
      expect(await queryAnswers(port, NAMES)).toEqual(await queryAnswers(rebuilt, NAMES));
    });
  }

  it('moves a decided position out of the queue and keeps the queue most confident first', async () => {
    const queued = (id: string, confidence: number) =>
      samplePosition(id, 'pl-1', 'c-1', { status: 'queued', service_id: null, method: 'fuzzy', confidence });
    const port = createMemoryQueryPort({ services: [], clinics: [], priceLists: [], positions: [] });
    port.apply({ type: 'price-list', write: sampleWrite('c-1', 'pl-1', [queued('a', 0.5), queued('b', 0.7), queued('c', 0.5)]) });
    expect((await port.queuePage({}, {})).items.map((p) => p.position_id)).toEqual(['b', 'a', 'c']);
    port.apply({ type: 'positions', positions: [{ ...queued('b', 0.7), status: 'skipped' }] });
    port.apply({ type: 'positions', positions: [queued('c', 0.9)] });
    expect((await port.queuePage({}, {})).items.map((p) => p.position_id)).toEqual(['c', 'a']);
    expect((await port.countPositions()).by_status).toEqual({ normalized: 0, queued: 2, skipped: 1, unrecognized: 0 });
  });
});

// ---- internal helpers ----

type Change = Parameters<UpdatableQueryPort['apply']>[0];

async function applyBoth(store: Storage, port: UpdatableQueryPort, change: Change): Promise<void> {
  if (change.type === 'price-list') await store.savePriceList(change.write);
  else if (change.type === 'positions') await store.updatePositions(change.positions);
  else await store.saveServices(change.services);
  port.apply(change);
}

function randomPosition(
  id: string,
  list: string,
  clinic: string,
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
  nameNorm?: string,
): Position {
  const status = pick(STATUSES);
  return samplePosition(id, list, clinic, {
    name_norm: nameNorm ?? pick(NAMES),
    status,
    service_id: status === 'normalized' ? `s-${Math.floor(random() * 4)}` : null,
    method: pick(METHODS),
    // Few distinct values, so the queue's ties (kept in ingest order) are exercised.
    confidence: Math.round(random() * 4) / 4,
  });
}
