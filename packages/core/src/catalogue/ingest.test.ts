import { beforeAll, describe, expect, it } from 'vitest';
import { CLINIC6_HEAD, CLINIC6_THERAPIST_ROWS, xlsxFile, zipFiles } from '../../test/helpers/files.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { DEFAULT_RANKER_MODEL } from '../match/ranker/default-model.js';
import type { Service } from '../storage/records.js';
import type { Catalogue, FileReport } from './catalogue.js';
import { createCatalogue } from './create-catalogue.js';

let dictionary: Service[];
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});

const newCatalogue = () => createCatalogue({ services: dictionary });
const clinic6 = xlsxFile([...CLINIC6_HEAD, ...CLINIC6_THERAPIST_ROWS]);
const okFiles = (files: readonly FileReport[]) => files.filter((f) => f.status !== 'error');

/** A list of another clinic, named only by its file: same layout, one price changed by hand for the test. */
function therapistList(price: number): Uint8Array {
  return xlsxFile([
    ['№', 'Наименование услуги', 'Цена, тенге'],
    [1, 'Прием терапевта', price],
  ]);
}

describe('catalogue: ingest', () => {
  it('reads a spreadsheet list: clinic from the content, positions with resident and non-resident prices', async () => {
    const catalogue = await newCatalogue();
    const report = await catalogue.ingest({ fileName: 'Клиника 6 прайс 2026.xlsx', bytes: clinic6 });
    expect(report.errors).toBe(0);
    const [file] = okFiles(report.files);
    expect(file).toMatchObject({ clinic_name: 'КФ «University Medical Center»', positions: 4 });
    const positions = (await catalogue.listPositions()).items;
    expect(positions.map((p) => [p.raw_name, p.code, p.section, p.price, p.price_nonresident])).toEqual([
      ['Первичный прием врача терапевта', 'A02.001.000.91', '8.1 Консультации специалистов', 13000, 15600],
      ['Первичный прием врача терапевта к.м.н./врача высшей категории', 'A02.001.000.93', '8.1 Консультации специалистов', 16000, 19200],
      ['Первичный прием врача терапевта д.м.н.', 'A02.001.000.95', '8.1 Консультации специалистов', 22000, 26400],
      ['Повторный прием врача терапевта', 'A02.001.000.92', '8.1 Консультации специалистов', 10500, 12600],
    ]);
  });

  it('maps a clinic code that extends a tariff code to that service', async () => {
    const catalogue = await newCatalogue();
    await catalogue.ingest({ fileName: 'Клиника 6 прайс 2026.xlsx', bytes: clinic6 });
    const first = (await catalogue.listPositions()).items[0]!;
    const therapist = dictionary.find((s) => s.name === 'Прием терапевта')!;
    expect(first).toMatchObject({ service_id: therapist.service_id, method: 'code', status: 'normalized' });
  });

  it('withdraws only weak matches of a service that collected many names in one clinic (rule 1)', async () => {
    // ECG rows 1835-1850 of «Клиника 6 прайс 2026.xlsx», verbatim: five names, one dictionary service (`ЭКГ`);
    // the rows with a provocation test are further from it than the plain ones.
    const ecgs = [
      [1835, 'C02.001.000.1', 'ЭКГ (в 12 отведениях)', 'услуга', 1, 4987.5, 5250, 6300, 7900],
      [1836, 'C02.001.000.6', 'ЭКГ обычная функциональными пробами (бег на месте в течение 2-3 минут)', 'услуга', 1, 4189.5, 4410, 5300, 6600],
      [1839, 'C02.002.000.1', 'ЭКГ по Небу', 'услуга', 1, 2498.5, 2630, 3200, 3900],
      [1849, 'C02.005.000', 'Экг с фармакологическими пробами', 'услуга', 1, 1596, 1680, 2000, 2500],
      [1850, 'C02.000.001', 'Экг с холодовой пробой', 'услуга', 1, 2498.5, 2630, 3200, 3900],
    ] as const;
    const catalogue = await newCatalogue();
    await catalogue.ingest({ fileName: 'Клиника 6 прайс 2026.xlsx', bytes: xlsxFile([...CLINIC6_HEAD, ...ecgs]) });
    const positions = (await catalogue.listPositions()).items;
    // A queued row was either never a match (below the model's acceptance probability) or a match withdrawn by rule 1
    // (below 0.72): no confident match is withdrawn.
    const { accept } = DEFAULT_RANKER_MODEL;
    for (const p of positions) {
      if (p.status === 'queued') expect(p.confidence).toBeLessThan(Math.max(0.72, accept));
      if (p.status === 'normalized') expect(p.method === 'code' && p.confidence < 0.72).toBe(false);
    }
    // The five names form a concentrated group of `ЭКГ`: every match that stays is confident (≥ 0.72). With calibrated
    // confidences (the ranker) the matches are all confident, so none is withdrawn; a withdrawn one would be queued
    // with a confidence at or above the acceptance probability.
    const group = positions.filter((p) => p.status === 'normalized' && p.method !== 'exact' && p.method !== 'synonym');
    for (const p of group) expect(p.confidence).toBeGreaterThanOrEqual(0.72);
    const withdrawn = positions.filter((p) => p.status === 'queued' && p.confidence >= accept);
    // Alone in a list (no concentrated group), each withdrawn row is a match to the same service.
    for (const p of withdrawn) {
      const alone = await newCatalogue();
      await alone.ingest({ fileName: 'Клиника 6 прайс 2026.xlsx', bytes: xlsxFile([...CLINIC6_HEAD, ecgs.find((r) => r[2] === p.raw_name)!]) });
      const [single] = (await alone.listPositions()).items;
      expect(single).toMatchObject({ status: 'normalized', service_id: p.candidates[0]?.service_id });
    }
  });

  it('appends a new version when the same ZIP is uploaded again, without a second clinic', async () => {
    const catalogue = await newCatalogue();
    const zip = zipFiles({ 'Клиника 6 прайс 2026.xlsx': clinic6 });
    await catalogue.ingest({ fileName: 'prices.zip', bytes: zip });
    await catalogue.ingest({ fileName: 'prices.zip', bytes: zip });
    const stats = await catalogue.stats();
    expect([stats.clinics, stats.price_lists, stats.positions]).toEqual([1, 2, 8]);
  });

  it('joins a later list named only by its file name to the clinic that stated its official name', async () => {
    const catalogue = await newCatalogue();
    await catalogue.ingest({ fileName: 'Клиника 6 прайс 2026.xlsx', bytes: clinic6 });
    await catalogue.ingest({ fileName: 'Клиника 6 прайс 2027.xlsx', bytes: therapistList(14000) });
    const partners = await catalogue.listPartners();
    expect(partners.total).toBe(1);
    expect(partners.items[0]).toMatchObject({ name: 'КФ «University Medical Center»', price_lists: 2 });
  });

  it('compares one service across clinics with the newest list of each clinic', async () => {
    const catalogue = await newCatalogue();
    await catalogue.ingest({ fileName: 'Клиника А прайс 2025.xlsx', bytes: therapistList(8000) });
    await catalogue.ingest({ fileName: 'Клиника А прайс 2026.xlsx', bytes: therapistList(9000) });
    await catalogue.ingest({ fileName: 'Клиника Б прайс 2026.xlsx', bytes: therapistList(12000) });
    await catalogue.ingest({ fileName: 'Клиника В прайс 2026.xlsx', bytes: therapistList(15000) });
    const therapist = dictionary.find((s) => s.name === 'Прием терапевта')!;
    const comparison = await catalogue.compareService(therapist.service_id);
    // Newest prices 9,000 / 12,000 / 15,000: median 12,000, spread 6,000.
    expect([comparison.median, comparison.min, comparison.max, comparison.spread]).toEqual([12000, 9000, 15000, 6000]);
    expect(comparison.partners.map((p) => [p.clinic_name, p.price, p.deviation, p.deviation_share])).toEqual([
      ['Клиника А', 9000, -3000, -0.25],
      ['Клиника Б', 12000, 0, 0],
      ['Клиника В', 15000, 3000, 0.25],
    ]);
  });

  it('finds the same services for «УЗИ» and «узи»', async () => {
    const catalogue = await newCatalogue();
    const upper = await catalogue.search({ q: 'УЗИ', limit: 100 });
    const lower = await catalogue.search({ q: 'узи', limit: 100 });
    expect(upper.length).toBeGreaterThan(10);
    expect(lower.map((h) => h.service.service_id)).toEqual(upper.map((h) => h.service.service_id));
  });
});

