/**
 * Finds the clinic a document belongs to, or creates it: the same clinic named differently in two
 * files (or only by its file name) is one clinic.
 */
import type { DocumentFacts } from '../documents/index.js';
import { findSameClinic } from '../documents/index.js';
import type { Clinic } from '../storage/records.js';
import { newId } from './ids.js';

/** The clinic record to save with the document: an existing one, enriched, or a new one. */
export function resolveClinic(clinics: readonly Clinic[], facts: DocumentFacts, now: Date): Clinic {
  const names = uniqueNames([facts.clinic_name, facts.file_name_clinic]);
  const existing = findSameClinic(clinics, facts);
  if (!existing) {
    return {
      clinic_id: newId('cl'),
      name: facts.clinic_name,
      city: facts.city,
      bin: facts.bin,
      aliases: names,
      created_at: now.toISOString(),
    };
  }
  // An official name from a document's content beats a name taken from a file name.
  const name = existing.name === facts.file_name_clinic && facts.clinic_name_source === 'content' ? facts.clinic_name : existing.name;
  return {
    ...existing,
    name,
    city: existing.city ?? facts.city,
    bin: existing.bin ?? facts.bin,
    aliases: uniqueNames([...existing.aliases, ...names]),
  };
}

// ---- internal helpers ----

function uniqueNames(names: readonly string[]): string[] {
  return [...new Set(names.map((n) => n.trim()).filter((n) => n.length > 0))];
}
