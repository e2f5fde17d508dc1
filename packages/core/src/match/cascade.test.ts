import { describe, expect, it } from 'vitest';
import { createCandidateIndex } from './candidate-index.js';
import { createMatcher } from './cascade.js';
import { normalizeName } from './normalize.js';
import { TEST_SERVICES } from './test-services.js';
import { toTerms } from './terms.js';

const matcher = createMatcher({ services: TEST_SERVICES });
const match = (raw_name: string, code: string | null = null) => matcher.match({ raw_name, code, section: null });

describe('match: cascade', () => {
  it('matches a name equal to a dictionary name whatever its case and punctuation, method «exact»', () => {
    const outcome = match('ПРИЕМ ТЕРАПЕВТА.');
    expect(outcome).toMatchObject({ service_id: 'svc_therapist', method: 'exact', status: 'normalized', confidence: 1 });
  });

  it('uses a tariff code as evidence and lets the name decide between entries sharing it', () => {
    // C03.005.007 is shared by the knee, the ankle and other joints in the client's dictionary.
    expect(match('МРТ коленного сустава (1 зона)', 'C03.005.007.1')).toMatchObject({ service_id: 'svc_mri_knee', method: 'code' });
    expect(match('МРТ голеностопного сустава', 'C03.005.007')).toMatchObject({ service_id: 'svc_mri_ankle', method: 'code' });
  });

  it('reads an OCR code with Cyrillic look-alikes («В06.484.005») as the tariff code', () => {
    expect(match('Тиреотропный гормон (ТТГ)', 'В06.484.005')).toMatchObject({ service_id: 'svc_tsh', method: 'code' });
  });

  it('ignores a code whose entries have nothing to do with the name', () => {
    // The code of the brain MRT on a urea test: a typo in the clinic's code column.
    expect(match('Мочевина', 'C03.008.007')).toMatchObject({ service_id: 'svc_urea', method: 'exact' });
  });

  it('never forces «МРТ коленного сустава» onto «МРТ головного мозга» when the knee is missing from the dictionary', () => {
    const withoutKnee = createMatcher({ services: TEST_SERVICES.filter((s) => s.service_id !== 'svc_mri_knee' && s.service_id !== 'svc_mri_ankle') });
    const outcome = withoutKnee.match({ raw_name: 'МРТ коленного сустава', code: null, section: null });
    expect(outcome.status).not.toBe('normalized');
    expect(outcome.service_id).toBeNull();
  });

  it('matches reordered and inflected words by fuzzy scoring', () => {
    expect(match('УЗИ плода 3D')).toMatchObject({ service_id: 'svc_us3d', method: 'fuzzy', status: 'normalized' });
  });

  it('applies a learned synonym to a name the dictionary does not know', () => {
    const learned = createMatcher({
      services: TEST_SERVICES,
      synonyms: [{ name_norm: normalizeName('Тиреотропин'), service_id: 'svc_tsh', raw_name: 'Тиреотропин', clinic_id: null, created_at: '2026-01-01T00:00:00Z' }],
    });
    expect(learned.match({ raw_name: 'ТИРЕОТРОПИН', code: null, section: null })).toMatchObject({ service_id: 'svc_tsh', method: 'synonym', confidence: 1 });
  });

  it('lets an analyst\'s decision outrank the code stage for that name', () => {
    // C03.005.007 is shared by knee and ankle MRT; the analyst said this name is the ankle.
    const name = 'МРТ коленного сустава (1 зона)';
    expect(match(name, 'C03.005.007.1')).toMatchObject({ service_id: 'svc_mri_knee', method: 'code' });
    const decided = createMatcher({
      services: TEST_SERVICES,
      synonyms: [{ name_norm: normalizeName(name), service_id: 'svc_mri_ankle', raw_name: name, clinic_id: null, created_at: '2026-01-01T00:00:00Z' }],
    });
    expect(decided.match({ raw_name: name, code: 'C03.005.007.1', section: null })).toMatchObject({ service_id: 'svc_mri_ankle', method: 'synonym' });
  });

  it('leaves a service the dictionary lacks unrecognized', () => {
    expect(match('Ведение больного в стационаре 1 койко-день')).toMatchObject({ service_id: null, status: 'unrecognized' });
  });

  it('keeps the best candidates for the verification queue, best first', () => {
    const outcome = match('МРТ сустава');
    expect(outcome.candidates.length).toBeGreaterThan(1);
    const scores = outcome.candidates.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('never queues a code mnemonic name (DESIGN §4 rule 2)', () => {
    const outcome = match('AL4.7');
    expect(outcome.status).not.toBe('queued');
  });
});

describe('match: candidate index', () => {
  it('offers only services sharing a word with the name', () => {
    const index = createCandidateIndex(TEST_SERVICES);
    const names = index.candidates(toTerms(normalizeName('МРТ шеи')), 10).map((e) => e.service.service_id);
    expect(names.sort()).toEqual(['svc_mri_ankle', 'svc_mri_brain', 'svc_mri_knee']);
    expect(index.candidates(toTerms(normalizeName('Ксенон')), 10)).toEqual([]);
  });

  it('ranks services sharing a rare word above those sharing a common one', () => {
    const index = createCandidateIndex(TEST_SERVICES);
    const first = index.candidates(toTerms(normalizeName('МРТ коленного сустава')), 10)[0];
    expect(first?.service.service_id).toBe('svc_mri_knee');
  });
});
