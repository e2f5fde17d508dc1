/**
 * Conformance suite of the query port: run it against every adapter's read side (the store's own
 * `queries`, or the in-memory port the catalogue keeps current with `changed`). After the same writes, the
 * port must answer exactly as an in-memory port rebuilt from the store's contents: positions, queue, counts,
 * batches, and the price comparisons and search built on `servicePrices` (optional) or on `findPositions`.
 */
import { expect, it } from 'vitest';
import { loadReadSide } from '../catalogue/read-model.js';
import { compareService, partnerPrices, servicePricesOf, summarizePrices } from '../catalogue/compare-service.js';
import { roundMoney } from '../catalogue/statistics.js';
import { searchPage, searchServices } from '../catalogue/search.js';
import { listPriceChanges } from '../catalogue/price-changes.js';
import { servicePriceHistory } from '../catalogue/service-history.js';
import { computeDashboard } from '../catalogue/dashboard.js';
import { listServiceProposals } from '../catalogue/proposals.js';
import { PRICE_KINDS, type PriceKind } from '../contract/limits.js';
import { priceOfKind } from '../model/price-kinds.js';
import { createMemoryQueryPort } from './memory-query-port.js';
import { EXPORTED_POSITION_FIELDS, type OfferSummary, type OfferSummaryOptions, type QueryPort, type StoreChange } from './query-port.js';
import type { MatchMethod, Position, PositionStatus } from './records.js';
import { mulberry32, queryAnswers } from './query-answers.js';
import { sampleClinic, samplePosition, samplePriceList, sampleService, sampleWrite } from './sample-records.js';
import type { Storage } from './storage.js';

const STATUSES: readonly PositionStatus[] = ['normalized', 'queued', 'skipped', 'unrecognized'];
const METHODS: readonly (MatchMethod | null)[] = ['exact', 'fuzzy', 'manual', null];
const NAMES = ['узи почек', 'оак', 'прием терапевта', 'мрт головы', 'бахилы', 'узи_50%'];
const SERVICES = ['s-0', 's-1', 's-2', 's-3'];

