/**
 * The comparison of a service's whole class (`pool_class`) over HTTP on real lists and the client's real dictionary.
 * The dictionary lists `ЭКГ` twice, under Кардиолог and under Функциональная диагностика: one service, two entries
 * (a class, derived in match/dictionary-structure.ts). The matcher sends every ECG row to the first; here an analyst
 * sends «Клиника 4»'s two ECG rows (`ЭКГ в 12-ти отведениях`, `ЭКГ по Нэбу`, PDF page 7 rows 15 and 16) to the
 * second, as a person filing them under functional diagnostics would. The strict comparison of either entry then
 * misses a clinic; the comparison of the class shows all three, each at the price its own entry's comparison gives.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileReport, Page, Position, Service, ServiceComparison } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { startTestServer, type TestServer } from './test-server.js';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(REPO_ROOT, '../shared/data'), 'archive');
const FILES = ['Клиника 2 прайс 2026.pdf', 'Клиника 4 прайс 2026.pdf', 'Клиника 7_Прайс 2026.xls'];
const CLINIC4 = 'Клиника 4 прайс 2026.pdf';

type OkReport = Extract<FileReport, { clinic_id: string }>;

describe.skipIf(!existsSync(ARCHIVE))(`GET /api/services/{id}/partners?pool_class=true on real lists (${ARCHIVE})`, () => {
  let server: TestServer;
  let files: OkReport[];
  let cardiology: Service;
  let diagnostics: Service;

  const getJson = async <T>(path: string): Promise<T> => {
    const response = await fetch(server.at(path));
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const compare = (service: Service, pool?: string) =>
    getJson<ServiceComparison>(`api/services/${service.service_id}/partners${pool === undefined ? '' : `?pool_class=${pool}`}`);
  const clinicsOf = (comparison: ServiceComparison) => comparison.partners.map((p) => p.clinic_id).sort();
  const clinic4 = () => files.find((f) => f.file === CLINIC4)!.clinic_id;

  beforeAll(async () => {
    const services = await loadDefaultDictionary();
    server = await startTestServer({ services });
    const zip = zipSync(Object.fromEntries(FILES.map((name) => [name, new Uint8Array(readFileSync(join(ARCHIVE, name)))])));
    const form = new FormData();
    form.append('file', new Blob([zip]), 'lists.zip');
    const response = await fetch(server.at('api/ingest'), { method: 'POST', body: form });
    expect(response.status).toBe(200);
    files = ((await response.json()) as { files: FileReport[] }).files as OkReport[];
    expect(files.map((f) => f.status)).not.toContain('error');
    const ecg = (await getJson<Page<Service>>(`api/services?q=${encodeURIComponent('ЭКГ')}&limit=500`)).items.filter((s) => s.name === 'ЭКГ');
    cardiology = ecg.find((s) => s.category === 'Кардиолог')!;
    diagnostics = ecg.find((s) => s.category === 'Функциональная диагностика')!;
    expect(cardiology).toBeDefined();
    expect(diagnostics).toBeDefined();
  }, 180_000);
  afterAll(() => server?.close());

  it("names the service's class and does not pool it unless asked", async () => {
    const strict = await compare(cardiology);
    expect(strict.class.pooled).toBe(false);
    expect(strict.class.services.map((s) => s.service_id)).toEqual([cardiology.service_id, diagnostics.service_id]);
    expect(strict.class.services[1]).toMatchObject({ name: 'ЭКГ', category: 'Функциональная диагностика' });
    const other = await compare(diagnostics);
    expect(other.class.class_id).toBe(strict.class.class_id);
    expect(other.class.services.map((s) => s.service_id)).toEqual([diagnostics.service_id, cardiology.service_id]);
  });

  it("pools the clinics of both entries once an analyst filed one clinic's rows under the other", async () => {
    // Клиника 4's two ECG rows, matched automatically to the cardiology entry, go to the diagnostics entry.
    const rows = (await getJson<Page<Position>>(`api/positions?service_id=${cardiology.service_id}&clinic_id=${clinic4()}&limit=50`)).items;
    expect(rows.map((p) => p.raw_name).sort()).toEqual(['ЭКГ в 12-ти отведениях', 'ЭКГ по Нэбу']);
    for (const row of rows) {
      const response = await fetch(server.at('api/match'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ position_id: row.position_id, service_id: diagnostics.service_id, apply_to_identical: false }),
      });
      expect(response.status).toBe(200);
    }

    const strictCardiology = await compare(cardiology);
    const strictDiagnostics = await compare(diagnostics, 'false');
    expect(clinicsOf(strictCardiology)).not.toContain(clinic4());
    expect(clinicsOf(strictCardiology)).toHaveLength(2);
    expect(clinicsOf(strictDiagnostics)).toEqual([clinic4()]);
    expect(strictDiagnostics.partners[0]!.positions.map((p) => p.position_id).sort()).toEqual(rows.map((p) => p.position_id).sort());

    for (const asked of [cardiology, diagnostics]) {
      const pooled = await compare(asked, 'true');
      expect(pooled.class).toMatchObject({ class_id: strictCardiology.class.class_id, pooled: true });
      expect(pooled.service.service_id).toBe(asked.service_id);
      expect(clinicsOf(pooled)).toEqual([...clinicsOf(strictCardiology), clinic4()].sort());
      expect(pooled.clinics).toBe(3);
      // Each clinic at the price its own entry's comparison gives; the median is over the three.
      for (const partner of pooled.partners) {
        const own = [...strictCardiology.partners, ...strictDiagnostics.partners].find((p) => p.clinic_id === partner.clinic_id)!;
        expect(partner).toMatchObject({ price: own.price, price_list_id: own.price_list_id });
      }
      const prices = pooled.partners.map((p) => p.price).sort((a, b) => a - b);
      expect(pooled.median).toBe(prices[1]);
      expect(pooled).toMatchObject({ min: prices[0], max: prices[2] });
    }
  });

  it('compares a service without duplicates the same way, pooled or not', async () => {
    const massage = (await getJson<Page<Service>>(`api/services?q=${encodeURIComponent('массаж спины')}&limit=500`)).items.find((s) => s.name === 'Массаж спины')!;
    const strict = await compare(massage);
    const pooled = await compare(massage, '1');
    expect(pooled.class).toEqual({ ...strict.class, pooled: false });
    expect(strict.class.services.map((s) => s.service_id)).toEqual([massage.service_id]);
    expect(pooled.partners).toEqual(strict.partners);
  });

  it('answers 400 for a pool_class that is not true or false, and documents the parameter', async () => {
    const response = await fetch(server.at(`api/services/${cardiology.service_id}/partners?pool_class=yes`));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'INVALID_INPUT',
      message: expect.stringContaining('pool_class'),
    });
    const openapi = await getJson<{ paths: Record<string, { get: { parameters: { name: string }[] } }>; components: { schemas: Record<string, { required: string[] }> } }>(
      'api/openapi.json',
    );
    expect(openapi.paths['/services/{id}/partners']!.get.parameters.map((p) => p.name)).toContain('pool_class');
    expect(openapi.components.schemas.ServiceComparison!.required).toContain('class');
  });
});