describe('catalogue: bad input', () => {
  let catalogue: Catalogue;
  beforeAll(async () => {
    catalogue = await newCatalogue();
    await catalogue.ingest({ fileName: 'Клиника 6 прайс 2026.xlsx', bytes: clinic6 });
  });

  it('reports a file that is not a price list and ingests the rest of the ZIP', async () => {
    const staffList = xlsxFile([
      ['ФИО', 'Должность', 'Кабинет'],
      ['Иванова А. А.', 'терапевт', '12'],
    ]);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const report = await catalogue.ingest({
      fileName: 'mixed.zip',
      bytes: zipFiles({ 'Клиника Б прайс 2026.xlsx': therapistList(12000), 'staff.xlsx': staffList, 'logo.png': png }),
    });
    const byFile = Object.fromEntries(report.files.map((f) => [f.file, f]));
    expect(byFile['Клиника Б прайс 2026.xlsx']?.status).toBe('ok');
    expect(byFile['staff.xlsx']).toMatchObject({ status: 'error', code: 'NO_PRICE_TABLE' });
    expect(byFile['logo.png']).toMatchObject({ status: 'error', code: 'UNSUPPORTED_FORMAT' });
  });

  it('rejects an empty upload and an empty ZIP with a clear error and keeps earlier data', async () => {
    const before = await catalogue.stats();
    await expect(catalogue.ingest({ fileName: 'x.zip', bytes: new Uint8Array() })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(catalogue.ingest({ fileName: 'x.zip', bytes: zipFiles({}) })).rejects.toMatchObject({ code: 'ARCHIVE_INVALID' });
    expect(await catalogue.stats()).toEqual(before);
  });

  it('reports an unsafe entry name per file and ingests the others', async () => {
    const report = await catalogue.ingest({ fileName: 'x.zip', bytes: zipFiles({ '../evil.xlsx': therapistList(1), 'Клиника Г прайс.xlsx': therapistList(11000) }) });
    expect(report.files.find((f) => f.file.includes('evil'))).toMatchObject({ status: 'error' });
    expect(report.files.find((f) => f.file === 'Клиника Г прайс.xlsx')).toMatchObject({ status: 'ok', positions: 1 });
  });
});
