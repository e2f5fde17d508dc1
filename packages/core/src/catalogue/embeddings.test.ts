import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeEmbeddingServer, type FakeEmbeddingServer } from '../../test/helpers/fake-embedding-server.js';
import { xlsxFile } from '../../test/helpers/files.js';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { createCachedEmbedder } from '../embed/cached-embedder.js';
import { createMemoryEmbeddingCache } from '../embed/embedding-cache.js';
import { createHfEmbedder } from '../embed/hf-embedder.js';
import { createMatcher } from '../match/cascade.js';
import { createEmbeddingStage } from '../match/embedding-stage.js';
import type { Service } from '../storage/records.js';
import { createCatalogue } from './create-catalogue.js';

let dictionary: Service[];
let server: FakeEmbeddingServer | null = null;
beforeAll(async () => {
  dictionary = await loadDefaultDictionary();
});
afterEach(async () => {
  await server?.close();
  server = null;
});

async function embedderOnFakeServer() {
  server = await startFakeEmbeddingServer();
  const provider = createHfEmbedder({ model: 'test/trigram', endpointUrl: server.url, maxRetries: 1, retryBaseDelayMs: 5, timeoutMs: 5000 });
  return createCachedEmbedder(provider, createMemoryEmbeddingCache());
}

/** A small list: two names the dictionary spells the same way, one it does not know, one repeated. */
const list = xlsxFile([
  ['№', 'Наименование услуги', 'Цена, тенге'],
  [1, 'Ферритин', 5200],
  [2, 'Прием терапевта', 9000],
  [3, 'Гиперферритинемия скрининг', 7000],
  [4, 'Гиперферритинемия скрининг', 7000],
  [5, 'Озонотерапия большая аутогемо', 12000],
]);

describe('matching: the embedding stage', () => {
  it('matches, with method «embedding», a name that the earlier stages leave unmatched when its vector is near enough', async () => {
    const embedder = await embedderOnFakeServer();
    const ferritin = dictionary.find((s) => s.name === 'Ферритин')!;
    const withoutEmbeddings = createMatcher({ services: dictionary });
    const input = { raw_name: 'Гиперферритин', code: null, section: null };
    expect(withoutEmbeddings.match(input).status).not.toBe('normalized');

    // The fake provider's vectors are character trigrams: « гиперферритин » holds 7 of the 8 of « ферритин »
    // (cosine ≈ 0.69), so with the acceptance lowered for this provider it is a match.
    const matcher = createMatcher({
      services: dictionary,
      embeddings: createEmbeddingStage({ embedder, services: dictionary, thresholds: { accept: 0.6, queue: 0.5 } }),
    });
    const [outcome] = await matcher.matchAll([input]);
    expect(outcome).toMatchObject({ status: 'normalized', method: 'embedding', service_id: ferritin.service_id });
    expect(outcome!.candidates[0]).toMatchObject({ service_id: ferritin.service_id, method: 'embedding' });
  });

  it('embeds the dictionary once and each distinct unmatched name once; a second upload embeds nothing it has seen', async () => {
    const embedder = await embedderOnFakeServer();
    const catalogue = await createCatalogue({ services: dictionary, embedder });
    await catalogue.ingest({ fileName: 'Клиника 9 прайс.xlsx', bytes: list });
    const names = new Set(dictionary.map((s) => s.name_norm));
    const asked = server!.texts.filter((t) => !names.has(t));
    // Only the two names without an exact or fuzzy match go to the provider, the repeated one once.
    expect(asked.sort()).toEqual(['гиперферритинемия скрининг', 'озонотерапия большая аутогемо']);
    expect(server!.texts.length).toBe(names.size + asked.length);

    const callsBefore = server!.calls;
    await catalogue.ingest({ fileName: 'Клиника 9 прайс копия.xlsx', bytes: list });
    expect(server!.calls).toBe(callsBefore);
  });

  it('falls back to fuzzy matching when the provider fails, and the upload succeeds with a warning', async () => {
    const embedder = await embedderOnFakeServer();
    server!.script(Array.from({ length: 20 }, () => ({ status: 503 })));
    const catalogue = await createCatalogue({ services: dictionary, embedder });
    const report = await catalogue.ingest({ fileName: 'Клиника 9 прайс.xlsx', bytes: list });
    const file = report.files[0]!;
    expect(file.status).toBe('warnings');
    expect(file.status !== 'error' && file.warnings.some((w) => w.startsWith('[EMBEDDINGS_UNAVAILABLE] векторы недоступны'))).toBe(true);
    // The retries are bounded: the first request and one retry, then fuzzy takes over.
    expect(server!.calls).toBeLessThanOrEqual(2 * Math.ceil(dictionary.length / 32));

    const fuzzyOnly = await createCatalogue({ services: dictionary });
    await fuzzyOnly.ingest({ fileName: 'Клиника 9 прайс.xlsx', bytes: list });
    const decisions = async (c: typeof catalogue) =>
      (await c.listPositions()).items.map((p) => [p.raw_name, p.status, p.service_id, p.method]);
    expect(await decisions(catalogue)).toEqual(await decisions(fuzzyOnly));
  });

  it('tries the provider again on the next upload after a failure', async () => {
    const embedder = await embedderOnFakeServer();
    // The first two dictionary batches (two in flight) fail twice each: the upload gives up on embeddings.
    server!.script(Array.from({ length: 4 }, () => ({ status: 503 })));
    const catalogue = await createCatalogue({ services: dictionary, embedder });
    const failed = (await catalogue.ingest({ fileName: 'Клиника 9 прайс.xlsx', bytes: list })).files[0]!;
    expect(failed.status !== 'error' && failed.warnings.some((w) => w.startsWith('[EMBEDDINGS_UNAVAILABLE] векторы недоступны'))).toBe(true);
    const report = await catalogue.ingest({ fileName: 'Клиника 9 прайс.xlsx', bytes: list });
    const file = report.files[0]!;
    expect(file.status !== 'error' && file.warnings.some((w) => w.startsWith('[EMBEDDINGS_UNAVAILABLE] векторы недоступны'))).toBe(false);
  });
});
