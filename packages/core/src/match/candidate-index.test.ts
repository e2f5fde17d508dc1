import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDefaultDictionary } from '../dictionary/default-dictionary.js';
import { createCandidateIndex } from './candidate-index.js';
import { normalizeName } from './normalize.js';
import { toTerms } from './terms.js';

describe('match: candidate index', () => {
  it("finds a row's candidates by name and by name with section in one pass as two lookups find them, on the labelled rows", async () => {
    const index = createCandidateIndex(await loadDefaultDictionary());
    const rows = ['matching-sample.json', 'matching-holdout.json'].flatMap(
      (file) => JSON.parse(readFileSync(new URL(`../../test/fixtures/${file}`, import.meta.url), 'utf8')) as { raw_name: string; section: string | null }[],
    );
    const ids = (entries: readonly { service: { service_id: string } }[]) => entries.map((entry) => entry.service.service_id);
    let withSection = 0;
    for (const row of rows) {
      const terms = toTerms(normalizeName(row.raw_name));
      const sectionTerms = row.section ? toTerms(normalizeName(row.section)) : [];
      const found = index.rowCandidates(terms, 25, sectionTerms, 5);
      expect(ids(found.byName)).toEqual(ids(index.candidates(terms, 25)));
      expect(ids(found.withSection)).toEqual(sectionTerms.length > 0 ? ids(index.candidates([...terms, ...sectionTerms], 5)) : []);
      if (found.withSection.length > 0) withSection += 1;
    }
    expect(withSection).toBeGreaterThan(rows.length / 2);
  });
});
