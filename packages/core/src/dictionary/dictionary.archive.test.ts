import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { loadDictionary } from './load-dictionary.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const dataDir = process.env.PRICECAT_DATA_DIR ?? join(repoRoot, '..', 'shared', 'data');
const file = join(dataDir, 'dictionary', 'Справочник услуг.xlsx');

describe.skipIf(!existsSync(file))(`dictionary: the client's file (${file})`, () => {
  const load = async () => loadDictionary(new Uint8Array(await readFile(file)), 'Справочник услуг.xlsx');

  it('gives 1,281 services in 122 specialties, the 5 blank rows skipped', async () => {
    const services = await load();
    expect(services).toHaveLength(1281);
    expect(new Set(services.map((s) => s.category)).size).toBe(122);
  });

  it('carries no #REF! anywhere', async () => {
    expect(JSON.stringify(await load())).not.toContain('#REF');
  });

  it('keeps the 1,204 tariff codes, all Latin, the three Cyrillic-В ones mapped', async () => {
    const services = await load();
    const codes = services.map((s) => s.tariff_code).filter((code): code is string => code !== null);
    expect(codes).toHaveLength(1204);
    expect(codes.every((code) => /^[A-Z]\d{2}\.\d{3}\.\d{3}/.test(code))).toBe(true);
    expect(codes).toEqual(expect.arrayContaining(['B06.863.005', 'B06.864.005', 'B09.863.020']));
  });

  it('keeps a name listed under several specialties once per specialty', async () => {
    const services = await load();
    const byName = new Map<string, number>();
    for (const s of services) byName.set(s.name, (byName.get(s.name) ?? 0) + 1);
    expect([...byName.values()].filter((count) => count > 1)).toHaveLength(43);
  });

  it('gives unique ids, identical across two loads', async () => {
    const first = await load();
    const second = await load();
    expect(new Set(first.map((s) => s.service_id)).size).toBe(first.length);
    expect(second.map((s) => s.service_id)).toEqual(first.map((s) => s.service_id));
  });
});
