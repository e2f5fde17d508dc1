/**
 * Clinic de-duplication: one key for every way documents name a clinic, and the lookup of a known
 * clinic for a new document's facts.
 */
import { normalizeName } from '../match/normalize.js';
import type { Clinic } from '../storage/records.js';
import type { DocumentFacts } from './document-facts.js';
import { LEGAL_FORM_TOKENS, removeFullLegalForms } from './legal-forms.js';

/**
 * The de-duplication key of a clinic name: case, quotes, punctuation and the legal form (abbreviated
 * or in full, before or after the name) removed. «ТОО "Клиника Здоровье"», "Клиника Здоровье ТОО",
 * `ТОО «КЛИНИКА ЗДОРОВЬЕ»` and `Клиника Здоровье` all give `клиника здоровье`.
 * "Медицинский центр" and "МЦ" are the same words here. Empty when the name is only a legal form.
 */
export function clinicKey(name: string): string {
  // «№» would become «No» under NFKC: «Поликлиника №5» and «Поликлиника 5» are one clinic.
  const withoutFullForms = removeFullLegalForms(name.replace(/№/g, ' ').normalize('NFKC'));
  const words = normalizeName(withoutFullForms)
    .replace(/(?<![\p{L}\p{N}])медицинск\p{L}*\s+центр\p{L}*/gu, 'мц')
    .split(' ')
    .filter((word) => word.length > 0);
  return dropLegalFormTokens(words).join(' ');
}

/**
 * The known clinic a document belongs to, or undefined for a new clinic.
 * Same BIN wins; two different BINs never match. Otherwise any alias (or the name) of a clinic whose
 * key equals the key of the document's content name or of its file-name clinic.
 * NOTE: the ingest stores both the content name and the file-name form as aliases, so a later file
 * named only `Клиника 6 прайс 2027.xlsx` lands on the clinic whose first file stated its official name.
 */
export function findSameClinic(clinics: readonly Clinic[], facts: DocumentFacts): Clinic | undefined {
  if (facts.bin) {
    const byBin = clinics.find((clinic) => clinic.bin === facts.bin);
    if (byBin) return byBin;
  }
  const wanted = new Set([clinicKey(facts.clinic_name), clinicKey(facts.file_name_clinic)].filter((key) => key !== ''));
  if (wanted.size === 0) return undefined;
  return clinics.find((clinic) => {
    if (facts.bin && clinic.bin && clinic.bin !== facts.bin) return false;
    return [clinic.name, ...clinic.aliases].some((alias) => wanted.has(clinicKey(alias)));
  });
}

// ---- internal helpers ----

/** Drop abbreviations (`тоо`, `гкп`, `пхв`, ...) and the `на` of «ГКП на ПХВ». */
function dropLegalFormTokens(words: readonly string[]): string[] {
  const kept: string[] = [];
  words.forEach((word, index) => {
    if (LEGAL_FORM_TOKENS.has(word)) return;
    if (word === 'на' && words[index + 1] === 'пхв') return;
    kept.push(word);
  });
  return kept;
}
