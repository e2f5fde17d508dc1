import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PricecatError } from '../errors.js';
import { createLowdbStorage, createLowdbStorageInDir } from './lowdb.js';
import { mulberry32, queryAnswers } from './query-answers.js';
import type { Decision } from './records.js';
import { sampleClinic, samplePosition, sampleService, sampleWrite } from './sample-records.js';
import { defineStorageSuite } from './storage.suite.js';

describe('storage: lowdb', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  defineStorageSuite(() => createLowdbStorage({ dir: join(dir, 'db') }), { persistent: true });

  it('keeps a small catalogue file and one compact file per price list, headers once per list', async () => {
    const store = await createLowdbStorageInDir(join(dir, 'data'));
    await store.saveServices([sampleService('svc-therapist', { name: 'Прием терапевта' })]);
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1'), samplePosition('p-2', 'pl-1', 'c-1')]));
    await store.close();
    const catalogue = JSON.parse(await readFile(join(dir, 'data', 'catalogue.json'), 'utf-8'));
    expect(catalogue.version).toBe(3);
    expect(catalogue.clinics).toEqual([sampleClinic('c-1')]);
    expect(catalogue.positions).toBeUndefined();
    const [[listId, name]] = catalogue.list_files;
    expect(listId).toBe('pl-1');
    const text = await readFile(join(dir, 'data', 'lists', name), 'utf-8');
    const list = JSON.parse(text);
    expect(list.columns).toEqual([
      ['Цена для резидентов, тг', 'resident'],
      ['Цена для нерезидентов, тг', 'nonresident'],
    ]);
    expect(list.positions).toHaveLength(2);
    // The header is stored once, the candidate's name not at all (it is the service's).
    expect(text.split('Цена для резидентов').length - 1).toBe(1);
    expect(text).not.toContain('Прием терапевта');
  });

  it('logs a decision as one appended line, journals it with the next write, and folds the journal into the lists past its limit', async () => {
    const store = await createLowdbStorage({ dir, journalLimit: 1000 });
    const queued = { status: 'queued', service_id: null, method: null } as const;
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1', queued), samplePosition('p-3', 'pl-1', 'c-1', queued)]));
    await store.savePriceList(sampleWrite('c-2', 'pl-2', [samplePosition('p-2', 'pl-2', 'c-2', queued)]));
    const before = await readdir(join(dir, 'lists'));
    const skip = async (id: string) => {
      const previous = (await store.getPosition(id))!;
      const decision: Decision = {
        decision_id: `d-${id}`,
        action: 'skip',
        created_at: '2024-03-02T10:00:00.000Z',
        service_id: null,
        previous: [previous],
        synonym: null,
        replaced_synonym: null,
        skipped_items: [],
      };
      await store.saveDecision({ decision, positions: [{ ...previous, status: 'skipped' }] });
    };
    const catalogueBefore = await readFile(join(dir, 'catalogue.json'), 'utf-8');
    await skip('p-1');
    // No list file, no catalogue.json, no journal was written: the decision is one line of the decision log.
    expect(await readdir(join(dir, 'lists'))).toEqual(before);
    expect(await readFile(join(dir, 'catalogue.json'), 'utf-8')).toBe(catalogueBefore);
    expect(existsSync(join(dir, 'journal.jsonl'))).toBe(false);
    const logged = (await readFile(join(dir, 'decisions.jsonl'), 'utf-8')).split('\n');
    expect(logged).toHaveLength(2);
    expect(JSON.parse(logged[0]!)).toMatchObject({ decision: { decision_id: 'd-p-1' }, set: [['p-1', null, null, 0.93, 'skipped']] });
    // The next write of catalogue.json journals the decided position and accounts for the log line.
    await store.setSetting('a', 'b');
    expect((await readFile(join(dir, 'journal.jsonl'), 'utf-8')).split('\n').filter(Boolean)).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dir, 'catalogue.json'), 'utf-8')).decision_log).toEqual({
      file: 'decisions.jsonl',
      applied: Buffer.byteLength(logged[0]!) + 1,
    });
    await skip('p-3');
    await store.setSetting('a', 'c');
    await store.setSetting('x', 'y'); // the compaction queued after the write above runs before this one
    // Past the limit, pl-1 was rewritten with both decisions in it, pl-2 left alone, the journal restarted.
    const after = await readdir(join(dir, 'lists'));
    expect(after).toContain(before.find((name) => name.startsWith('pl-2')));
    expect(after.find((name) => name.startsWith('pl-1'))).not.toBe(before.find((name) => name.startsWith('pl-1')));
    expect(existsSync(join(dir, 'journal.jsonl'))).toBe(false);
    await store.close();
    const reopened = await createLowdbStorage({ dir });
    expect((await reopened.listPositions()).map((p) => p.status)).toEqual(['skipped', 'skipped', 'queued']);
    expect(await reopened.listDecisions()).toHaveLength(2);
    await reopened.close();
  });

  it('replays the journal at start and cuts off a line that was never committed', async () => {
    const store = await createLowdbStorage({ dir });
    const queued = { status: 'queued', service_id: null, method: null } as const;
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1', queued)]));
    await store.updatePositions([samplePosition('p-1', 'pl-1', 'c-1', { status: 'skipped' })]);
    await store.close();
    const journal = join(dir, 'journal.jsonl');
    const committed = await readFile(journal, 'utf-8');
    // What a kill -9 between the journal append and the commit leaves: a line catalogue.json does not count.
    await writeFile(journal, `${committed}[["x", {"half": `, 'utf-8');
    const reopened = await createLowdbStorage({ dir });
    expect((await reopened.getPosition('p-1'))?.status).toBe('skipped');
    expect(await readFile(journal, 'utf-8')).toBe(committed);
    await reopened.close();
  });

  it('refuses a truncated catalogue file with an error naming it, and leaves it alone', async () => {
    await writeFile(join(dir, 'catalogue.json'), '{"version": 2, "clinics": [', 'utf-8');
    const error = await createLowdbStorage({ dir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PricecatError);
    expect((error as PricecatError).code).toBe('STORAGE_FAILED');
    expect((error as PricecatError).message).toContain(`Файл данных ${join(dir, 'catalogue.json')} повреждён`);
    expect((error as PricecatError).message).toContain('Восстановите его из резервной копии');
    expect(await readFile(join(dir, 'catalogue.json'), 'utf-8')).toBe('{"version": 2, "clinics": [');
    // The refusal released the lock: once the file is fixed, the store opens.
    await rm(join(dir, 'catalogue.json'));
    await (await createLowdbStorage({ dir })).close();
  });

  it('refuses a truncated list file with an error naming that file, and leaves it alone', async () => {
    const store = await createLowdbStorage({ dir });
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
    await store.close();
    const [name] = await readdir(join(dir, 'lists'));
    const file = join(dir, 'lists', name!);
    const text = await readFile(file, 'utf-8');
    await writeFile(file, text.slice(0, text.length / 2), 'utf-8');
    await expect(createLowdbStorage({ dir })).rejects.toThrow(`Файл данных ${file} повреждён`);
    expect(await readFile(file, 'utf-8')).toBe(text.slice(0, text.length / 2));
  });

  it('refuses files of a newer pricecat and JSON that is not a pricecat catalogue', async () => {
    await writeFile(join(dir, 'catalogue.json'), '[1, 2, 3]', 'utf-8');
    await expect(createLowdbStorage({ dir })).rejects.toThrow(/повреждён \(нет объекта верхнего уровня\)/);
    await writeFile(join(dir, 'catalogue.json'), '{"version": 4, "clinics": []}', 'utf-8');
    await expect(createLowdbStorage({ dir })).rejects.toThrow(/записан более новой версией pricecat/);
  });

  it('ignores, and removes, list files of a write that crashed before its commit', async () => {
    const store = await createLowdbStorage({ dir });
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
    await store.close();
    // What a kill -9 between the list file and catalogue.json leaves: a list file nothing names.
    await writeFile(join(dir, 'lists', 'pl-2.crashed.json'), '{"version": 2, "positi', 'utf-8');
    const reopened = await createLowdbStorage({ dir });
    expect((await reopened.listPositions()).map((p) => p.position_id)).toEqual(['p-1']);
    expect(existsSync(join(dir, 'lists', 'pl-2.crashed.json'))).toBe(false);
    await reopened.close();
  });

  it('keeps the last committed data readable after a failed write, and writes again once it can', async () => {
    const store = await createLowdbStorage({ dir });
    await store.savePriceList(sampleWrite('c-1', 'pl-1', [samplePosition('p-1', 'pl-1', 'c-1')]));
    // A real failure of the file system: catalogue.json is written to `<file>.<pid>.tmp` and renamed; a
    // directory in that place makes the write fail (EISDIR) even for root, unlike a chmod.
    const obstacle = join(dir, `catalogue.json.${process.pid}.tmp`);
    await mkdir(obstacle);
    const failed = await store
      .savePriceList(sampleWrite('c-2', 'pl-2', [samplePosition('p-2', 'pl-2', 'c-2')]))
      .catch((caught: unknown) => caught);
    expect(failed).toBeInstanceOf(PricecatError);
    expect((failed as PricecatError).message).toContain(`Не удалось записать в папку данных ${dir}`);
    expect((await store.listPriceLists()).map((list) => list.price_list_id)).toEqual(['pl-1']);
    expect((await store.listPositions()).map((position) => position.position_id)).toEqual(['p-1']);

    await rmdir(obstacle);
    await store.savePriceList(sampleWrite('c-3', 'pl-3', []));
    await store.close();
    const reopened = await createLowdbStorage({ dir });
    expect((await reopened.listPriceLists()).map((list) => list.price_list_id)).toEqual(['pl-1', 'pl-3']);
    expect((await reopened.listPositions()).map((position) => position.position_id)).toEqual(['p-1']);
    await reopened.close();
  });

  it('saves every change accepted before close', async () => {
    const store = await createLowdbStorage({ dir });
    const pending = store.setSetting('language', 'kk');
    await store.close();
    await pending;
    await expect(store.listClinics()).rejects.toThrow(/закрыто; откройте его снова/);
    const reopened = await createLowdbStorage({ dir });
    expect(await reopened.getSetting('language')).toBe('kk');
    await reopened.close();
  });

  it('lets one process write a data directory: a second gets an error naming the first and its URL', async () => {
    const store = await createLowdbStorage({ dir });
    await store.setOwnerUrl('http://127.0.0.1:8080');
    const error = await createLowdbStorage({ dir }).catch((caught: unknown) => caught);
    expect((error as PricecatError).code).toBe('STORAGE_FAILED');
    expect((error as PricecatError).message).toContain(`pid ${process.pid}`);
    expect((error as PricecatError).message).toContain('обслуживает http://127.0.0.1:8080');
    await store.close();
    expect(existsSync(join(dir, 'pricecat.lock'))).toBe(false);
    await (await createLowdbStorage({ dir })).close();
  });

  it('takes over the lock of a process that is gone (a crash)', async () => {
    const dead = { pid: 2 ** 22 + 12345, host: hostname(), started_at: '2024-01-01T00:00:00.000Z', command: 'pricecat serve', url: null };
    await writeFile(join(dir, 'pricecat.lock'), JSON.stringify(dead), 'utf-8');
    const store = await createLowdbStorage({ dir });
    expect(JSON.parse(await readFile(join(dir, 'pricecat.lock'), 'utf-8')).pid).toBe(process.pid);
    await store.close();
  });

  it('stores a column carrying two roles once, with its second roles, and reads files written before them', async () => {
    const both = 'Цена для лиц без гражданства из стран ближнего и дальнего зарубежья';
    const cell = (role: 'nonresident' | 'nonresident_far', value: number, also?: ['nonresident_far']) => ({
      role,
      value,
      raw: String(value),
      header: both,
      ...(also ? { also_roles: also } : {}),
    });
    const first = await createLowdbStorage({ dir });
    await first.savePriceList(
      sampleWrite('c-1', 'pl-1', [
        samplePosition('p-1', 'pl-1', 'c-1', { price: null, price_nonresident: 4800, price_nonresident_far: 4800, prices_raw: [cell('nonresident', 4800, ['nonresident_far'])] }),
        samplePosition('p-2', 'pl-1', 'c-1', { price: null, price_nonresident: 8400, price_nonresident_far: 8400, prices_raw: [cell('nonresident', 8400, ['nonresident_far'])] }),
        samplePosition('p-3', 'pl-1', 'c-1', { price: null, price_nonresident: 9240, price_nonresident_far: 9240, prices_raw: [cell('nonresident_far', 9240)] }),
      ]),
    );
    await first.close();
    const listDir = join(dir, 'lists');
    const [name] = await readdir(listDir);
    const file = JSON.parse(await readFile(join(listDir, name!), 'utf-8'));
    expect(file.columns).toEqual([
      [both, 'nonresident', ['nonresident_far']],
      [both, 'nonresident_far'],
    ]);
    // The file of a pricecat that kept the first role only: `[header, role]` columns.
    file.columns = file.columns.map((column: unknown[]) => column.slice(0, 2));
    await writeFile(join(listDir, name!), JSON.stringify(file), 'utf-8');
    const reopened = await createLowdbStorage({ dir });
    try {
      const read = await reopened.listPositions();
      expect(read.map((p) => [p.prices_raw[0]!.also_roles, p.price_nonresident, p.price_nonresident_far])).toEqual([
        [undefined, 4800, null],
        [undefined, 8400, null],
        [undefined, 9240, 9240],
      ]);
    } finally {
      await reopened.close();
    }
  });

  it('migrates a single-file store of an older pricecat and keeps the old file as a backup', async () => {
    const positions = [samplePosition('p-1', 'pl-1', 'c-1'), samplePosition('p-2', 'pl-2', 'c-1')];
    const legacy = {
      version: 1,
      services: [sampleService('svc-therapist')],
      clinics: [sampleClinic('c-1')],
      priceLists: [sampleWrite('c-1', 'pl-1', []).priceList, sampleWrite('c-1', 'pl-2', []).priceList],
      positions,
      learnedSynonyms: [],
      skippedItems: [],
      ingestedFiles: [],
      decisions: [],
      settings: { watch_folder: '/srv/prices' },
    };
    const text = JSON.stringify(legacy);
    await writeFile(join(dir, 'pricecat.json'), text, 'utf-8');
    const store = await createLowdbStorage({ dir });
    expect(await store.listPositions()).toEqual(positions);
    expect(await store.getSetting('watch_folder')).toBe('/srv/prices');
    await store.close();
    expect(existsSync(join(dir, 'pricecat.json'))).toBe(false);
    expect(await readFile(join(dir, 'pricecat.json.v1-backup'), 'utf-8')).toBe(text);
    const reopened = await createLowdbStorage({ dir });
    expect(await reopened.listPositions()).toEqual(positions);
    await reopened.close();
  });
});

