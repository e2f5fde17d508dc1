import { describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { createMatcher } from '../match/cascade.js';
import { DEFAULT_RANKER_MODEL } from '../match/ranker/default-model.js';
import { DEFAULT_TRAINING_ROWS } from '../match/ranker/default-training.js';
import { refitRanker } from '../match/ranker/refit.js';
import type { Decision, Position } from '../storage/records.js';
import { samplePosition } from '../storage/sample-records.js';
import { decidedRows } from './refit.js';

const decision = (id: string, action: 'match' | 'skip', serviceId: string | null, previous: readonly Position[]): Decision => ({
  decision_id: id,
  action,
  created_at: '2026-01-01T00:00:00.000Z',
  service_id: serviceId,
  previous,
  synonym: null,
  replaced_synonym: null,
  skipped_items: [],
});

describe('catalogue: the ranker refitted from decisions', () => {
  it('reads each decided row once (the latest decision of a clinic and name), a skip as no entry, identical names left out', () => {
    const row = (id: string, clinic: string, name: string) =>
      samplePosition(id, 'pl-1', clinic, { raw_name: name, name_norm: name.toLowerCase(), code: null, section: null });
    const rows = decidedRows([
      decision('d-1', 'match', 's-1', [row('p-1', 'c-1', 'Прием терапевта'), row('p-2', 'c-2', 'Прием терапевта')]),
      decision('d-2', 'skip', null, [row('p-3', 'c-1', 'Бахилы')]),
      decision('d-3', 'match', 's-2', [row('p-4', 'c-1', 'Прием терапевта')]),
    ]);
    expect(rows).toEqual([
      { raw_name: 'Прием терапевта', code: null, section: null, group: 'c-1', service_id: 's-2' },
      { raw_name: 'Бахилы', code: null, section: null, group: 'c-1', service_id: null },
    ]);
  });

  it('refits on the bundled rows into a model the matcher takes, and refuses rows of fewer than three clinics', async () => {
    const services = await loadDefaultDictionary();
    const result = refitRanker({ services, rows: DEFAULT_TRAINING_ROWS, current: DEFAULT_RANKER_MODEL });
    expect(result.groups).toBeGreaterThanOrEqual(3);
    // Out of fold, with each clinic thresholded by the others: near the target, not true by construction.
    expect(result.after.precision).toBeGreaterThan(0.9);
    expect(result.model.accept).toBeGreaterThan(0);
    expect(result.before.rows).toBe(DEFAULT_TRAINING_ROWS.length);
    const matcher = createMatcher({ services, ranker: result.model });
    expect(matcher.match({ raw_name: 'Прием терапевта', code: null, section: null })).toMatchObject({ status: 'normalized' });
    const oneClinic = DEFAULT_TRAINING_ROWS.filter((r) => r.group === DEFAULT_TRAINING_ROWS[0]!.group);
    expect(() => refitRanker({ services, rows: oneClinic, current: DEFAULT_RANKER_MODEL })).toThrow(/at least 3 clinics/);
  });

  it('names only entries of the bundled dictionary in the bundled training rows', async () => {
    const ids = new Set((await loadDefaultDictionary()).map((s) => s.service_id));
    const unknown = DEFAULT_TRAINING_ROWS.filter((r) => r.service_id !== null && !ids.has(r.service_id));
    expect(unknown).toEqual([]);
  });
});
