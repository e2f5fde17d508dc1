import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresTarget } from '../../test/helpers/postgres-cluster.js';
import { xlsxFile } from '../../test/helpers/files.js';
import { serviceIdFor } from '../dictionary/service-id.js';
import { isPricecatError } from '../errors.js';
import { normalizeName } from '../match/normalize.js';
import { PROPOSAL_MEMBERS_SHOWN } from '../contract/limits.js';
import { createMemoryStorage } from '../storage/memory.js';
import { createPostgresStorage } from '../storage/postgres.js';
import type { Service } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import type { Catalogue } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

const entry = (name: string, category: string): Service => ({
  service_id: serviceIdFor(category, name),
  name,
  name_norm: normalizeName(name),
  category,
  tariff_code: null,
  origin: 'dictionary',
});
const DICTIONARY = [entry('Прием терапевта', 'Терапевт'), entry('Общий анализ крови', 'Общая клиника')];

const list = (rows: readonly (readonly [string, number])[]) =>
  xlsxFile([['№', 'Наименование услуги', 'Цена, тенге'], ...rows.map(([name, price], i) => [i + 1, name, price])]);

const CLINIC_A = list([
  ['Прием терапевта', 5000],
  ['Микрореакция', 1240],
  ['УВЧ-терапия', 3000],
  ['Вирус гепатита В (качественный)', 9000],
  ['Триптаза', 7000],
]);
const CLINIC_B = list([
  ['Микрореакция', 1350],
  ['УВЧ терапия', 3200],
  ['Вирус гепатита В (качественный)', 9100],
  ['Вирус гепатита С (качественный)', 9500],
]);

// On PostgreSQL too: there the proposals are grouped in SQL and a service's members read in one query.
const target = postgresTarget();
const STORES: readonly (readonly [string, string | undefined, () => Promise<Storage>])[] = [
  ['memory', undefined, async () => createMemoryStorage()],
  ['postgres', target.skip, async () => createPostgresStorage({ connectionString: await createTestDatabase(target.url!, 'grow'), schema: 'grow' })],
];
let openStore: () => Promise<Storage> = STORES[0]![2];
const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

async function newCatalogue(): Promise<Catalogue> {
  const storage = await openStore();
  opened.push(storage);
  return createCatalogue({ storage, services: DICTIONARY });
}

async function twoClinics(): Promise<Catalogue> {
  const catalogue = await newCatalogue();
  await catalogue.ingest({ fileName: 'Клиника Альфа прайс 2025.xlsx', bytes: CLINIC_A });
  await catalogue.ingest({ fileName: 'Клиника Бета прайс 2025.xlsx', bytes: CLINIC_B });
  return catalogue;
}

async function rejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isPricecatError(error)) return error.code;
    throw error;
  }
  throw new Error('expected a rejection');
}

