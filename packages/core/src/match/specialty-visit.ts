/**
 * A row that names only a specialist (`Терапевт`, `Окулист`, `Отоларинголог`), as the lists of a medical check-up
 * do: the service is that specialist's visit (`Прием терапевта`, `Прием офтальмолога`, `Прием ЛОР`). Only when
 * the row's terms are exactly the specialist of a visit entry or of one of its aliases (`Терапевт-профпатолог` of
 * `Прием терапевта-профпатолога`, an alias of `Прием профпатолога`): `Хирургическая обработка раны` is no visit.
 */
import type { IndexedService } from './candidate-index.js';
import { termsKey, toTerms } from './terms.js';

/** The term of «прием» (and «консультация», «осмотр»: assets/vocabulary/terms.tsv). */
const VISIT = toTerms('прием')[0]!;

/** Finds the visit entry of a row that names only its specialist. */
export interface SpecialtyVisits {
  /** The visit entry whose specialist the terms name, and nothing else; null when none (or the row names a visit). */
  visitOf(terms: readonly string[]): IndexedService | null;
}

export function createSpecialtyVisits(services: readonly IndexedService[]): SpecialtyVisits {
  const bySpecialist = new Map<string, IndexedService>();
  const add = (entry: IndexedService, terms: readonly string[]) => {
    if (terms[0] !== VISIT || terms.length < 2) return;
    const key = termsKey(terms.slice(1));
    // Entries of one specialist under several names (`Прием окулиста`, `Прием офтальмолога`) read alike: the first.
    if (!bySpecialist.has(key)) bySpecialist.set(key, entry);
  };
  for (const entry of services) add(entry, entry.terms);
  // Then the visits' other readings, their aliases among them (`Прием кардиолога-аритмолога` of `Прием аритмолога`):
  // a check-up list's `Кардиолог-аритмолог`. A dictionary name keeps its specialist.
  for (const entry of services) for (const reading of entry.readings) add(entry, reading);
  return {
    visitOf: (terms) => (terms.length === 0 || terms.includes(VISIT) ? null : bySpecialist.get(termsKey(terms)) ?? null),
  };
}
