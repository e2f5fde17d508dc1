import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memory.js';
import { sampleWrite } from './sample-records.js';
import { defineStorageSuite } from './storage.suite.js';

describe('storage: memory', () => {
  defineStorageSuite(() => createMemoryStorage());

  it('keeps two stores apart', async () => {
    const first = createMemoryStorage();
    const second = createMemoryStorage();
    await first.savePriceList(sampleWrite('c-1', 'pl-1', []));
    expect(await second.listPriceLists()).toEqual([]);
  });
});
