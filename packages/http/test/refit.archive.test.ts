/**
 * `pricecat refit` on a real data directory: the queue of `Клиника 2 прайс 2025 год.PDF` decided as an analyst
 * decided it (test/fixtures/clinic2-second-edition.json, labelled blind), then the ranker fitted again on the bundled
 * training rows plus those decisions; the figures before and after are printed, the refit is kept with `--write`, and
 * the next start of the catalogue on that directory uses it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createCatalogue, type Position } from '@pricecat/core';
import { loadDefaultDictionary } from '@pricecat/core/node';
import { createLowdbStorageInDir } from '@pricecat/core/storage/lowdb';
import { openCatalogue } from '../src/cli-commands.js';
import { runRefit } from '../src/cli-refit.js';
import { rankerFileOf } from '../src/ranker-file.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const ARCHIVE = join(process.env.PRICECAT_DATA_DIR ?? join(resolve(HERE, '../../..'), '../shared/data'), 'archive');
const LABELS = JSON.parse(readFileSync(join(HERE, 'fixtures/clinic2-second-edition.json'), 'utf8')) as {
  readonly first: string;
  readonly decisions: readonly { page: string; row: number; raw_name: string; service_id: string | null }[];
};

describe.skipIf(!existsSync(ARCHIVE))(`pricecat refit on the analysts' decisions (${ARCHIVE})`, () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('prints the figures before and after, keeps the refit with --write, and the next start uses it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'pricecat-refit-'));
    dirs.push(dataDir);
    const catalogue = await createCatalogue({ storage: await createLowdbStorageInDir(dataDir), services: await loadDefaultDictionary() });
    const report = await catalogue.ingest({ fileName: LABELS.first, bytes: new Uint8Array(readFileSync(join(ARCHIVE, LABELS.first))) });
    const listId = (report.files[0] as { price_list_id: string }).price_list_id;
    const positions: Position[] = [];
    for (let offset = 0; ; offset += 500) {
      const page = await catalogue.listPositions({ price_list_id: listId, limit: 500, offset });
      positions.push(...page.items);
      if (positions.length >= page.total || page.items.length === 0) break;
    }
    let decided = 0;
    for (const label of LABELS.decisions) {
      const position = positions
        .filter((p) => p.source.table === label.page && p.raw_name === label.raw_name)
        .sort((a, b) => Math.abs(a.source.row - label.row) - Math.abs(b.source.row - label.row))[0];
      if (!position) continue;
      const decision =
        label.service_id === null
          ? catalogue.skipPosition({ position_id: position.position_id })
          : catalogue.matchPosition({ position_id: position.position_id, service_id: label.service_id });
      // A row decided already by the decision of its identical name is not decided twice.
      if (await decision.then(() => true, () => false)) decided += 1;
    }
    await catalogue.close();
    expect(decided).toBeGreaterThan(100);

    let out = '';
    let err = '';
    const io = { out: (text: string) => void (out += text), err: (text: string) => void (err += text) };
    const code = await runRefit({ dataDir, databaseUrl: undefined, write: true }, io);
    expect(out).toMatch(/730 bundled training rows \+ \d+ decided by analysts/);
    const decidedRows = Number(/\+ (\d+) decided/.exec(out)![1]);
    expect(decidedRows).toBeGreaterThan(100);
    expect(out).toMatch(/before \(model in use\)\s+\d+\.\d %/);
    const after = Number(/after \(refit, out of fold\)\s+(\d+\.\d) %/.exec(out)![1]);
    // Written only when the refit holds 97 % precision out of fold; else refused, saying so, and nothing written.
    if (after >= 97) expect([code, existsSync(rankerFileOf(dataDir))]).toEqual([0, true]);
    else {
      expect([code, existsSync(rankerFileOf(dataDir))]).toEqual([1, false]);
      expect(err).toContain('not written');
      expect(await runRefit({ dataDir, databaseUrl: undefined, write: true, force: true }, io)).toBe(0);
      expect(existsSync(rankerFileOf(dataDir))).toBe(true);
    }

    let log = '';
    const reopened = await openCatalogue(dataDir, undefined, { out: () => undefined, err: (text) => void (log += text) });
    try {
      expect(log).toContain('модель ранжирования переобучена по решениям аналитиков');
      expect((await reopened.stats()).positions).toBe(positions.length);
    } finally {
      await reopened.close();
    }
  }, 240_000);
});
