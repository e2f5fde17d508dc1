/**
 * Conformance cases for the decision log of the `Storage` contract (`saveDecision`, `listDecisions`,
 * `revertDecision`), spliced into `defineStorageSuite` (storage.suite.ts). Not a test file on its own.
 */
import { expect } from 'vitest';
import type { Decision, Position } from './records.js';
import { samplePosition, sampleSkippedItem, sampleSynonym, sampleWrite } from './sample-records.js';
import type { Storage } from './storage.js';

type Case = readonly [name: string, run: (store: Storage) => Promise<void>];

const QUEUED = { service_id: null, method: null, status: 'queued', confidence: 0.5 } as const;

function matched(position: Position, serviceId: string): Position {
  return { ...position, service_id: serviceId, method: 'manual', status: 'normalized', confidence: 1 };
}

function matchDecision(id: string, serviceId: string, previous: readonly Position[], extra: Partial<Decision> = {}): Decision {
  return {
    decision_id: id,
    action: 'match',
    created_at: `2024-03-0${id.slice(-1)}T10:00:00.000Z`,
    service_id: serviceId,
    previous,
    synonym: { ...sampleSynonym('консультация терапевта', serviceId), created_at: `2024-03-0${id.slice(-1)}T10:00:00.000Z` },
    replaced_synonym: null,
    skipped_items: [],
    ...extra,
  };
}

