import { describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { createCatalogue } from './create-catalogue.js';

describe('the dictionary listing searched by words (the service picker)', () => {
  it('offers the entry named as typed first, then the longer names that hold the words', async () => {
    const catalogue = await createCatalogue({ services: await loadDefaultDictionary() });
    const names = (await catalogue.listServices({ q: 'прием терапевта', limit: 10 })).items.map((s) => s.name);
    expect(names[0]).toBe('Прием терапевта');
    expect(names).toContain('Прием мануального терапевта');
    const massage = (await catalogue.listServices({ q: 'массаж', limit: 50 })).items.map((s) => s.name);
    // Names that start with the word come before names that only hold it.
    const firstHolding = massage.findIndex((name) => !name.toLowerCase().startsWith('массаж'));
    expect(firstHolding).toBeGreaterThan(0);
    expect(massage.slice(firstHolding).every((name) => !name.toLowerCase().startsWith('массаж'))).toBe(true);
  });

  it('keeps the dictionary order when no words are given', async () => {
    const services = await loadDefaultDictionary();
    const catalogue = await createCatalogue({ services });
    const page = await catalogue.listServices({ limit: 5 });
    expect(page.total).toBe(services.length);
    expect(page.items.map((s) => s.service_id)).toEqual(services.slice(0, 5).map((s) => s.service_id));
  });
});
