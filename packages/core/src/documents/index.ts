/**
 * @module documents — facts about one price-list document (clinic, city, effective date, BIN) and
 * clinic de-duplication. Pure functions, browser-safe.
 */
export { detectDocumentFacts, findBin } from './document-facts.js';
export type { DocumentFacts, DocumentFactsInput } from './document-facts.js';
export { clinicKey, findSameClinic } from './clinic-key.js';
export { findClinicName } from './clinic-name.js';
export { clinicNameFromPath } from './file-name-clinic.js';
export { findCityInPath, findCityInText, findMarkedCities, knownCities } from './city.js';
export { effectiveDateFromFileName, findEffectiveDate } from './effective-date.js';
export { LEGAL_FORMS } from './legal-forms.js';
export type { LegalForm } from './legal-forms.js';
