import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadDefaultDictionary } from '../../dictionary/default-dictionary.js';
import { createCandidateIndex } from '../candidate-index.js';
import { normalizeName } from '../normalize.js';
import { toTerms } from '../terms.js';
import { createCharNgramIndex, gramCounts } from './char-ngrams.js';

describe('match: character 3-gram generator', () => {
  const names = ['общий анализ крови', 'узи печени', 'гемоглобин гликированный', 'узи почек'];
  const index = createCharNgramIndex(names.map((text, entry) => ({ entry, text })));

  it('pads each word, so that word starts and ends count', () => {
    expect([...gramCounts('узи').keys()]).toEqual([' уз', 'узи', 'зи ']);
  });

  it('finds an entry through OCR damage and another word form', () => {
    const cosines = index.cosines(['гемоглобнн гликированныи']);
    expect(index.top(cosines, 1)).toEqual([2]);
    expect(index.top(index.cosines(['узи печень']), 1)).toEqual([1]);
  });

  it('scores an identical text 1 and keeps the best of several texts of one entry', () => {
    const multi = createCharNgramIndex([{ entry: 0, text: 'оак' }, { entry: 0, text: 'общий анализ крови' }, { entry: 1, text: 'узи почек' }]);
    expect(multi.cosines(['общий анализ крови']).get(0)).toBeCloseTo(1, 10);
    expect(multi.cosines(['общий анализ крови']).has(1)).toBe(false);
  });

  it("answers the matcher's query as the general query does, bit for bit, on the client's dictionary and labelled rows", async () => {
    // The documents as the ranked stage indexes them, the queries as it asks them: each labelled row's terms.
    const entries = createCandidateIndex(await loadDefaultDictionary()).services;
    const real = createCharNgramIndex(
      entries.flatMap((entry, i) => [entry.service.name_norm, entry.terms.join(' '), ...entry.readings.map((r) => r.join(' '))].map((text) => ({ entry: i, text }))),
      { maxDocumentShare: 0.15 },
    );
    const labelled = ['matching-sample.json', 'matching-holdout.json'].flatMap(
      (file) => JSON.parse(readFileSync(new URL(`../../../test/fixtures/${file}`, import.meta.url), 'utf8')) as { raw_name: string }[],
    );
    const texts = [...labelled.map((row) => toTerms(normalizeName(row.raw_name)).join(' ')), 'гемоглобнн гликированныи', 'узи  печени', 'ß∂ƒ узи', ''];
    expect(texts.length).toBeGreaterThan(300);
    let reached = 0;
    for (const text of texts) {
      for (const [limit, floor] of [
        [15, 0.35],
        [3, 0.2],
      ] as const) {
        const general = real.cosines([text]);
        const expected = real.top(general, limit).filter((entry) => general.get(entry)! >= floor);
        const cosines = entries.map((_, entry) => general.get(entry) ?? 0);
        const best = real.best(text, limit, floor);
        expect(best.top).toEqual(expected);
        expect(entries.map((_, entry) => best.cosine(entry))).toEqual(cosines);
        reached += expected.length;
      }
    }
    // Not a vacuous comparison: most rows reach the floor with several entries.
    expect(reached).toBeGreaterThan(texts.length);
  });
});
