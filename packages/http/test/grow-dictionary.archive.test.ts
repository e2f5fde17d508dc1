/**
 * Growing the dictionary on the client's real lists, through the running HTTP server: two lists of
 * different clinics, a proposal spanning both, a service created from it, and the same list ingested
 * again. The names and prices were read by a person from the files: row OT7.18 of «Клиника 1 прайс
 * 2024.docx» is «Внутригортанное вливание», 3 300; row 1308 (D31.010.225.1) of «Клиника 6 прайс
 * 2026.xlsx» is «Внутригортанные вливания», 6 300 with VAT (5 985 without). The client's dictionary has
 * no such entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedService, FileReport, Position, Service, ServiceProposal } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data'), 'archive');
const CLINIC_1 = 'Клиника 1 прайс 2024.docx';
const CLINIC_6 = 'Клиника 6 прайс 2026.xlsx';

type OkReport = Extract<FileReport, { positions: number }>;

describe.skipIf(!existsSync(ARCHIVE))(`growing the dictionary from the real archive (${ARCHIVE})`, () => {
  let server: TestServer;
  let services: Service[];
  let clinic1: OkReport;
  let clinic6: OkReport;

  const upload = async (name: string): Promise<OkReport> => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(readFileSync(join(ARCHIVE, name)))]), name);
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const report = (await response.json()) as { files: FileReport[] };
    expect(report.files[0]?.status).not.toBe('error');
    return report.files[0] as OkReport;
  };
  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(server.at(path));
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const postJson = (path: string, body: unknown) =>
    fetch(server.at(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const unmatchedCount = async (): Promise<number> => {
    const queued = await getJson<{ total: number }>('api/positions?status=queued&limit=1');
    const unrecognized = await getJson<{ total: number }>('api/positions?status=unrecognized&limit=1');
    return queued.total + unrecognized.total;
  };
  const allProposals = async (query: string): Promise<ServiceProposal[]> => {
    const items: ServiceProposal[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await getJson<{ items: ServiceProposal[]; total: number }>(`api/service-proposals?${query}&limit=500&offset=${offset}`);
      items.push(...page.items);
      if (items.length >= page.total) return items;
    }
  };
  const laryngealProposal = async (): Promise<ServiceProposal | undefined> =>
    (await allProposals('min_clinics=2')).find((p) => p.members.some((m) => m.raw_name === 'Внутригортанное вливание'));

  beforeAll(async () => {
    services = await loadDefaultDictionary();
    server = await startTestServer({ services });
    clinic1 = await upload(CLINIC_1);
    clinic6 = await upload(CLINIC_6);
  });
  afterAll(() => server?.close());

  it('has no dictionary entry for the laryngeal infusion, so both rows are unmatched', async () => {
    expect(services.some((s) => /внутригортанн/i.test(s.name))).toBe(false);
    const rows = await getJson<{ items: Position[] }>(`api/positions?q=${encodeURIComponent('внутригортанн')}`);
    expect(rows.items.map((p) => p.status).every((s) => s === 'queued' || s === 'unrecognized')).toBe(true);
  });

  it('proposes one service spanning both clinics for «Внутригортанное вливание» and «Внутригортанные вливания»', async () => {
    const proposal = await laryngealProposal();
    expect(proposal).toBeDefined();
    expect(proposal!.clinics).toBe(2);
    const members = proposal!.members.map((m) => [m.raw_name, m.clinic_id, m.price]).sort();
    expect(members).toEqual([
      ['Внутригортанное вливание', clinic1.clinic_id, 3300],
      ['Внутригортанные вливания', clinic6.clinic_id, 6300],
    ]);
    expect(proposal!.name).toMatch(/^Внутригортанн/);
    expect(proposal!.proposal_id).toMatch(/^prop_/);
  });

  it('ranks proposals by clinics, then positions, and honours min_clinics', async () => {
    const all = await allProposals('min_clinics=1');
    const multi = await allProposals('min_clinics=2');
    expect(multi.length).toBeGreaterThan(0);
    expect(multi.every((p) => p.clinics >= 2)).toBe(true);
    expect(multi.map((p) => p.proposal_id)).toEqual(all.filter((p) => p.clinics >= 2).map((p) => p.proposal_id));
    for (let i = 1; i < all.length; i += 1) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.clinics > b.clinics || (a.clinics === b.clinics && a.positions >= b.positions)).toBe(true);
    }
    // A member is never normalized, and no position is in two proposals.
    const ids = all.flatMap((p) => p.members.map((m) => m.position_id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.flatMap((p) => p.members).every((m) => m.status === 'queued' || m.status === 'unrecognized')).toBe(true);
  });

  it('creates a service from the proposal: its members become normalized by hand, the unmatched count drops by exactly them', async () => {
    const proposal = (await laryngealProposal())!;
    const before = await unmatchedCount();
    // The analyst edits the suggested name; the category is the specialty of the list sections.
    const response = await postJson('api/services', { name: 'Вливание внутригортанное', category: 'ЛОР (отоларинголог)', proposal_id: proposal.proposal_id });
    expect(response.status).toBe(201);
    const created = (await response.json()) as CreatedService;
    expect(created).toMatchObject({ name: 'Вливание внутригортанное', category: 'ЛОР (отоларинголог)', origin: 'created', normalized_positions: 2 });
    expect(response.headers.get('location')).toBe(`/api/services/${created.service_id}`);

    expect(await unmatchedCount()).toBe(before - proposal.positions);
    const normalized = await getJson<{ items: Position[] }>(`api/positions?service_id=${created.service_id}`);
    expect(normalized.items.map((p) => p.position_id).sort()).toEqual(proposal.members.map((m) => m.position_id).sort());
    expect(normalized.items.every((p) => p.status === 'normalized' && p.method === 'manual')).toBe(true);

    const createdList = await getJson<{ items: Service[] }>('api/services?origin=created');
    expect(createdList.items.map((s) => s.service_id)).toContain(created.service_id);
    expect((await laryngealProposal())).toBeUndefined();
  });

  it('refuses a second service of the same name in the same category (409), an empty name (400), an unknown proposal (404)', async () => {
    const duplicate = await postJson('api/services', { name: 'вливание  внутригортанное', category: 'ЛОР (отоларинголог)' });
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
    const empty = await postJson('api/services', { name: ' ', category: 'ЛОР (отоларинголог)' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toMatch(/name/);
    const gone = await postJson('api/services', { name: 'Что-то новое', category: 'ЛОР (отоларинголог)', proposal_id: 'prop_0000000000000000' });
    expect(gone.status).toBe(404);
    const notJson = await fetch(server.at('api/services'), { method: 'POST', body: 'name=x' });
    expect(notJson.status).toBe(400);
    const badFilter = await fetch(server.at('api/service-proposals?min_clinics=0'));
    expect(badFilter.status).toBe(400);
  });

  it('matches the name automatically, by the learned synonym, when the same list is ingested again', async () => {
    const created = (await getJson<{ items: Service[] }>('api/services?origin=created')).items.find((s) => s.name === 'Вливание внутригортанное')!;
    const again = await upload(CLINIC_1);
    const rows = await getJson<{ items: Position[] }>(`api/positions?price_list_id=${again.price_list_id}&q=${encodeURIComponent('внутригортанн')}`);
    expect(rows.items.map((p) => [p.raw_name, p.status, p.method, p.service_id])).toEqual([
      ['Внутригортанное вливание', 'normalized', 'synonym', created.service_id],
    ]);
  });
});
