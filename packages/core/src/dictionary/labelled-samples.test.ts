import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from './default-dictionary.js';

// The hand-labelled matching samples (test/fixtures/matching-*.json) are what `npm run eval` and the ranker's fit read:
// a label naming an entry the dictionary lacks, or a row labelled twice in two samples, would bias every figure.
const fixtures = fileURLToPath(new URL('../../test/fixtures/', import.meta.url));
const sampleFiles = readdirSync(fixtures).filter((name) => /^matching-.*\.json$/.test(name)).sort();

interface Label {
  id: number;
  file: string;
  table?: string;
  row: number;
  raw_name: string;
  service_id: string | null;
  service_name: string | null;
  confidence: 'sure' | 'unsure';
  note?: string;
}
const read = (name: string): Label[] => JSON.parse(readFileSync(join(fixtures, name), 'utf8'));

describe('labelled matching samples', () => {
  it('are the five samples the eval reads', () => {
    expect(sampleFiles).toEqual([
      'matching-fresh-holdout-2.json',
      'matching-fresh-holdout.json',
      'matching-holdout.json',
      'matching-sample.json',
      'matching-train-2.json',
    ]);
  });

  it.each(sampleFiles)('%s labels only entries of the bundled dictionary, by their exact name', async (name) => {
    const nameOf = new Map((await loadDefaultDictionary()).map((s) => [s.service_id, s.name]));
    for (const label of read(name)) {
      expect(['sure', 'unsure'], `id ${label.id}`).toContain(label.confidence);
      if (label.service_id === null) expect(label.service_name, `id ${label.id}`).toBeNull();
      else expect(nameOf.get(label.service_id), `id ${label.id}`).toBe(label.service_name);
      for (const [, alternative] of (label.note ?? '').matchAll(/\[(svc_[0-9a-f]+)\]/g)) {
        expect(nameOf.has(alternative!), `id ${label.id}: alt ${alternative}`).toBe(true);
      }
    }
  });

  it('never label one row twice, in one sample or across samples', () => {
    const places = new Set<string>();
    for (const name of sampleFiles) {
      const ids = new Set<number>();
      for (const label of read(name)) {
        expect(ids.has(label.id), `${name}: id ${label.id}`).toBe(false);
        ids.add(label.id);
        const place = `${label.file}#${label.table ?? ''}#${label.row}#${label.raw_name}`;
        expect(places.has(place), `${name}: ${place}`).toBe(false);
        places.add(place);
      }
    }
  });
});
