import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLowdbStorage } from './lowdb.js';
import type { Position } from './records.js';
import { sampleClinic, samplePosition, samplePriceList, sampleService, sampleWrite } from './sample-records.js';

/** The fields of a list file of pricecat 0.2 (layout 2), as it wrote them. */
const V2_FIELDS = [
  'position_id',
  'raw_name',
  'name_norm',
  'code',
  'section',
  'unit',
  'price',
  'price_nonresident',
  'prices_raw: [column, value, raw (omitted when it is String(value))]',
  'service_id',
  'confidence',
  'method',
  'status',
  'candidates: [service_id, score, method, name (only when not the service name)]',
  'warnings',
  'source: [table, row]',
  'trace (null when none; absent from files written before traces)',
  'kind: s|p|c',
  'package_id',
];
const V2_COLUMNS = [
  ['Цена, тг', 'resident'],
  ['Цена для нерезидентов, тг', 'nonresident'],
];

/** A data directory as pricecat 0.2 left it: catalogue.json, one list file of layout 2, one journal line. */
async function writeVersion2Directory(dir: string): Promise<{ catalogue: string; list: string }> {
  const row2 = ['p-2', 'ЭКГ', 'экг', null, null, null, 3000, null, [[0, 3000]], null, 0.4, null, 'queued', [['svc-ecg', 0.4, 'fuzzy']], ['нет единицы'], ['Лист1', 13], null];
  const list = JSON.stringify({
    version: 2,
    price_list_id: 'pl-1',
    clinic_id: 'c-1',
    fields: V2_FIELDS,
    columns: V2_COLUMNS,
    positions: [
      [
        'p-1',
        'Консультация терапевта',
        'консультация терапевта',
        'A02.004',
        'ПРИЕМ ВРАЧА',
        'услуга',
        12600,
        15000,
        [
          [0, 12600, '12 600'],
          [1, 15000],
        ],
        'svc-therapist',
        0.93,
        'fuzzy',
        'normalized',
        [
          ['svc-therapist', 0.93, 'fuzzy'],
          ['svc-ecg', 0.2, 'fuzzy', 'ЭКГ в покое'],
        ],
        [],
        ['Лист1', 12],
        { stage: 'ranker', signals: { logit: 1.5 } },
        's',
        null,
      ],
      // Written before packages (17 fields) and before traces (16 fields).
      row2,
      ['p-3', 'Осмотр', 'осмотр', null, 'ПРИЕМ ВРАЧА', 'услуга', 5000, null, [[0, 5000]], null, 0, null, 'unrecognized', [], [], ['Лист1', 14]],
    ],
  });
  // A decision journaled after the list was written: p-2 skipped.
  const skipped = [...row2];
  skipped[12] = 'skipped';
  const journal = `${JSON.stringify([['pl-1.m0.json', { version: 2, price_list_id: 'pl-1', clinic_id: 'c-1', fields: V2_FIELDS, columns: V2_COLUMNS, positions: [skipped] }]])}\n`;
  const catalogue = JSON.stringify({
    version: 2,
    services: [sampleService('svc-therapist', { name: 'Прием терапевта' }), sampleService('svc-ecg', { name: 'ЭКГ' })],
    clinics: [sampleClinic('c-1')],
    priceLists: [samplePriceList('pl-1', 'c-1', { position_count: 3 })],
    learnedSynonyms: [],
    skippedItems: [],
    ingestedFiles: [],
    decisions: [],
    settings: {},
    list_files: [['pl-1', 'pl-1.m0.json']],
    journal: { file: 'journal.jsonl', length: Buffer.byteLength(journal) },
  });
  await mkdir(join(dir, 'lists'), { recursive: true });
  await writeFile(join(dir, 'lists', 'pl-1.m0.json'), list, 'utf-8');
  await writeFile(join(dir, 'journal.jsonl'), journal, 'utf-8');
  await writeFile(join(dir, 'catalogue.json'), catalogue, 'utf-8');
  return { catalogue, list };
}

