import { describe, expect, it } from 'vitest';
import type { MatchOutcome } from './cascade.js';
import { withdrawConcentratedGroups } from './concentrated-groups.js';

const outcome = (name_norm: string, confidence: number, service_id = 'svc_a', method: MatchOutcome['method'] = 'fuzzy'): MatchOutcome => ({
  name_norm,
  service_id,
  confidence,
  method,
  status: 'normalized',
  candidates: [],
});

describe('match: concentrated groups (DESIGN §4 rule 1)', () => {
  it('withdraws a match below 0.72 when its service collected three distinct names in the clinic', () => {
    const result = withdrawConcentratedGroups([outcome('a', 0.7), outcome('b', 0.9), outcome('c', 0.95)]);
    expect(result.map((r) => r.status)).toEqual(['queued', 'normalized', 'normalized']);
    expect(result[0]).toMatchObject({ service_id: null, method: null });
  });

  it('keeps confident matches even when the service has many name variants', () => {
    const result = withdrawConcentratedGroups([outcome('a', 0.72), outcome('b', 0.8), outcome('c', 0.9), outcome('d', 0.99)]);
    expect(result.every((r) => r.status === 'normalized')).toBe(true);
  });

  it('keeps a weak match outside a concentrated group', () => {
    const result = withdrawConcentratedGroups([outcome('a', 0.65), outcome('b', 0.66, 'svc_b'), outcome('a', 0.65)]);
    expect(result.every((r) => r.status === 'normalized')).toBe(true);
  });

  it('counts distinct names, not repeated lines of one name', () => {
    const result = withdrawConcentratedGroups([outcome('a', 0.65), outcome('a', 0.65), outcome('b', 0.65)]);
    expect(result.every((r) => r.status === 'normalized')).toBe(true);
  });

  it('never withdraws exact names or learned synonyms', () => {
    const result = withdrawConcentratedGroups([outcome('a', 0.7, 'svc_a', 'exact'), outcome('b', 0.7, 'svc_a', 'synonym'), outcome('c', 0.7)]);
    expect(result.map((r) => r.status)).toEqual(['normalized', 'normalized', 'queued']);
  });
});