for (const [store, skip, open] of STORES) {
  describe.skipIf(skip !== undefined)(`growing the dictionary (${store} store${skip ? `, skipped: ${skip}` : ''})`, () => {
    beforeEach(() => {
      openStore = open;
    });

    it('proposes one service per name that two clinics share, and none for a name only one clinic has', async () => {
      const catalogue = await twoClinics();
      const page = await catalogue.listServiceProposals();
      const names = page.items.map((p) => p.members.map((m) => m.raw_name).sort());
      expect(names).toEqual(
        expect.arrayContaining([
          ['Микрореакция', 'Микрореакция'],
          ['УВЧ терапия', 'УВЧ-терапия'],
          ['Вирус гепатита В (качественный)', 'Вирус гепатита В (качественный)'],
        ]),
      );
      expect(page.total).toBe(3);
      expect(page.items.every((p) => p.clinics === 2 && p.positions === 2)).toBe(true);
      expect(names.flat()).not.toContain('Вирус гепатита С (качественный)');
      expect(names.flat()).not.toContain('Триптаза');
    });

    it('filters by the number of clinics and pages the result', async () => {
      const catalogue = await twoClinics();
      expect((await catalogue.listServiceProposals({ min_clinics: 3 })).total).toBe(0);
      const page = await catalogue.listServiceProposals({ min_clinics: 2, limit: 1, offset: 1 });
      expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
      expect(page.items).toHaveLength(1);
      expect(await rejection(catalogue.listServiceProposals({ min_clinics: 0 }))).toBe('INVALID_INPUT');
    });

    it('gives a proposal the same id after a restart of the read model (another ingest)', async () => {
      const catalogue = await twoClinics();
      const before = (await catalogue.listServiceProposals()).items.map((p) => p.proposal_id).sort();
      await catalogue.ingest({ fileName: 'Клиника Гамма прайс 2025.xlsx', bytes: list([['Прием терапевта', 4000]]) });
      const after = (await catalogue.listServiceProposals()).items.map((p) => p.proposal_id).sort();
      expect(after).toEqual(before);
    });

    it('creates a service from a proposal: members normalized by hand, the next upload matched by synonym', async () => {
      const catalogue = await twoClinics();
      const proposal = (await catalogue.listServiceProposals()).items.find((p) => p.key.includes('увч'))!;
      // A name of its own, so that the next upload matches by the learned synonym, not by the exact name.
      const name = 'Ультравысокочастотная терапия';
      const created = await catalogue.createService({ name, category: 'Физиотерапевт', proposal_id: proposal.proposal_id });
      // «УВЧ-терапия» and «УВЧ терапия» have one name_norm: one synonym.
      expect(created).toMatchObject({ name, category: 'Физиотерапевт', origin: 'created', normalized_positions: 2, learned_synonyms: 1 });

      const members = (await catalogue.listPositions({ service_id: created.service_id })).items;
      expect(members.map((p) => [p.raw_name, p.status, p.method])).toEqual([
        ['УВЧ-терапия', 'normalized', 'manual'],
        ['УВЧ терапия', 'normalized', 'manual'],
      ]);
      expect((await catalogue.listServices({ origin: 'created' })).items.map((s) => s.name)).toEqual([name]);
      expect((await catalogue.listServiceProposals()).items.map((p) => p.proposal_id)).not.toContain(proposal.proposal_id);

      const again = await catalogue.ingest({ fileName: 'Клиника Бета прайс 2026.xlsx', bytes: list([['УВЧ терапия', 3500]]) });
      const newest = (await catalogue.listPositions({ price_list_id: (again.files[0] as { price_list_id: string }).price_list_id })).items;
      expect(newest.map((p) => [p.service_id, p.method])).toEqual([[created.service_id, 'synonym']]);
    });

    it('lists the first members of a large proposal and creates the service from all of them', async () => {
      const catalogue = await newCatalogue();
      // One name in more clinics than a proposal lists: each clinic's list holds it once.
      const clinics = PROPOSAL_MEMBERS_SHOWN + 20;
      for (let i = 1; i <= clinics; i++) {
        await catalogue.ingest({ fileName: `Клиника ${String(i).padStart(3, '0')} прайс 2025.xlsx`, bytes: list([['Микрореакция', 1000 + i]]) });
      }
      const [proposal] = (await catalogue.listServiceProposals()).items;
      expect(proposal).toMatchObject({ clinics, positions: clinics, names: 1 });
      expect(proposal!.members).toHaveLength(PROPOSAL_MEMBERS_SHOWN);
      // The first ones in list order: the first clinic's price first.
      expect(proposal!.members.map((m) => m.price).slice(0, 2)).toEqual([1001, 1002]);

      const created = await catalogue.createService({ name: 'Микрореакция', category: 'Серология', proposal_id: proposal!.proposal_id });
      expect(created.normalized_positions).toBe(clinics);
      expect((await catalogue.listServiceProposals()).total).toBe(0);
    });

    it('merges several proposals into one service by their ids', async () => {
      const catalogue = await twoClinics();
      const proposals = (await catalogue.listServiceProposals()).items;
      const [uhf, microreaction] = [proposals.find((p) => p.key.includes('увч'))!, proposals.find((p) => p.key.includes('микрореакц'))!];
      const created = await catalogue.createService({
        name: 'Физиотерапия и микрореакция',
        category: 'Разное',
        proposal_id: uhf.proposal_id,
        merged_proposal_ids: [microreaction.proposal_id],
      });
      expect(created.normalized_positions).toBe(uhf.positions + microreaction.positions);
      expect(await rejection(catalogue.createService({ name: 'Ещё', category: 'Разное', merged_proposal_ids: ['prop_0000'] }))).toBe('NOT_FOUND');
    });

    it('creates a service by hand from chosen positions', async () => {
      const catalogue = await twoClinics();
      const tryptase = (await catalogue.listPositions({ q: 'триптаза' })).items;
      const created = await catalogue.createService({ name: 'Триптаза', category: 'Аллерголог', position_ids: tryptase.map((p) => p.position_id) });
      expect(created.normalized_positions).toBe(1);
      expect((await catalogue.getService(created.service_id)).positions).toBe(1);
    });

    it('rejects an empty name, a name the category already has, and unknown ids', async () => {
      const catalogue = await twoClinics();
      expect(await rejection(catalogue.createService({ name: '  ', category: 'Терапевт' }))).toBe('INVALID_INPUT');
      expect(await rejection(catalogue.createService({ name: 'Триптаза', category: '' }))).toBe('INVALID_INPUT');
      expect(await rejection(catalogue.createService({ name: 'прием  терапевта', category: 'Терапевт' }))).toBe('CONFLICT');
      expect(await rejection(catalogue.createService({ name: 'Триптаза', category: 'ИФА', proposal_id: 'prop_0000' }))).toBe('NOT_FOUND');
      expect(await rejection(catalogue.createService({ name: 'Триптаза', category: 'ИФА', position_ids: ['pos_nope'] }))).toBe('NOT_FOUND');
      expect((await catalogue.listServices({ origin: 'created' })).total).toBe(0);
    });

    it('accepts the same name under another category', async () => {
      const catalogue = await twoClinics();
      const created = await catalogue.createService({ name: 'Прием терапевта', category: 'Выездные услуги' });
      expect(created).toMatchObject({ origin: 'created', normalized_positions: 0 });
    });
  });
}