/** Defines the cases; `open` gives an empty store (a new one per call). */
export function defineQueryPortSuite(open: () => Promise<Storage>): void {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`answers like a port rebuilt from the store after 40 random writes (seed ${seed})`, async () => {
      const store = await open();
      try {
        const side = await loadReadSide(store);
        const write = writer(store, side.changed);
        await write({ type: 'services', services: SERVICES.map((id, i) => sampleService(id, { name: `Прием врача ${i}`, name_norm: `прием врача ${i}` })) });
        const random = mulberry32(seed);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
        let lists = 0;
        const revisions = new Set<number>([await side.queries.revision()]);
        for (let step = 0; step < 40; step++) {
          const kind = random();
          if (kind < 0.4 || lists === 0) {
            lists++;
            const clinic = `c-${1 + Math.floor(random() * 3)}`;
            const list = `pl-${lists}`;
            // Some lists open with a package whose components follow it.
            const packaged = random() < 0.4;
            const positions = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, i) => {
              const shape: Shape = !packaged
                ? { kind: 'service', package_id: null }
                : i === 0
                  ? { kind: 'package', package_id: null }
                  : random() < 0.7
                    ? { kind: 'component', package_id: `p-${lists}-0` }
                    : { kind: 'service', package_id: null };
              return randomPosition(`p-${lists}-${i}`, list, clinic, random, pick, undefined, shape);
            });
            await write({
              type: 'price-list',
              write: sampleWrite(clinic, list, positions, {
                clinic: sampleClinic(clinic, { city: clinic === 'c-3' ? 'Астана' : 'Алматы', name: `Клиника ${clinic}` }),
                // Few dates, some unknown, equal ingest times: the newest-list rule and its ties are exercised.
                priceList: samplePriceList(list, clinic, {
                  position_count: positions.length,
                  // A file of its own: price changes leave re-ingests of one file out.
                  sha256: String(lists).padStart(64, '0'),
                  effective_date: pick([null, '2024-01-01', '2025-01-01']),
                  ingested_at: pick(['2024-03-01T09:00:00.000Z', '2025-02-01T09:00:00.000Z']),
                }),
              }),
            });
          } else {
            const all = (await side.queries.findPositions()).items;
            const changed = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
              const p = pick(all);
              return randomPosition(p.position_id, p.price_list_id, p.clinic_id, random, pick, p.name_norm, { kind: p.kind, package_id: p.package_id });
            });
            await write({ type: 'positions', positions: [...new Map(changed.map((p) => [p.position_id, p])).values()] });
          }
          revisions.add(await side.queries.revision());
        }
        // Every write gave a new revision.
        expect(revisions.size).toBe(41);
        const rebuilt = createMemoryQueryPort({
          services: await store.listServices(),
          clinics: await store.listClinics(),
          priceLists: await store.listPriceLists(),
          positions: await store.listPositions(),
        });
        expect(await answers(side.queries)).toEqual(await answers(rebuilt));
        // The optional counts change no answer: the same as a port that reads the positions instead.
        const { pricedClinics: _counts, ...withoutCounts } = rebuilt;
        expect(await answers(side.queries)).toEqual(await answers(withoutCounts));
        if (side.queries.pricedClinics) {
          const stored = await store.listPositions();
          for (const kind of PRICE_KINDS) {
            const counted = await side.queries.pricedClinics([...SERVICES, 's-none'], kind);
            expect(asSets(counted), kind).toEqual(pricedClinicsOf(stored, kind));
          }
        }
        // The optional summaries of search hits: what the catalogue derives from the positions themselves.
        if (side.queries.offerSummaries) {
          for (const kind of PRICE_KINDS) {
            for (const clinicIds of [undefined, ['c-1', 'c-3'], []]) {
              const options = { first: 2, ...(clinicIds && { clinic_ids: clinicIds }) };
              const summaries = await side.queries.offerSummaries([...SERVICES, 's-none'], kind, options);
              expect(roundedSummaries(summaries), `${kind} ${clinicIds}`).toEqual(await summariesFromPositions(rebuilt, kind, options));
            }
          }
        }
        // The proposals of new services, and the unmatched names they are computed from, as from whole positions.
        const proposals = await listServiceProposals(side.queries, { limit: 500 });
        expect(proposals.total).toBeGreaterThan(0);
        expect(proposals).toEqual(await listServiceProposals(rebuilt, { limit: 500 }));
        const unmatched = (await rebuilt.findPositions({ status: ['queued', 'unrecognized'] })).items;
        await expectUnmatchedNames(side.queries, unmatched);
        // The export's narrowed rows (optional): every position, in ingest order, with the fields it writes.
        if (side.queries.eachExportedPosition) {
          const exportedFields = (p: Partial<Position>) => Object.fromEntries(EXPORTED_POSITION_FIELDS.map((field) => [field, p[field] ?? null]));
          const exported: Record<string, unknown>[] = [];
          for await (const batch of side.queries.eachExportedPosition(7)) exported.push(...batch.map(exportedFields));
          expect(exported).toEqual((await rebuilt.findPositions()).items.map(exportedFields));
        }
      } finally {
        await store.close();
      }
    });
  }

  it('pages past the end, by limit 0, by method, exact and containing names (LIKE characters literal)', async () => {
    const store = await open();
    try {
      const side = await loadReadSide(store);
      const write = writer(store, side.changed);
      const positions = [
        samplePosition('a', 'pl-1', 'c-1', { name_norm: 'узи_50%', status: 'queued', service_id: null, confidence: 0.5 }),
        samplePosition('b', 'pl-1', 'c-1', { name_norm: 'узи 50 почек', status: 'queued', service_id: null, confidence: 0.5 }),
        samplePosition('c', 'pl-1', 'c-1', { name_norm: 'оак', method: 'exact' }),
      ];
      await write({ type: 'price-list', write: sampleWrite('c-1', 'pl-1', positions) });
      const ids = async (p: Promise<{ items: readonly Position[]; total: number }>) => {
        const slice = await p;
        return [slice.total, slice.items.map((x) => x.position_id)];
      };
      expect(await ids(side.queries.findPositions({}, { offset: 5 }))).toEqual([3, []]);
      expect(await ids(side.queries.findPositions({}, { limit: 0 }))).toEqual([3, []]);
      expect(await ids(side.queries.findPositions({}, { limit: 2, offset: 1 }))).toEqual([3, ['b', 'c']]);
      expect(await ids(side.queries.findPositions({ method: 'exact' }))).toEqual([1, ['c']]);
      expect(await ids(side.queries.findPositions({ name_contains: '_50%' }))).toEqual([1, ['a']]);
      expect(await ids(side.queries.findPositions({ name_norm: 'оак', status: [] }))).toEqual([0, []]);
      expect(await ids(side.queries.queuePage({}, { limit: 1, offset: 1 }))).toEqual([2, ['b']]);
      expect(await ids(side.queries.queuePage({ clinic_id: 'c-2' }, {}))).toEqual([0, []]);
      expect(await side.queries.getPosition('nope')).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('moves a clinic’s price with a decision, a newer list and an undo, in every price kind and in search', async () => {
    const store = await open();
    try {
      const side = await loadReadSide(store);
      const write = writer(store, side.changed);
      await write({ type: 'services', services: ['s-0', 's-1'].map((id, i) => sampleService(id, { name: `Прием врача ${i}`, name_norm: `прием врача ${i}` })) });
      const offer = (id: string, list: string, clinic: string, price: number, extra: Partial<Position> = {}) =>
        samplePosition(id, list, clinic, { service_id: 's-0', price, price_nonresident: null, price_nonresident_far: null, ...extra });
      const clinic = (id: string, n: number, city: string) => sampleClinic(id, { name: `Клиника ${n}`, city });
      await write({
        type: 'price-list',
        write: sampleWrite('c-1', 'pl-1', [offer('p-a', 'pl-1', 'c-1', 1000, { price_nonresident: 1200 }), offer('p-b', 'pl-1', 'c-1', 3000)], {
          clinic: clinic('c-1', 1, 'Алматы'),
        }),
      });
      await write({
        type: 'price-list',
        write: sampleWrite('c-2', 'pl-2', [offer('p-c', 'pl-2', 'c-2', 2000, { price_nonresident_far: 5000 })], { clinic: clinic('c-2', 2, 'Астана') }),
      });
      // Per clinic: its price, the list it comes from and the positions behind it, cheapest first.
      const partners = async (serviceId: string, price_kind: 'resident' | 'nonresident' | 'nonresident_far' = 'resident') =>
        (await compareService(side.queries, serviceId, { price_kind })).partners.map((p) => [p.clinic_id, p.price, p.price_list_id, p.positions.map((x) => x.position_id)]);
      const ranked = async () => (await searchServices(side.queries, { q: 'прием врача' })).map((hit) => [hit.service.service_id, hit.prices.clinics, hit.prices.median, hit.clinics.map((c) => c.clinic_id)]);
      expect(await partners('s-0')).toEqual([['c-1', 2000, 'pl-1', ['p-a', 'p-b']], ['c-2', 2000, 'pl-2', ['p-c']]]);
      expect(await partners('s-0', 'nonresident')).toEqual([['c-1', 1200, 'pl-1', ['p-a']]]);
      expect(await partners('s-0', 'nonresident_far')).toEqual([['c-2', 5000, 'pl-2', ['p-c']]]);
      expect(await ranked()).toEqual([['s-0', 2, 2000, ['c-1', 'c-2']], ['s-1', 0, null, []]]);

      // An analyst moves p-b to s-1: c-1's price of s-0 is p-a's alone, and s-1 gets its first clinic.
      const before = (await side.queries.getPosition('p-b'))!;
      const moved = { ...before, service_id: 's-1', method: 'manual' as const, confidence: 1 };
      await store.saveDecision({
        decision: { decision_id: 'd-1', action: 'match', created_at: '2024-03-05T10:00:00.000Z', service_id: 's-1', previous: [before], synonym: null, replaced_synonym: null, skipped_items: [] },
        positions: [moved],
      });
      side.changed({ type: 'positions', positions: [moved] });
      expect(await partners('s-0')).toEqual([['c-1', 1000, 'pl-1', ['p-a']], ['c-2', 2000, 'pl-2', ['p-c']]]);
      expect(await partners('s-1')).toEqual([['c-1', 3000, 'pl-1', ['p-b']]]);
      expect(await ranked()).toEqual([['s-0', 2, 1500, ['c-1', 'c-2']], ['s-1', 1, 3000, ['c-1']]]);

      // c-1's next list prices s-0 alone, in the resident price only: it replaces c-1's resident offer of s-0; the
      // non-resident price still comes from the older list, the newest pricing that kind, and s-1 from the older list.
      await write({
        type: 'price-list',
        write: sampleWrite('c-1', 'pl-3', [offer('p-d', 'pl-3', 'c-1', 1500)], {
          clinic: clinic('c-1', 1, 'Алматы'),
          priceList: samplePriceList('pl-3', 'c-1', { position_count: 1, effective_date: '2025-01-01', sha256: '3'.repeat(64) }),
        }),
      });
      expect(await partners('s-0')).toEqual([['c-1', 1500, 'pl-3', ['p-d']], ['c-2', 2000, 'pl-2', ['p-c']]]);
      expect(await partners('s-0', 'nonresident')).toEqual([['c-1', 1200, 'pl-1', ['p-a']]]);
      expect(await partners('s-1')).toEqual([['c-1', 3000, 'pl-1', ['p-b']]]);

      // The undo puts p-b back under s-0, in the older list: s-1 has no clinic any more, s-0 keeps the newer list's price.
      await store.revertDecision('d-1');
      side.changed({ type: 'positions', positions: [(await store.getPosition('p-b'))!] });
      expect((await side.queries.getPosition('p-b'))?.service_id).toBe('s-0');
      expect(await partners('s-0')).toEqual([['c-1', 1500, 'pl-3', ['p-d']], ['c-2', 2000, 'pl-2', ['p-c']]]);
      expect(await partners('s-1')).toEqual([]);
      expect(await ranked()).toEqual([['s-0', 2, 1750, ['c-1', 'c-2']], ['s-1', 0, null, []]]);
    } finally {
      await store.close();
    }
  });

  it('compares a package, never its component, and lists the component under its package', async () => {
    const store = await open();
    try {
      const side = await loadReadSide(store);
      const write = writer(store, side.changed);
      await write({ type: 'services', services: [sampleService('s-abortion', { name: 'Медикаментозный аборт', name_norm: 'медикаментозный аборт' })] });
      // Клиника 6's package at 71 910 and its part at 2 210, both matched to one service; another clinic at 60 000.
      const normalized = { service_id: 's-abortion', status: 'normalized', name_norm: 'медикаментозный аборт', price_nonresident: null } as const;
      await write({
        type: 'price-list',
        write: sampleWrite('c-1', 'pl-1', [
          samplePosition('pack', 'pl-1', 'c-1', { ...normalized, price: 71910, kind: 'package' }),
          samplePosition('visit', 'pl-1', 'c-1', { price: 13000, kind: 'component', package_id: 'pack', service_id: 's-visit' }),
          samplePosition('part', 'pl-1', 'c-1', { ...normalized, price: 2210, kind: 'component', package_id: 'pack' }),
        ]),
      });
      await write({ type: 'price-list', write: sampleWrite('c-2', 'pl-2', [samplePosition('other', 'pl-2', 'c-2', { ...normalized, price: 60000 })]) });
      const comparison = await compareService(side.queries, 's-abortion');
      expect(comparison.partners.map((p) => [p.clinic_id, p.price])).toEqual([['c-2', 60000], ['c-1', 71910]]);
      expect(comparison.partners.flatMap((p) => p.positions.map((x) => x.position_id))).not.toContain('part');
      const found = await searchServices(side.queries, { q: 'медикаментозный аборт' });
      expect(found[0]!.prices).toMatchObject({ clinics: 2, min: 60000, max: 71910 });
      const components = await side.queries.findPositions({ package_id: 'pack' });
      expect(components.items.map((p) => [p.position_id, p.kind, p.package_id])).toEqual([
        ['visit', 'component', 'pack'],
        ['part', 'component', 'pack'],
      ]);
      expect((await side.queries.findPositions({ kind: 'package' })).items.map((p) => p.position_id)).toEqual(['pack']);
      expect((await side.queries.getPosition('part'))).toMatchObject({ kind: 'component', package_id: 'pack' });
    } finally {
      await store.close();
    }
  });

  it('filters the queue by the suggestion’s service and method and by a confidence band', async () => {
    const store = await open();
    try {
      const side = await loadReadSide(store);
      const write = writer(store, side.changed);
      const queued = { status: 'queued', service_id: null, method: null } as const;
      const positions = [
        samplePosition('a', 'pl-1', 'c-1', { ...queued, confidence: 0.9, candidates: [{ service_id: 's-1', name: 'Прием врача 1', score: 0.9, method: 'fuzzy' }] }),
        samplePosition('b', 'pl-1', 'c-1', { ...queued, confidence: 0.6, candidates: [{ service_id: 's-2', name: 'Прием врача 2', score: 0.6, method: 'embedding' }] }),
        samplePosition('c', 'pl-1', 'c-1', { ...queued, confidence: 0.4, candidates: [{ service_id: 's-1', name: 'Прием врача 1', score: 0.4, method: 'fuzzy' }] }),
      ];
      await write({ type: 'price-list', write: sampleWrite('c-1', 'pl-1', positions) });
      const ids = async (filter: Parameters<QueryPort['queuePage']>[0], slice = {}) => {
        const page = await side.queries.queuePage(filter, slice);
        return [page.total, page.items.map((x) => x.position_id)];
      };
      expect(await ids({ suggestion_service_ids: ['s-1'] })).toEqual([2, ['a', 'c']]);
      expect(await ids({ suggestion_service_ids: [] })).toEqual([0, []]);
      expect(await ids({ method: 'embedding' })).toEqual([1, ['b']]);
      expect(await ids({ min_confidence: 0.6 })).toEqual([2, ['a', 'b']]);
      expect(await ids({ min_confidence: 0.5, max_confidence: 0.9 })).toEqual([1, ['b']]);
      expect(await ids({ clinic_id: 'c-1', method: 'fuzzy' }, { limit: 1, offset: 1 })).toEqual([2, ['c']]);
    } finally {
      await store.close();
    }
  });
}

// ---- internal helpers ----

/** Writes a change to the store and reports it to the read side, as the catalogue does. */
function writer(store: Storage, changed: (change: StoreChange) => void): (change: StoreChange) => Promise<void> {
  return async (change) => {
    if (change.type === 'price-list') await store.savePriceList(change.write);
    else if (change.type === 'positions') await store.updatePositions(change.positions);
    else await store.saveServices(change.services);
    changed(change);
  };
}

/** The port's plain answers plus the catalogue's comparisons and searches on it. */
/** Per service, the clinics with a normalized offer (not a component) priced in `kind`: what `pricedClinics` counts. */
function pricedClinicsOf(positions: readonly Position[], kind: PriceKind): Map<string, Set<string>> {
  const priced = new Map<string, Set<string>>();
  for (const p of positions) {
    if (p.status !== 'normalized' || p.kind === 'component' || p.service_id === null || priceOfKind(p, kind) === null) continue;
    priced.set(p.service_id, (priced.get(p.service_id) ?? new Set()).add(p.clinic_id));
  }
  return priced;
}

/**
 * What `offerSummaries` gives, from the positions (`rebuilt` reads them: it has no `servicePrices`) by the catalogue's
 * rules: clinics in order of their first offer, one price per priced clinic (partnerPrices, rounded), prices sorted.
 */
async function summariesFromPositions(rebuilt: QueryPort, kind: PriceKind, options: OfferSummaryOptions): Promise<Map<string, OfferSummary>> {
  const model = await rebuilt.directory();
  const counted = (clinicId: string) => !options.clinic_ids || options.clinic_ids.includes(clinicId);
  const result = new Map<string, OfferSummary>();
  for (const [serviceId, priced] of await servicePricesOf(rebuilt, SERVICES, kind)) {
    const clinicIds = priced.clinic_ids.filter(counted);
    if (clinicIds.length === 0) continue;
    const prices = partnerPrices(model, priced.lines.filter((line) => counted(line.clinic_id)), kind).map((p) => p.price);
    result.set(serviceId, { clinics_total: clinicIds.length, clinic_ids: clinicIds.slice(0, options.first), prices: prices.sort((a, b) => a - b) });
  }
  return result;
}

/** An `offerSummaries` answer with its prices rounded to tiyn and sorted, services without a clinic left out. */
function roundedSummaries(summaries: ReadonlyMap<string, OfferSummary>): Map<string, OfferSummary> {
  return new Map(
    [...summaries]
      .filter(([, summary]) => summary.clinics_total > 0)
      .map(([id, summary]) => [id, { ...summary, prices: summary.prices.map(roundMoney).sort((a, b) => a - b) }]),
  );
}

/** A `pricedClinics` answer as sets, services without a clinic left out (the port may give them or not). */
function asSets(counted: ReadonlyMap<string, readonly string[]>): Map<string, Set<string>> {
  return new Map([...counted].filter(([, clinics]) => clinics.length > 0).map(([id, clinics]) => [id, new Set(clinics)]));
}

async function answers(port: QueryPort): Promise<unknown[]> {
  const result: unknown[] = await queryAnswers(port, NAMES);
  for (const service of SERVICES) {
    for (const price_kind of ['resident', 'nonresident'] as const) {
      result.push(await compareService(port, service, { price_kind }), await compareService(port, service, { price_kind, city: 'Алматы' }));
    }
    result.push(await summarizePrices(port, service), await summarizePrices(port, service, 'Астана'));
    result.push(await servicePriceHistory(port, service), await servicePriceHistory(port, service, { price_kind: 'nonresident', city: 'Алматы' }));
  }
  result.push(await computeDashboard(port));
  for (const price_kind of [undefined, 'resident', 'nonresident'] as const) {
    result.push(await listPriceChanges(port, { threshold: 0.01, ...(price_kind && { price_kind }) }));
  }
  result.push(await listPriceChanges(port, { threshold: 0.3, city: 'Алматы', limit: 3 }));
  for (const q of ['прием', 'прием врача 2', 'врач', 'нет такого']) {
    result.push(await searchServices(port, { q }), await searchServices(port, { q, city: 'Алматы', limit: 2 }));
  }
  // A typo («врча»), an equivalent phrasing of the term table («консультация» for «прием»), a second page.
  for (const q of ['прием врча', 'консультация врача']) result.push(await searchPage(port, { q }));
  result.push(await searchPage(port, { q: 'прием', limit: 2, offset: 2 }));
  return result;
}

function randomPosition(
  id: string,
  list: string,
  clinic: string,
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
  nameNorm?: string,
  shape: Shape = { kind: 'service', package_id: null },
): Position {
  const status = pick(STATUSES);
  const price = pick([null, 1000, 1500, 2000.5, 3333]);
  const norm = nameNorm ?? pick(NAMES);
  return samplePosition(id, list, clinic, {
    name_norm: norm,
    // Repeated names under a few sections with a few prices, candidates of varied scores: the proposals group them.
    raw_name: pick([norm, norm.toUpperCase(), `${norm} ${id}`]),
    section: pick([null, '', 'Хирургия', 'Урология', 'Офтальмология']),
    candidates: pick([[], [{ service_id: pick(SERVICES), name: 'Услуга', score: pick([0.4, 0.71, 0.9]), method: 'fuzzy' as const }]]),
    status,
    service_id: status === 'normalized' ? pick(SERVICES) : null,
    method: pick(METHODS),
    price,
    price_nonresident: pick([null, 1200, 2500]),
    // Few distinct values, so the queue's ties (kept in ingest order) are exercised.
    confidence: Math.round(random() * 4) / 4,
    ...shape,
  });
}

type Shape = Pick<Position, 'kind' | 'package_id'>;
function fieldsOf<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, record[key]])) as Pick<T, K>;
}