/** What the version 2 directory holds, written out by hand. */
const VERSION_2_POSITIONS: Position[] = [
  {
    position_id: 'p-1',
    price_list_id: 'pl-1',
    clinic_id: 'c-1',
    raw_name: 'Консультация терапевта',
    name_norm: 'консультация терапевта',
    code: 'A02.004',
    section: 'ПРИЕМ ВРАЧА',
    unit: 'услуга',
    price: 12600,
    price_nonresident: 15000,
    price_nonresident_far: null,
    prices_raw: [
      { role: 'resident', value: 12600, raw: '12 600', header: 'Цена, тг' },
      { role: 'nonresident', value: 15000, raw: '15000', header: 'Цена для нерезидентов, тг' },
    ],
    service_id: 'svc-therapist',
    confidence: 0.93,
    method: 'fuzzy',
    status: 'normalized',
    candidates: [
      { service_id: 'svc-therapist', name: 'Прием терапевта', score: 0.93, method: 'fuzzy' },
      { service_id: 'svc-ecg', name: 'ЭКГ в покое', score: 0.2, method: 'fuzzy' },
    ],
    trace: { stage: 'ranker', signals: { logit: 1.5 } },
    warnings: [],
    source: { table: 'Лист1', row: 12 },
    kind: 'service',
    package_id: null,
  },
  {
    position_id: 'p-2',
    price_list_id: 'pl-1',
    clinic_id: 'c-1',
    raw_name: 'ЭКГ',
    name_norm: 'экг',
    code: null,
    section: null,
    unit: null,
    price: 3000,
    price_nonresident: null,
    price_nonresident_far: null,
    prices_raw: [{ role: 'resident', value: 3000, raw: '3000', header: 'Цена, тг' }],
    service_id: null,
    confidence: 0.4,
    method: null,
    status: 'skipped',
    candidates: [{ service_id: 'svc-ecg', name: 'ЭКГ', score: 0.4, method: 'fuzzy' }],
    warnings: ['нет единицы'],
    source: { table: 'Лист1', row: 13 },
    kind: 'service',
    package_id: null,
  },
  {
    position_id: 'p-3',
    price_list_id: 'pl-1',
    clinic_id: 'c-1',
    raw_name: 'Осмотр',
    name_norm: 'осмотр',
    code: null,
    section: 'ПРИЕМ ВРАЧА',
    unit: 'услуга',
    price: 5000,
    price_nonresident: null,
    price_nonresident_far: null,
    prices_raw: [{ role: 'resident', value: 5000, raw: '5000', header: 'Цена, тг' }],
    service_id: null,
    confidence: 0,
    method: null,
    status: 'unrecognized',
    candidates: [],
    warnings: [],
    source: { table: 'Лист1', row: 14 },
    kind: 'service',
    package_id: null,
  },
];

