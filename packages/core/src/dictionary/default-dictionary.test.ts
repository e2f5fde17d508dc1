import { describe, it, expect } from 'vitest';
import { loadDefaultDictionary } from './default-dictionary.js';

describe('dictionary: the bundled client dictionary', () => {
  it('loads 1,281 services in 122 specialties with the same ids on every load', async () => {
    const first = await loadDefaultDictionary();
    const second = await loadDefaultDictionary();
    expect(first).toHaveLength(1281);
    expect(new Set(first.map((s) => s.category)).size).toBe(122);
    expect(new Set(first.map((s) => s.service_id)).size).toBe(1281);
    expect(second.map((s) => s.service_id)).toEqual(first.map((s) => s.service_id));
  });
});
