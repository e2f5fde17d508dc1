/**
 * The conformance suite every `Storage` adapter runs: `defineStorageSuite(makeStore, options)` inside
 * the adapter's `describe`. Cases use only the interface and a fresh store each. Named `.suite.ts`, not
 * `.test.ts`, so vitest never runs it on its own.
 */
import { describe, expect, it } from 'vitest';
import type { Storage } from './storage.js';
import type { Position } from './records.js';
import { DECISION_CASES, DECISION_PERSISTENT_CASES } from './decisions.suite.js';
import {
  sampleClinic,
  samplePosition,
  sampleService,
  sampleSkippedItem,
  sampleSynonym,
  sampleWrite,
} from './sample-records.js';

/** Options of {@link defineStorageSuite}. */
export interface StorageSuiteOptions {
  /**
   * The adapter keeps data where `makeStore()` opens it again (a file, a database), so the cases that
   * close a store and open a second one run. Default `false`: they are reported as skipped.
   */
  readonly persistent?: boolean;
  /** Cases (by their exact name) the adapter cannot pass, with why; reported as skipped, not hidden. */
  readonly skip?: readonly { readonly reason: string; readonly tests: readonly string[] }[];
}

type StoreCase = (makeStore: () => Storage | Promise<Storage>) => Promise<void>;

/**
 * Registers the conformance cases of the `Storage` contract (storage.ts). `makeStore` must return an
 * empty store for every case; with `persistent: true`, calling it twice within one case must open the
 * same data. Throws at definition time when `skip` names a case that does not exist.
 */
export function defineStorageSuite(
  makeStore: () => Storage | Promise<Storage>,
  options: StorageSuiteOptions = {},
): void {
  const cases = new Map<string, StoreCase>([...CASES.map(wrapCase), ...PERSISTENT_CASES]);
  const skipped = new Map<string, string>();
  for (const { reason, tests } of options.skip ?? []) {
    for (const name of tests) {
      if (!cases.has(name)) throw new Error(`defineStorageSuite: skip names an unknown case «${name}»`);
      skipped.set(name, reason);
    }
  }
  if (!options.persistent) {
    for (const [name] of PERSISTENT_CASES) skipped.set(name, 'the store is not persistent');
  }
  describe('Storage contract', () => {
    for (const [name, run] of cases) {
      const reason = skipped.get(name);
      if (reason === undefined) it(name, () => run(makeStore));
      else it.skip(`${name} (skipped: ${reason})`, () => {});
    }
  });
}

// ---- internal helpers ----

/** A case that gets one fresh store, closed afterwards whatever happens. */
type Case = readonly [name: string, run: (store: Storage) => Promise<void>];

function wrapCase([name, run]: Case): [string, StoreCase] {
  return [
    name,
    async (makeStore) => {
      const store = await makeStore();
      try {
        await run(store);
      } finally {
        await store.close();
      }
    },
  ];
}

