import { beforeAll, describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../../dictionary/default-dictionary.js';
import type { Service } from '../../storage/records.js';
import { createMatcher } from '../cascade.js';
import { FEATURES } from './features.js';

let services: Service[];
beforeAll(async () => {
  services = await loadDefaultDictionary();
});

describe('match: the ranker reads the row\'s tariff code against each candidate\'s (code_exact)', () => {
  const codeExact = FEATURES.findIndex((f) => f.name === 'code_exact');

  it('marks the sibling whose tariff code the row states, not the one of another code', () => {
    // A specific-IgE row of Клиника 3 coded as the ИХЛ entry (B06.457.006, here with the clinic's sub-code .247).
    const matcher = createMatcher({ services, ranker: null });
    const { candidates } = matcher.features({ raw_name: 'Кунжут, f10', code: 'B06.457.006.247', section: 'Пищевые аллергены' });
    const byName = new Map(candidates.map((c) => [c.name, c.features[codeExact]]));
    expect(byName.get('IgE специфический возбудители')).toBe(1);
    expect(byName.get('IgE специфический аллергены')).toBe(0);
  });

  it('marks nothing for a row without a tariff code', () => {
    const matcher = createMatcher({ services, ranker: null });
    const { candidates } = matcher.features({ raw_name: 'Кунжут, f10', code: null, section: 'Пищевые аллергены' });
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.every((c) => c.features[codeExact] === 0)).toBe(true);
  });
});
