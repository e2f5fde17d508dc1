import { describe, expect, it } from 'vitest';
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
});