const CASES: readonly Case[] = [
  [
    'starts empty: every list is empty and nothing is found',
    async (store) => {
      expect(await store.listServices()).toEqual([]);
      expect(await store.listClinics()).toEqual([]);
      expect(await store.listPriceLists()).toEqual([]);
      expect(await store.listPositions()).toEqual([]);
      expect(await store.listLearnedSynonyms()).toEqual([]);
      expect(await store.listSkippedItems()).toEqual([]);
      expect(await store.listIngestedFiles()).toEqual([]);
      expect(await store.getPosition('p-1')).toBeNull();
    },
  ],
  [
    'replaces a service saved again by its id, keeping its place in the list',
    async (store) => {
      await store.saveServices([sampleService('s-1', { name: 'УЗИ почек' }), sampleService('s-2', { name: 'ЭКГ' })]);
      await store.saveServices([sampleService('s-2', { name: 'ЭКГ с расшифровкой' }), sampleService('s-3', { name: 'ОАК' })]);
      const names = (await store.listServices()).map((service) => [service.service_id, service.name]);
      expect(names).toEqual([['s-1', 'УЗИ почек'], ['s-2', 'ЭКГ с расшифровкой'], ['s-3', 'ОАК']]);
    },
  ],
  [
    'reads back the clinic, the price list and the positions saved together',
    async (store) => {
      const positions = [samplePosition('p-1', 'pl-1', 'c-1'), samplePosition('p-2', 'pl-1', 'c-1', { price: 4500 })];
      const write = sampleWrite('c-1', 'pl-1', positions);
      await store.savePriceList(write);
      expect(await store.listClinics()).toEqual([write.clinic]);
      expect(await store.listPriceLists()).toEqual([write.priceList]);
      expect(await store.listPositions()).toEqual(positions);
      expect(await store.getPosition('p-2')).toEqual(positions[1]);
      if (store.getPositions) {
        const byId = (list: readonly Position[]) => [...list].sort((a, b) => a.position_id.localeCompare(b.position_id));
        expect(byId(await store.getPositions(['p-2', 'p-404', 'p-1', 'p-2']))).toEqual(positions);
        expect(await store.getPositions([])).toEqual([]);
      }
    },
  ],
  [
    'reads back a package and its components with their kind and link',
    async (store) => {
      const positions = [
        samplePosition('p-pack', 'pl-1', 'c-1', { raw_name: 'Медикаментозный аборт', price: 71910, kind: 'package' }),
        samplePosition('p-part', 'pl-1', 'c-1', { raw_name: 'Медикаментозный аборт', price: 2210, kind: 'component', package_id: 'p-pack' }),
        samplePosition('p-other', 'pl-1', 'c-1'),
      ];
      await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
      expect(await store.listPositions()).toEqual(positions);
      expect(await store.getPosition('p-part')).toMatchObject({ kind: 'component', package_id: 'p-pack' });
      // A decision keeps the position's kind and link.
      await store.updatePositions([{ ...positions[1]!, service_id: 's-2', method: 'manual' }]);
      expect(await store.getPosition('p-part')).toMatchObject({ kind: 'component', package_id: 'p-pack', service_id: 's-2' });
    },
  ],
  [
    'keeps the match trace of a position, and gives a position without one back without one',
    async (store) => {
      const traced = samplePosition('p-1', 'pl-1', 'c-1', {
        trace: { stage: 'ranker', rule: 'fuzzy', signals: { logit: 2.4, margin: 0.31 }, guards: ['ambiguous'] },
      });
      const untraced = samplePosition('p-2', 'pl-1', 'c-1');
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [traced, untraced]));
      expect(await store.listPositions()).toEqual([traced, untraced]);
      expect(await store.getPosition('p-1')).toEqual(traced);
      expect(Object.keys((await store.getPosition('p-2'))!)).not.toContain('trace');
      const retraced = { ...untraced, trace: { stage: 'synonym', decision: 'c-1@2024-03-05' } } as const;
      await store.updatePositions([retraced]);
      expect(await store.getPosition('p-2')).toEqual(retraced);
    },
  ],
  [
    'replaces a clinic saved again with a new alias instead of adding a second one',
    async (store) => {
      await store.savePriceList(sampleWrite('c-1', 'pl-1', []));
      const renamed = sampleClinic('c-1', { aliases: ['МЦ Здоровье', 'Здоровье прайс.docx'] });
      await store.savePriceList({ ...sampleWrite('c-1', 'pl-2', []), clinic: renamed });
      expect(await store.listClinics()).toEqual([renamed]);
    },
  ],
  [
    'lists price lists oldest ingest first',
    async (store) => {
      for (const id of ['pl-1', 'pl-2', 'pl-3']) await store.savePriceList(sampleWrite('c-1', id, []));
      expect((await store.listPriceLists()).map((list) => list.price_list_id)).toEqual(['pl-1', 'pl-2', 'pl-3']);
    },
  ],
  [
    'filters positions by clinic, service, price list and status, alone or together',
    async (store) => {
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [
        samplePosition('p-1', 'pl-1', 'c-1', { service_id: 's-uzi' }),
        samplePosition('p-2', 'pl-1', 'c-1', { service_id: null, status: 'queued' }),
      ]));
      await store.savePriceList(sampleWrite('c-2', 'pl-2', [
        samplePosition('p-3', 'pl-2', 'c-2', { service_id: 's-uzi' }),
        samplePosition('p-4', 'pl-2', 'c-2', { service_id: 's-ekg' }),
      ]));
      const ids = async (filter: Parameters<Storage['listPositions']>[0]) =>
        (await store.listPositions(filter)).map((position) => position.position_id);
      expect(await ids({ clinic_id: 'c-2' })).toEqual(['p-3', 'p-4']);
      expect(await ids({ service_id: 's-uzi' })).toEqual(['p-1', 'p-3']);
      expect(await ids({ price_list_id: 'pl-1' })).toEqual(['p-1', 'p-2']);
      expect(await ids({ status: 'queued' })).toEqual(['p-2']);
      expect(await ids({ clinic_id: 'c-2', service_id: 's-uzi', status: 'normalized' })).toEqual(['p-3']);
      expect(await ids({ clinic_id: 'c-1', service_id: 's-ekg' })).toEqual([]);
      expect(await ids({})).toEqual(['p-1', 'p-2', 'p-3', 'p-4']);
    },
  ],
  [
    'returns null for a position id it does not know',
    async (store) => {
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
      expect(await store.getPosition('p-404')).toBeNull();
    },
  ],
  [
    'updates positions by id, keeping their order and ignoring ids it does not know',
    async (store) => {
      const positions = ['p-1', 'p-2', 'p-3'].map((id) => samplePosition(id, 'pl-1', 'c-1', { status: 'queued' }));
      await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
      const confirmed = samplePosition('p-2', 'pl-1', 'c-1', { service_id: 's-ekg', method: 'manual', status: 'normalized' });
      await store.updatePositions([confirmed, samplePosition('p-404', 'pl-1', 'c-1')]);
      expect(await store.listPositions()).toEqual([positions[0], confirmed, positions[2]]);
      expect(await store.getPosition('p-404')).toBeNull();
    },
  ],
  [
    'keeps one learned synonym per normalised name: the latest decision',
    async (store) => {
      await store.saveLearnedSynonyms([sampleSynonym('узи почек', 's-1'), sampleSynonym('экг', 's-2')]);
      await store.saveLearnedSynonyms([sampleSynonym('узи почек', 's-9')]);
      const pairs = (await store.listLearnedSynonyms()).map((synonym) => [synonym.name_norm, synonym.service_id]);
      expect(pairs).toEqual([['узи почек', 's-9'], ['экг', 's-2']]);
      if (store.getLearnedSynonym) {
        expect(await store.getLearnedSynonym('узи почек')).toEqual((await store.listLearnedSynonyms())[0]);
        expect(await store.getLearnedSynonym('мрт')).toBeNull();
      }
    },
  ],
  [
    'keeps the items an analyst skipped',
    async (store) => {
      const items = [sampleSkippedItem('p-1', 'доставка анализов'), sampleSkippedItem('p-2', 'бахилы')];
      await store.saveSkippedItems(items.slice(0, 1));
      await store.saveSkippedItems(items.slice(1));
      expect(await store.listSkippedItems()).toEqual(items);
    },
  ],
  [
    'records the ingested file saved with a price list',
    async (store) => {
      const write = sampleWrite('c-1', 'pl-1', []);
      await store.savePriceList(write);
      await store.savePriceList({ ...sampleWrite('c-1', 'pl-2', []), ingestedFile: undefined });
      expect(await store.listIngestedFiles()).toEqual([write.ingestedFile]);
    },
  ],
  [
    'records ingested files without a price list, the latest record of a path replacing the older one',
    async (store) => {
      const at = '2026-03-01T10:00:00.000Z';
      await store.saveIngestedFiles([{ path: 'inbox/march.zip', sha256: 'a1', price_list_id: null, ingested_at: at }]);
      await store.saveIngestedFiles([
        { path: 'inbox/march.zip', sha256: 'b2', price_list_id: null, ingested_at: at },
        { path: 'inbox/readme.txt', sha256: 'c3', price_list_id: null, ingested_at: at },
      ]);
      expect((await store.listIngestedFiles()).map((file) => [file.path, file.sha256])).toEqual([
        ['inbox/march.zip', 'b2'],
        ['inbox/readme.txt', 'c3'],
      ]);
    },
  ],
  [
    'returns null for a setting never set, then the value set last',
    async (store) => {
      expect(await store.getSetting('dictionary.sha256')).toBeNull();
      expect(await store.getSetting('constructor')).toBeNull();
      await store.setSetting('dictionary.sha256', 'abc');
      await store.setSetting('dictionary.sha256', 'def');
      expect(await store.getSetting('dictionary.sha256')).toBe('def');
    },
  ],
  [
    'cannot be changed through records it returned or records it was given',
    async (store) => {
      const given = structuredClone(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
      await store.savePriceList(given);
      (given.clinic as { name: string }).name = 'changed by the caller';
      (given.positions[0] as { price: number }).price = 1;
      const read = await store.listPositions();
      (read[0] as { price: number }).price = 2;
      read.push(samplePosition('p-2', 'pl-1', 'c-1'));
      const one = await store.getPosition('p-1');
      (one?.prices_raw as unknown[]).length = 0;
      const clinics = await store.listClinics();
      (clinics[0]?.aliases as string[]).push('alias added by the caller');
      expect(await store.listPositions()).toEqual([samplePosition('p-1', 'pl-1', 'c-1')]);
      expect(await store.listClinics()).toEqual([sampleClinic('c-1')]);
    },
  ],
  [
    'keeps all of 20 price lists saved at the same time',
    async (store) => {
      const ids = Array.from({ length: 20 }, (_, index) => index + 1);
      await Promise.all(
        ids.map((n) => store.savePriceList(sampleWrite(`c-${n}`, `pl-${n}`, [samplePosition(`p-${n}`, `pl-${n}`, `c-${n}`)]))),
      );
      expect((await store.listPriceLists()).map((list) => list.price_list_id).sort()).toEqual(ids.map((n) => `pl-${n}`).sort());
      expect(await store.listClinics()).toHaveLength(20);
      expect(await store.listPositions()).toHaveLength(20);
      expect(await store.listIngestedFiles()).toHaveLength(20);
    },
  ],
  ...DECISION_CASES,
];

