import { describe, it, expect } from 'vitest';
import { fnv1a64, serviceIdFor } from './service-id.js';

describe('dictionary: service ids', () => {
  it('computes the published FNV-1a 64 values', () => {
    // Reference values of the FNV-1a 64-bit test suite (Fowler/Noll/Vo): "" and "a".
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
  });

  it('gives the same id to the same entry written with other case, spaces or ё', () => {
    expect(serviceIdFor('Терапевт', 'Прием  терапевта, первичный')).toBe(serviceIdFor(' терапевт', 'ПРИЁМ терапевта первичный'));
  });

  it('gives different ids to one name under two specialties', () => {
    expect(serviceIdFor('Хирург', 'Перевязка')).not.toBe(serviceIdFor('Травматолог', 'Перевязка'));
  });

  it('looks like svc_ followed by 16 hex digits', () => {
    expect(serviceIdFor('Лор', 'Прием ЛОР-врача')).toMatch(/^svc_[0-9a-f]{16}$/);
  });
});