/** The port's unmatched names, their prices per list and their positions, checked against the positions themselves. */
async function expectUnmatchedNames(queries: QueryPort, unmatched: readonly Position[]): Promise<void> {
  const id = (p: Pick<Position, 'raw_name' | 'name_norm' | 'section'>) => JSON.stringify([p.raw_name, p.name_norm, p.section]);
  const byName = new Map<string, Position[]>();
  for (const p of unmatched) byName.set(id(p), [...(byName.get(id(p)) ?? []), p]);
  const names = await queries.unmatchedNames();
  // One row per distinct name, in the order of its first position.
  expect(names.map(id)).toEqual([...byName.keys()]);
  for (const name of names) {
    const positions = byName.get(id(name))!;
    const prices = new Set(positions.flatMap((p) => (p.price === null ? [] : [p.price])));
    const candidates = new Map<string, { service_id: string; score: number; count: number }>();
    for (const c of positions.flatMap((p) => p.candidates)) {
      const seen = candidates.get(c.service_id) ?? { service_id: c.service_id, score: c.score, count: 0 };
      candidates.set(c.service_id, { ...seen, score: Math.max(seen.score, c.score), count: seen.count + 1 });
    }
    expect(name.positions).toBe(positions.length);
    expect([...name.clinic_ids].sort()).toEqual([...new Set(positions.map((p) => p.clinic_id))].sort());
    expect(name.prices).toHaveLength(Math.min(3, prices.size));
    for (const price of name.prices) expect(prices.has(price)).toBe(true);
    expect([...name.candidates].sort((a, b) => a.service_id.localeCompare(b.service_id))).toEqual(
      [...candidates.values()].sort((a, b) => a.service_id.localeCompare(b.service_id)),
    );
  }
  // Some names at once: their positions in ingest order (sliced), and their distinct prices per list.
  const some = names.filter((_, i) => i % 3 === 0);
  const carrying = unmatched.filter((p) => some.some((n) => id(n) === id(p)));
  const lines = carrying.map((p) => fieldsOf(p, ['position_id', 'raw_name', 'name_norm', 'clinic_id', 'price_list_id', 'section', 'price', 'status']));
  expect(await queries.unmatchedPositions(some)).toEqual(lines);
  expect(await queries.unmatchedPositions(some, { offset: 1, limit: 2 })).toEqual(lines.slice(1, 3));
  expect(await queries.unmatchedPositions([])).toEqual([]);
  const perList = await queries.unmatchedPricesByList(some, 2);
  const expected = new Map<string, Set<number>>();
  for (const p of carrying) {
    const key = JSON.stringify([p.price_list_id, id(p)]);
    const prices = expected.get(key) ?? new Set<number>();
    if (p.price !== null) prices.add(p.price);
    expected.set(key, prices);
  }
  expect(perList.map((row) => JSON.stringify([row.price_list_id, id(row)])).sort()).toEqual([...expected.keys()].sort());
  for (const row of perList) {
    const prices = expected.get(JSON.stringify([row.price_list_id, id(row)]))!;
    expect(row.prices).toHaveLength(Math.min(2, prices.size));
    for (const price of row.prices) expect(prices.has(price)).toBe(true);
  }
}