/** Cases that open the same place twice; only for persistent adapters. */
const PERSISTENT_CASES: readonly [string, StoreCase][] = [
  [
    'gives everything back after being closed and opened again',
    async (makeStore) => {
      const write = sampleWrite('c-1', 'pl-1', [
        samplePosition('p-1', 'pl-1', 'c-1', { kind: 'package' }),
        samplePosition('p-2', 'pl-1', 'c-1', { kind: 'component', package_id: 'p-1' }),
      ]);
      const confirmed = samplePosition('p-2', 'pl-1', 'c-1', { method: 'manual', status: 'normalized', kind: 'component', package_id: 'p-1' });
      const first = await makeStore();
      await first.saveServices([sampleService('s-1')]);
      await first.savePriceList(write);
      await first.updatePositions([confirmed]);
      await first.saveLearnedSynonyms([sampleSynonym('узи почек', 's-1')]);
      await first.saveSkippedItems([sampleSkippedItem('p-1', 'бахилы')]);
      await first.setSetting('dictionary.sha256', 'abc');
      await first.close();

      const second = await makeStore();
      try {
        expect(await second.listServices()).toEqual([sampleService('s-1')]);
        expect(await second.listClinics()).toEqual([write.clinic]);
        expect(await second.listPriceLists()).toEqual([write.priceList]);
        expect(await second.listPositions()).toEqual([write.positions[0], confirmed]);
        expect(await second.listLearnedSynonyms()).toEqual([sampleSynonym('узи почек', 's-1')]);
        expect(await second.listSkippedItems()).toEqual([sampleSkippedItem('p-1', 'бахилы')]);
        expect(await second.listIngestedFiles()).toEqual([write.ingestedFile]);
        expect(await second.getSetting('dictionary.sha256')).toBe('abc');
      } finally {
        await second.close();
      }
    },
  ],
  [
    'gives back a price cell carrying two roles, and its far-abroad price, after being opened again',
    async (makeStore) => {
      // One column «… ближнего и дальнего зарубежья» (Клиника 2, 2025) beside a block priced for far abroad only.
      const both = 'Цена для лиц без гражданства из стран ближнего и дальнего зарубежья, тг';
      const positions = [
        samplePosition('p-both', 'pl-1', 'c-1', {
          price: null,
          price_nonresident: 12000,
          price_nonresident_far: 12000,
          prices_raw: [{ role: 'nonresident', also_roles: ['nonresident_far'], value: 12000, raw: '12 000', header: both }],
        }),
        samplePosition('p-far', 'pl-1', 'c-1', {
          price: null,
          price_nonresident: 15240,
          price_nonresident_far: 15240,
          prices_raw: [{ role: 'nonresident_far', value: 15240, raw: '15 240', header: 'Цена для граждан стран дальнего зарубежья' }],
        }),
        samplePosition('p-near', 'pl-1', 'c-1', { price_nonresident: 11760, price_nonresident_far: null, prices_raw: [{ role: 'nonresident', value: 11760, raw: '11 760', header: both }] }),
      ];
      const first = await makeStore();
      await first.savePriceList(sampleWrite('c-1', 'pl-1', positions));
      await first.close();
      const second = await makeStore();
      try {
        expect(await second.listPositions()).toEqual(positions);
      } finally {
        await second.close();
      }
    },
  ],
  ...DECISION_PERSISTENT_CASES,
];