/** The decision-log cases, in the suite's `[name, run]` shape. */
export const DECISION_CASES: readonly Case[] = [
  [
    'writes a match decision at once: positions, synonym and the log entry',
    async (store) => {
      const queued = [samplePosition('p-1', 'pl-1', 'c-1', QUEUED), samplePosition('p-2', 'pl-1', 'c-1', QUEUED)];
      await store.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      const decision = matchDecision('d-1', 's-1', [queued[0]!]);
      await store.saveDecision({ decision, positions: [matched(queued[0]!, 's-1')] });
      expect(await store.listPositions()).toEqual([matched(queued[0]!, 's-1'), queued[1]]);
      expect(await store.listLearnedSynonyms()).toEqual([decision.synonym]);
      expect(await store.listDecisions()).toEqual([decision]);
    },
  ],
  [
    'gives the newest decision as the last one (when the adapter has lastDecision), null before any',
    async (store) => {
      if (!store.lastDecision) return;
      expect(await store.lastDecision()).toBeNull();
      const queued = [samplePosition('p-1', 'pl-1', 'c-1', QUEUED), samplePosition('p-2', 'pl-1', 'c-1', QUEUED)];
      await store.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      await store.saveDecision({ decision: matchDecision('d-1', 's-1', [queued[0]!]), positions: [matched(queued[0]!, 's-1')] });
      const second = matchDecision('d-2', 's-2', [queued[1]!]);
      await store.saveDecision({ decision: second, positions: [matched(queued[1]!, 's-2')] });
      expect(await store.lastDecision()).toEqual(second);
      await store.revertDecision('d-2');
      expect((await store.lastDecision())?.decision_id).toBe('d-1');
    },
  ],
  [
    'finds the newest decision about a position, and one synonym by name (when the adapter has them)',
    async (store) => {
      const queued = [samplePosition('p-1', 'pl-1', 'c-1', QUEUED), samplePosition('p-2', 'pl-1', 'c-1', QUEUED)];
      await store.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      const first = matchDecision('d-1', 's-1', queued);
      await store.saveDecision({ decision: first, positions: queued.map((p) => matched(p, 's-1')) });
      const second = matchDecision('d-2', 's-2', [matched(queued[1]!, 's-1')]);
      await store.saveDecision({ decision: second, positions: [matched(queued[1]!, 's-2')] });
      if (store.lastDecisionAbout) {
        expect(await store.lastDecisionAbout('p-1', 'match')).toEqual(first);
        expect(await store.lastDecisionAbout('p-2', 'match')).toEqual(second);
        expect(await store.lastDecisionAbout('p-2', 'skip')).toBeNull();
        expect(await store.lastDecisionAbout('p-unknown', 'match')).toBeNull();
      }
      if (store.getLearnedSynonym) {
        expect(await store.getLearnedSynonym('консультация терапевта')).toEqual(second.synonym);
        expect(await store.getLearnedSynonym('нет такого')).toBeNull();
      }
    },
  ],
  [
    'reverts a match: the position is queued again and the synonym it replaced comes back',
    async (store) => {
      const queued = samplePosition('p-1', 'pl-1', 'c-1', QUEUED);
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [queued]));
      const older = sampleSynonym('консультация терапевта', 's-old');
      await store.saveLearnedSynonyms([older]);
      const decision = matchDecision('d-2', 's-1', [queued], { replaced_synonym: older });
      await store.saveDecision({ decision, positions: [matched(queued, 's-1')] });
      await store.revertDecision('d-2');
      expect(await store.listPositions()).toEqual([queued]);
      expect(await store.listLearnedSynonyms()).toEqual([older]);
      expect(await store.listDecisions()).toEqual([]);
    },
  ],
  [
    'reverts a skip: the position is queued again and its skipped item is gone',
    async (store) => {
      const queued = samplePosition('p-1', 'pl-1', 'c-1', QUEUED);
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [queued]));
      const earlier = sampleSkippedItem('p-0', 'бахилы');
      await store.saveSkippedItems([earlier]);
      const item = { ...sampleSkippedItem('p-1', queued.name_norm), created_at: '2024-03-05T10:00:00.000Z' };
      const decision: Decision = {
        decision_id: 'd-3',
        action: 'skip',
        created_at: item.created_at,
        service_id: null,
        previous: [queued],
        synonym: null,
        replaced_synonym: null,
        skipped_items: [item],
      };
      await store.saveDecision({ decision, positions: [{ ...queued, status: 'skipped' }] });
      expect(await store.listSkippedItems()).toEqual([earlier, item]);
      await store.revertDecision('d-3');
      expect(await store.listPositions()).toEqual([queued]);
      expect(await store.listSkippedItems()).toEqual([earlier]);
    },
  ],
  [
    'does not revert a position that changed after the decision, nor a synonym decided again',
    async (store) => {
      const queued = samplePosition('p-1', 'pl-1', 'c-1', QUEUED);
      await store.savePriceList(sampleWrite('c-1', 'pl-1', [queued]));
      const decision = matchDecision('d-4', 's-1', [queued]);
      await store.saveDecision({ decision, positions: [matched(queued, 's-1')] });
      const later = matched(queued, 's-created');
      await store.updatePositions([later]);
      const relearned = sampleSynonym('консультация терапевта', 's-created');
      await store.saveLearnedSynonyms([relearned]);
      await store.revertDecision('d-4');
      expect(await store.listPositions()).toEqual([later]);
      expect(await store.listLearnedSynonyms()).toEqual([relearned]);
    },
  ],
  [
    'pages the decision log newest first, of one action or all, with the total (when the adapter has decisionPage)',
    async (store) => {
      if (!store.decisionPage) return;
      expect(await store.decisionPage({ limit: 10, offset: 0 })).toEqual({ decisions: [], total: 0 });
      const queued = ['p-1', 'p-2', 'p-3', 'p-4', 'p-5'].map((id) => samplePosition(id, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${id}` }));
      await store.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      const logged: Decision[] = [];
      for (const [i, position] of queued.entries()) {
        const id = `d-${i + 1}`;
        const decision: Decision =
          i % 2 === 0
            ? matchDecision(id, 's-1', [position], { synonym: { ...sampleSynonym(position.name_norm, 's-1'), created_at: `2024-03-0${i + 1}T10:00:00.000Z` } })
            : { ...matchDecision(id, 's-1', [position]), action: 'skip', service_id: null, synonym: null };
        await store.saveDecision({ decision, positions: [decision.action === 'match' ? matched(position, 's-1') : { ...position, status: 'skipped' }] });
        logged.push(decision);
      }
      await store.revertDecision('d-3');
      const [d1, d2, , d4, d5] = logged;
      expect(await store.decisionPage({ limit: 2, offset: 0 })).toEqual({ decisions: [d5, d4], total: 4 });
      expect(await store.decisionPage({ limit: 2, offset: 2 })).toEqual({ decisions: [d2, d1], total: 4 });
      expect(await store.decisionPage({ limit: 2, offset: 4 })).toEqual({ decisions: [], total: 4 });
      expect(await store.decisionPage({ action: 'match', limit: 5, offset: 0 })).toEqual({ decisions: [d5, d1], total: 2 });
      expect(await store.decisionPage({ action: 'skip', limit: 1, offset: 1 })).toEqual({ decisions: [d2], total: 2 });
    },
  ],
  [
    'finds one logged decision by id and the decisions of a batch, oldest first (when the adapter has them)',
    async (store) => {
      const queued = ['p-1', 'p-2', 'p-3'].map((id) => samplePosition(id, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${id}` }));
      await store.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      const decisions = queued.map((position, i) =>
        matchDecision(`d-${i + 1}`, 's-1', [position], {
          synonym: { ...sampleSynonym(position.name_norm, 's-1'), created_at: `2024-03-0${i + 1}T10:00:00.000Z` },
          ...(i !== 1 && { batch_id: 'b-1' }),
        }),
      );
      for (const [i, decision] of decisions.entries()) await store.saveDecision({ decision, positions: [matched(queued[i]!, 's-1')] });
      if (store.getDecision) {
        expect(await store.getDecision('d-2')).toEqual(decisions[1]);
        expect(await store.getDecision('d-404')).toBeNull();
      }
      if (store.listBatchDecisions) {
        expect(await store.listBatchDecisions('b-1')).toEqual([decisions[0], decisions[2]]);
        expect(await store.listBatchDecisions('b-404')).toEqual([]);
      }
    },
  ],
  [
    'lists the standing decisions of one batch among interleaved batches, and reverting that batch leaves the others as they were',
    async (store) => {
      const queued = Array.from({ length: 9 }, (_, i) => samplePosition(`p-${i + 1}`, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${i + 1}` }));
      await store.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      // d-1 … d-9 in batches b-1, b-2, b-3 taking turns; d-9 in none.
      const decisions = queued.map((position, i) =>
        matchDecision(`d-${i + 1}`, 's-1', [position], {
          synonym: { ...sampleSynonym(position.name_norm, 's-1'), created_at: `2024-03-0${i + 1}T10:00:00.000Z` },
          ...(i < 8 && { batch_id: `b-${(i % 3) + 1}` }),
        }),
      );
      for (const [i, decision] of decisions.entries()) await store.saveDecision({ decision, positions: [matched(queued[i]!, 's-1')] });
      const [d1, d2, d3, d4, d5, d6, d7, d8, d9] = decisions;
      await store.revertDecision('d-4');
      if (store.listBatchDecisions) {
        expect(await store.listBatchDecisions('b-1')).toEqual([d1, d7]);
        expect(await store.listBatchDecisions('b-2')).toEqual([d2, d5, d8]);
        expect(await store.listBatchDecisions('b-3')).toEqual([d3, d6]);
      }
      for (const id of ['d-8', 'd-5', 'd-2']) await store.revertDecision(id);
      if (store.listBatchDecisions) {
        expect(await store.listBatchDecisions('b-2')).toEqual([]);
        expect(await store.listBatchDecisions('b-1')).toEqual([d1, d7]);
        expect(await store.listBatchDecisions('b-3')).toEqual([d3, d6]);
      }
      expect(await store.listDecisions()).toEqual([d1, d3, d6, d7, d9]);
      const undone = new Set(['p-2', 'p-4', 'p-5', 'p-8']);
      expect(await store.listPositions()).toEqual(queued.map((p) => (undone.has(p.position_id) ? p : matched(p, 's-1'))));
      expect((await store.listLearnedSynonyms()).map((s) => s.name_norm).sort()).toEqual(['имя 1', 'имя 3', 'имя 6', 'имя 7', 'имя 9']);
    },
  ],
  [
    'ignores a revert of a decision it does not know',
    async (store) => {
      await store.revertDecision('d-404');
      expect(await store.listDecisions()).toEqual([]);
    },
  ],
];

/** The decision-log case for persistent adapters: `makeStore` twice opens the same data. */
export const DECISION_PERSISTENT_CASES: readonly [string, (makeStore: () => Storage | Promise<Storage>) => Promise<void>][] = [
  [
    'keeps decisions and undos made just before a close (positions, synonyms, skipped items, the log), and undoes across reopens',
    async (makeStore) => {
      const queued = [samplePosition('p-1', 'pl-1', 'c-1', QUEUED), samplePosition('p-2', 'pl-1', 'c-1', { ...QUEUED, name_norm: 'бахилы' })];
      const match = matchDecision('d-1', 's-1', [queued[0]!]);
      const item = { ...sampleSkippedItem('p-2', 'бахилы'), created_at: '2024-03-02T10:00:00.000Z' };
      const skip: Decision = { ...matchDecision('d-2', 's-1', [queued[1]!]), action: 'skip', service_id: null, synonym: null, skipped_items: [item] };
      const again: Decision = { ...skip, decision_id: 'd-3', created_at: '2024-03-03T10:00:00.000Z', skipped_items: [{ ...item, created_at: '2024-03-03T10:00:00.000Z' }] };
      const first = await makeStore();
      await first.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      await first.saveDecision({ decision: match, positions: [matched(queued[0]!, 's-1')] });
      await first.saveDecision({ decision: skip, positions: [{ ...queued[1]!, status: 'skipped' }] });
      await first.revertDecision('d-2');
      await first.saveDecision({ decision: again, positions: [{ ...queued[1]!, status: 'skipped' }] });
      await first.close();
      const second = await makeStore();
      try {
        expect(await second.listDecisions()).toEqual([match, again]);
        expect(await second.listPositions()).toEqual([matched(queued[0]!, 's-1'), { ...queued[1]!, status: 'skipped' }]);
        expect(await second.listLearnedSynonyms()).toEqual([match.synonym]);
        expect(await second.listSkippedItems()).toEqual(again.skipped_items);
        if (second.lastDecisionAbout) expect(await second.lastDecisionAbout('p-2', 'skip')).toEqual(again);
        await second.revertDecision('d-1');
      } finally {
        await second.close();
      }
      const third = await makeStore();
      try {
        expect(await third.listDecisions()).toEqual([again]);
        expect(await third.listPositions()).toEqual([queued[0], { ...queued[1]!, status: 'skipped' }]);
        expect(await third.listLearnedSynonyms()).toEqual([]);
      } finally {
        await third.close();
      }
    },
  ],
  [
    'finds a batch’s decisions after being closed and opened again, an undo made before the close left out',
    async (makeStore) => {
      const queued = ['p-1', 'p-2', 'p-3'].map((id) => samplePosition(id, 'pl-1', 'c-1', { ...QUEUED, name_norm: `имя ${id}` }));
      const decisions = queued.map((position, i) =>
        matchDecision(`d-${i + 1}`, 's-1', [position], {
          synonym: { ...sampleSynonym(position.name_norm, 's-1'), created_at: `2024-03-0${i + 1}T10:00:00.000Z` },
          batch_id: i === 1 ? 'b-2' : 'b-1',
        }),
      );
      const first = await makeStore();
      await first.savePriceList(sampleWrite('c-1', 'pl-1', queued));
      for (const [i, decision] of decisions.entries()) await first.saveDecision({ decision, positions: [matched(queued[i]!, 's-1')] });
      await first.revertDecision('d-1');
      await first.close();
      const second = await makeStore();
      try {
        if (second.listBatchDecisions) {
          expect(await second.listBatchDecisions('b-1')).toEqual([decisions[2]]);
          expect(await second.listBatchDecisions('b-2')).toEqual([decisions[1]]);
        }
      } finally {
        await second.close();
      }
    },
  ],
  [
    'keeps the decision log after being closed and opened again, so an undo still works',
    async (makeStore) => {
      const queued = samplePosition('p-1', 'pl-1', 'c-1', QUEUED);
      const decision = matchDecision('d-5', 's-1', [queued]);
      const first = await makeStore();
      await first.savePriceList(sampleWrite('c-1', 'pl-1', [queued]));
      await first.saveDecision({ decision, positions: [matched(queued, 's-1')] });
      await first.close();
      const second = await makeStore();
      try {
        expect(await second.listDecisions()).toEqual([decision]);
        await second.revertDecision('d-5');
        expect(await second.listPositions()).toEqual([queued]);
      } finally {
        await second.close();
      }
    },
  ],
];
