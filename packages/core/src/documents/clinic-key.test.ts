import { describe, it, expect } from 'vitest';
import type { Clinic } from '../storage/records.js';
import { clinicKey, findSameClinic } from './clinic-key.js';
import type { DocumentFacts } from './document-facts.js';

function clinic(overrides: Partial<Clinic>): Clinic {
  return { clinic_id: 'c1', name: 'Клиника', city: null, bin: null, aliases: [], created_at: '2026-01-01T00:00:00Z', ...overrides };
}

function facts(overrides: Partial<DocumentFacts>): DocumentFacts {
  return {
    clinic_name: 'Клиника 1',
    clinic_name_source: 'file_name',
    file_name_clinic: 'Клиника 1',
    city: null,
    city_source: null,
    effective_date: null,
    bin: null,
    ...overrides,
  };
}

describe('documents: clinic de-duplication', () => {
  it('gives «ТОО "Клиника Здоровье"», "Клиника Здоровье ТОО", ТОО «КЛИНИКА ЗДОРОВЬЕ» and Клиника Здоровье one key', () => {
    const keys = new Set(['ТОО "Клиника Здоровье"', 'Клиника Здоровье ТОО', 'ТОО «КЛИНИКА ЗДОРОВЬЕ»', 'Клиника Здоровье'].map(clinicKey));
    expect([...keys]).toEqual(['клиника здоровье']);
  });

  it('removes full legal forms in any case and ГКП на ПХВ', () => {
    expect(clinicKey('Корпоративного Фонда "University Medical Center"')).toBe(clinicKey('КФ «University Medical Center»'));
    expect(clinicKey('ГКП на ПХВ «Городская поликлиника №5»')).toBe('городская поликлиника 5');
  });

  it('treats «Медицинский центр» and «МЦ» as the same words', () => {
    expect(clinicKey('ТОО Медицинский центр «Сункар»')).toBe(clinicKey('МЦ Сункар'));
  });

  it('finds the clinic whose first file stated its official name when a later file has only its file name', () => {
    const known = clinic({ clinic_id: 'umc', name: 'КФ «University Medical Center»', aliases: ['КФ «University Medical Center»', 'Клиника 6'] });
    const later = facts({ clinic_name: 'Клиника 6', file_name_clinic: 'Клиника 6' });
    expect(findSameClinic([clinic({ name: 'Клиника 7', aliases: ['Клиника 7'] }), known], later)?.clinic_id).toBe('umc');
  });

  it('finds a clinic by the same BIN whatever its name', () => {
    const known = clinic({ clinic_id: 'bin', name: 'ТОО «Здоровье»', bin: '123456789012' });
    expect(findSameClinic([known], facts({ clinic_name: 'Клиника Х', bin: '123456789012' }))?.clinic_id).toBe('bin');
  });

  it('keeps clinics with different BINs apart even when the names agree', () => {
    const known = clinic({ name: 'ТОО «Здоровье»', bin: '111111111111', aliases: ['ТОО «Здоровье»'] });
    expect(findSameClinic([known], facts({ clinic_name: 'Здоровье ТОО', bin: '222222222222' }))).toBeUndefined();
  });

  it('returns nothing for a new clinic', () => {
    expect(findSameClinic([clinic({ name: 'Клиника 7', aliases: ['Клиника 7'] })], facts({}))).toBeUndefined();
  });
});
