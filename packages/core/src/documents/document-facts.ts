/**
 * Facts about one price-list document that are not in its price table: who issued it, where, from
 * when, and the business id. Each fact comes from the content first and the path second.
 */
import { findCityInPath, findCityInText, findMarkedCities } from './city.js';
import { findClinicName } from './clinic-name.js';
import { effectiveDateFromFileName, findEffectiveDate } from './effective-date.js';
import { clinicNameFromPath } from './file-name-clinic.js';

/** What {@link detectDocumentFacts} found. */
export interface DocumentFacts {
  /** The official name the document states, else {@link DocumentFacts.file_name_clinic}. */
  readonly clinic_name: string;
  readonly clinic_name_source: 'content' | 'file_name';
  /** The name the file name implies (`Клиника 7_Прайс 2026.xls` → `Клиника 7`), always set. */
  readonly file_name_clinic: string;
  /** Canonical nominative city (`Астана`, `Алматы`, `Москва`), null when neither content nor path names one. */
  readonly city: string | null;
  readonly city_source: 'content' | 'path' | null;
  /** ISO `YYYY-MM-DD`; `YYYY-01-01` when only a year is known; null when unknown. */
  readonly effective_date: string | null;
  /** 12-digit business (or individual) identification number, null when not stated. */
  readonly bin: string | null;
}

/** Input of {@link detectDocumentFacts}. */
export interface DocumentFactsInput {
  /** The file's path; inside a ZIP it may include folders (`Алматы/Клиника 3 прайс 2026.pdf`). */
  readonly path: string;
  /** The document's text outside the price table and the first rows of its tables, in reading order. */
  readonly lines: readonly string[];
  /**
   * The rest of the document (service names, sections). Used only for the city, when neither `lines`
   * nor the path names one: the body must name exactly one city with `г.`/`город` before it.
   */
  readonly bodyLines?: readonly string[];
}

/** `БИН 123456789012`, `БИН/ИИН: 1234 5678 9012`, `BIN: ...`; spaces inside the digits tolerated. */
const BIN = /(?<![\p{L}])(?:БИН|BIN|ИИН|IIN|БСН|ЖСН)(?:\s*\/\s*(?:ИИН|БИН|IIN|BIN))?\s*[:№-]?\s*(\d(?:[\s ]?\d){11})(?!\d)/iu;

/**
 * Clinic name, city, effective date and BIN of one document.
 * - Clinic: the first legal-form or clinic-word name in the lines, else the file-name form.
 * - City: the lines (`г. Алматы`, `в г.Шымкенте`, an address), else the folders and the file name,
 *   else the one city the body names with `г.` (`Вызов бригады ... (г. Астана)`).
 * - Effective date: a "takes effect" phrase in the lines, else the year in the file name.
 * - BIN: 12 digits after `БИН`/`BIN`.
 */
export function detectDocumentFacts(input: DocumentFactsInput): DocumentFacts {
  const lines = input.lines.flatMap((line) => line.split(/\r?\n/)).filter((line) => line.trim().length > 0);
  const fileNameClinic = clinicNameFromPath(input.path);
  const contentName = findClinicName(lines);
  const contentCity = findCityInText(lines);
  const pathCity = contentCity ? null : findCityInPath(input.path);
  const bodyCities = contentCity || pathCity ? [] : findMarkedCities(input.bodyLines ?? []);
  const bodyCity = bodyCities.length === 1 ? bodyCities[0]! : null;
  return {
    clinic_name: contentName ?? fileNameClinic,
    clinic_name_source: contentName ? 'content' : 'file_name',
    file_name_clinic: fileNameClinic,
    city: contentCity ?? pathCity ?? bodyCity,
    city_source: contentCity || bodyCity ? 'content' : pathCity ? 'path' : null,
    effective_date: findEffectiveDate(lines) ?? effectiveDateFromFileName(input.path),
    bin: findBin(lines),
  };
}

/** The first 12-digit BIN stated after `БИН`/`BIN` in the lines, or null. */
export function findBin(lines: readonly string[]): string | null {
  for (const line of lines) {
    const digits = BIN.exec(line)?.[1]?.replace(/\D/g, '');
    if (digits?.length === 12) return digits;
  }
  return null;
}