describe('storage: lowdb list files (layout 3; layout 2 still read)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-lists-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads a data directory of pricecat 0.2, then rewrites its list files in layout 3 and keeps the old files as a backup', async () => {
    const old = await writeVersion2Directory(dir);
    const store = await createLowdbStorage({ dir });
    expect(await store.listPositions()).toEqual(VERSION_2_POSITIONS);
    expect(trace(await store.getPosition('p-2'))).toBe(false);
    await store.whenUpgraded();
    const [name, ...others] = await readdir(join(dir, 'lists'));
    expect(others).toEqual([]);
    expect(name).not.toBe('pl-1.m0.json');
    expect(JSON.parse(await readFile(join(dir, 'lists', name!), 'utf-8')).version).toBe(3);
    // The list files as pricecat 0.2 left them are in the backup, with the catalogue and journal they go with
    // (the catalogue already without its decision log: pricecat 0.2's own file is `catalogue.json.v2-backup`).
    expect(await readFile(join(dir, 'lists.v2-backup', 'pl-1.m0.json'), 'utf-8')).toBe(old.list);
    expect(await readFile(join(dir, 'catalogue.json.v2-backup'), 'utf-8')).toBe(old.catalogue);
    const backedUp = JSON.parse(await readFile(join(dir, 'lists.v2-backup', 'catalogue.json'), 'utf-8'));
    expect(backedUp.list_files).toEqual([['pl-1', 'pl-1.m0.json']]);
    expect(await readdir(join(dir, 'lists.v2-backup'))).toContain('journal.jsonl');
    expect(JSON.parse(await readFile(join(dir, 'catalogue.json'), 'utf-8')).version).toBe(3);
    await store.close();

    const reopened = await createLowdbStorage({ dir });
    try {
      expect(await reopened.listPositions()).toEqual(VERSION_2_POSITIONS);
      expect(trace(await reopened.getPosition('p-2'))).toBe(false);
    } finally {
      await reopened.close();
    }
  });

  it('leaves layout 2 files as they are when told not to rewrite them, and writes a list it changes in layout 3', async () => {
    const old = await writeVersion2Directory(dir);
    const store = await createLowdbStorage({ dir, upgradeLists: false });
    await store.whenUpgraded();
    await store.savePriceList(sampleWrite('c-2', 'pl-2', [samplePosition('p-9', 'pl-2', 'c-2')]));
    await store.close();
    expect(await readFile(join(dir, 'lists', 'pl-1.m0.json'), 'utf-8')).toBe(old.list);
    const catalogue = JSON.parse(await readFile(join(dir, 'catalogue.json'), 'utf-8'));
    const newName = (catalogue.list_files as [string, string][]).find(([id]) => id === 'pl-2')![1];
    expect(JSON.parse(await readFile(join(dir, 'lists', newName), 'utf-8')).version).toBe(3);
    const reopened = await createLowdbStorage({ dir, upgradeLists: false });
    try {
      expect((await reopened.listPositions()).map((p) => p.position_id)).toEqual(['p-1', 'p-2', 'p-3', 'p-9']);
      // Written again (a position added to it), the list goes to layout 3 and its layout 2 file to the backup.
      await reopened.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-4', 'pl-1', 'c-1')]));
      expect(await readdir(join(dir, 'lists'))).not.toContain('pl-1.m0.json');
      expect(await readFile(join(dir, 'lists.v2-backup', 'pl-1.m0.json'), 'utf-8')).toBe(old.list);
      expect((await reopened.listPositions({ price_list_id: 'pl-1' })).map((p) => p.position_id)).toEqual(['p-1', 'p-2', 'p-3', 'p-4']);
    } finally {
      await reopened.close();
    }
  });

  it('finishes an upgrade stopped in the middle at the next start', async () => {
    // Two lists of 12,000 positions: the rewrite takes them in two batches.
    const listIds = ['pl-a', 'pl-b'];
    const rows = (listId: string) =>
      Array.from({ length: 12_000 }, (_, i) => [`${listId}-${i}`, `Анализ ${i}`, `анализ ${i}`, null, 'ЛАБОРАТОРИЯ', 'услуга', 1000 + i, null, [[0, 1000 + i]], null, 0, null, 'unrecognized', [], [], ['Лист1', i + 2], null, 's', null]);
    await mkdir(join(dir, 'lists'), { recursive: true });
    for (const listId of listIds) {
      const file = { version: 2, price_list_id: listId, clinic_id: 'c-1', fields: V2_FIELDS, columns: V2_COLUMNS, positions: rows(listId) };
      await writeFile(join(dir, 'lists', `${listId}.m0.json`), JSON.stringify(file), 'utf-8');
    }
    const catalogue = {
      version: 2,
      services: [],
      clinics: [sampleClinic('c-1')],
      priceLists: listIds.map((id) => samplePriceList(id, 'c-1', { position_count: 12_000 })),
      learnedSynonyms: [],
      skippedItems: [],
      ingestedFiles: [],
      decisions: [],
      settings: {},
      list_files: listIds.map((id) => [id, `${id}.m0.json`]),
    };
    await writeFile(join(dir, 'catalogue.json'), JSON.stringify(catalogue), 'utf-8');
    const versions = async () => {
      const names = (await readdir(join(dir, 'lists'))).sort();
      return Promise.all(names.map(async (name) => [name.slice(0, 4), JSON.parse(await readFile(join(dir, 'lists', name), 'utf-8')).version]));
    };

    // Closed at once: the batch under way is finished, the next one is not started.
    await (await createLowdbStorage({ dir })).close();
    expect(await versions()).toEqual([
      ['pl-a', 3],
      ['pl-b', 2],
    ]);
    const store = await createLowdbStorage({ dir });
    try {
      await store.whenUpgraded();
      expect(await versions()).toEqual([
        ['pl-a', 3],
        ['pl-b', 3],
      ]);
      expect((await readdir(join(dir, 'lists.v2-backup'))).sort()).toEqual(['catalogue.json', 'pl-a.m0.json', 'pl-b.m0.json']);
      const positions = await store.listPositions();
      expect(positions).toHaveLength(24_000);
      expect(positions[23_999]).toMatchObject({ position_id: 'pl-b-11999', raw_name: 'Анализ 11999', price: 12_999, source: { table: 'Лист1', row: 12_001 } });
    } finally {
      await store.close();
    }
  });

  it('keeps every field of a position through a layout 3 file, with the repeated values stored once and the texts last', async () => {
    const services = [sampleService('svc-therapist', { name: 'Прием терапевта' })];
    const positions: Position[] = [
      samplePosition('p-1', 'pl-1', 'c-1', {
        candidates: [{ service_id: 'svc-therapist', name: 'Терапевт (старое имя)', score: 0.93, method: 'fuzzy' }],
        trace: { stage: 'decision', decision: 'clinic:dec_1' },
        warnings: ['цена «от»'],
      }),
      samplePosition('p-2', 'pl-1', 'c-1', { kind: 'package', raw_name: 'Чек-ап «Сердце»', name_norm: 'чек ап сердце' }),
      samplePosition('p-3', 'pl-1', 'c-1', { kind: 'component', package_id: 'p-2', code: null, section: null, unit: null, price_nonresident: null, prices_raw: [] }),
      samplePosition('p-4', 'pl-1', 'c-1'),
    ];
    const store = await createLowdbStorage({ dir });
    await store.saveServices(services);
    await store.savePriceList(sampleWrite('c-1', 'pl-1', positions));
    await store.close();
    const [name] = await readdir(join(dir, 'lists'));
    const text = await readFile(join(dir, 'lists', name!), 'utf-8');
    const file = JSON.parse(text);
    expect(file.version).toBe(3);
    // p-1, p-2 and p-4 have one set of prices; p-4 has the candidates and trace of no other position but p-2's.
    expect(file.cells).toHaveLength(2);
    expect(file.matches).toHaveLength(2);
    expect(text.split('ПРИЕМ ВРАЧА').length - 1).toBe(1);
    // Everything up to the positions is plain ASCII (the Cyrillic candidate name is escaped); the texts come after.
    expect(text.slice(0, text.indexOf('"columns":'))).toMatch(/^[\x20-\x7e]+$/);
    expect(text.indexOf('"texts":')).toBeGreaterThan(text.indexOf('"positions":'));
    const reopened = await createLowdbStorage({ dir });
    try {
      expect(await reopened.listPositions()).toEqual(positions);
    } finally {
      await reopened.close();
    }
  });

  it('refuses a list file of a newer layout, naming it, and leaves it alone', async () => {
    const store = await createLowdbStorage({ dir });
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
    await store.close();
    const [name] = await readdir(join(dir, 'lists'));
    const file = join(dir, 'lists', name!);
    const newer = JSON.stringify({ ...JSON.parse(await readFile(file, 'utf-8')), version: 4 });
    await writeFile(file, newer, 'utf-8');
    await expect(createLowdbStorage({ dir })).rejects.toThrow(`Файл данных ${file} записан более новой версией pricecat (формат 4, эта версия читает 3)`);
    expect(await readFile(file, 'utf-8')).toBe(newer);
  });

  it('refuses a layout 3 file whose rows point past its tables, and leaves it alone', async () => {
    const store = await createLowdbStorage({ dir });
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
    await store.close();
    const [name] = await readdir(join(dir, 'lists'));
    const file = join(dir, 'lists', name!);
    const parsed = JSON.parse(await readFile(file, 'utf-8'));
    parsed.positions[0][13] = 7; // a match the file does not have
    const damaged = JSON.stringify(parsed);
    await writeFile(file, damaged, 'utf-8');
    await expect(createLowdbStorage({ dir })).rejects.toThrow(`Файл данных ${file} повреждён`);
    expect(await readFile(file, 'utf-8')).toBe(damaged);
  });
});

function trace(position: Position | null): boolean {
  return position !== null && 'trace' in position;
}