describe('storage: lowdb, its query port', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pricecat-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  // Property: the port a store updates write by write answers as the port of the same store reopened
  // (rebuilt from its files), after random ingests, decisions, undos and position updates.
  for (const seed of [11, 12, 13, 14]) {
    it(`answers after random writes as it does after a reopen (seed ${seed})`, async () => {
      const random = mulberry32(seed);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const names = ['узи почек', 'оак', 'бахилы'];
      const store = await createLowdbStorage({ dir });
      let lists = 0;
      let decisions = 0;
      for (let step = 0; step < 40; step++) {
        const kind = random();
        const all = await store.listPositions();
        const undecided = all.filter((p) => p.status === 'queued' || p.status === 'unrecognized');
        if (kind < 0.3 || all.length === 0) {
          lists++;
          const clinic = `c-${1 + Math.floor(random() * 3)}`;
          const positions = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, i) => {
            const status = pick(['normalized', 'queued', 'unrecognized'] as const);
            return samplePosition(`p-${lists}-${i}`, `pl-${lists}`, clinic, {
              name_norm: pick(names),
              status,
              service_id: status === 'normalized' ? 's-1' : null,
              confidence: Math.round(random() * 4) / 4,
            });
          });
          await store.savePriceList(sampleWrite(clinic, `pl-${lists}`, positions));
        } else if (kind < 0.7 && undecided.length > 0) {
          const target = pick(undecided);
          const namesakes = undecided.filter((p) => p.name_norm === target.name_norm);
          const skip = random() < 0.5;
          const previous = skip ? [target] : namesakes;
          const decision: Decision = {
            decision_id: `d-${++decisions}`,
            action: skip ? 'skip' : 'match',
            created_at: `2024-03-02T10:00:${String(decisions % 60).padStart(2, '0')}.000Z`,
            service_id: skip ? null : 's-2',
            previous,
            synonym: null,
            replaced_synonym: null,
            skipped_items: [],
          };
          const positions = previous.map((p) =>
            skip ? { ...p, status: 'skipped' as const } : { ...p, status: 'normalized' as const, service_id: 's-2', method: 'manual' as const, confidence: 1 },
          );
          await store.saveDecision({ decision, positions });
        } else if (kind < 0.85) {
          const last = (await store.listDecisions()).at(-1);
          if (last) await store.revertDecision(last.decision_id);
        } else {
          const p = pick(all);
          await store.updatePositions([{ ...p, status: 'normalized', service_id: 's-3', method: 'manual', confidence: 1 }]);
        }
      }
      const live = await queryAnswers(store.queries!, names);
      await store.close();
      const reopened = await createLowdbStorage({ dir });
      expect(await queryAnswers(reopened.queries!, names)).toEqual(live);
      await reopened.close();
    });
  }
});
