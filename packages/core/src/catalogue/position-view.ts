/**
 * A position as the operator screens show it: the row itself with its clinic and file spelled out, and
 * its candidates with their categories. Shared by the verification queue and the unmatched list.
 */
import type { MatchTrace } from '../match/trace.js';
import type { MatchCandidate, MatchMethod, Position, PositionKind, PositionStatus } from '../storage/records.js';
import type { Directory } from '../storage/query-port.js';

/** A candidate dictionary service for a position, with the service's category. */
export interface CandidateView {
  readonly service_id: string;
  readonly name: string;
  /** The dictionary's specialty of the service. */
  readonly category: string;
  /** The matcher's confidence for this service, 0..1. */
  readonly score: number;
  /** The stage that proposed it (`fuzzy`, `embedding`, …). */
  readonly method: MatchMethod;
}

/** One position with where it comes from: clinic, city, file and the list's effective date. */
export interface PositionView {
  readonly position_id: string;
  readonly raw_name: string;
  readonly name_norm: string;
  readonly status: PositionStatus;
  /** The matcher's best score for the row, 0..1 (the queue's sort key). */
  readonly confidence: number;
  readonly clinic_id: string;
  readonly clinic_name: string;
  readonly city: string | null;
  readonly section: string | null;
  readonly code: string | null;
  readonly unit: string | null;
  readonly price: number | null;
  readonly price_nonresident: number | null;
  /** Far-abroad price, null when the row has none (Position.price_nonresident_far). */
  readonly price_nonresident_far: number | null;
  readonly price_list_id: string;
  readonly file_name: string | null;
  readonly effective_date: string | null;
  /** Why the position was matched or suggested as it was (match/trace.ts); null for positions stored before traces. */
  readonly trace: MatchTrace | null;
  /** `component`: part of the package `package_id`, not sold on its own; `package`; `service`. */
  readonly kind: PositionKind;
  readonly package_id: string | null;
}

/** The position with its clinic and price list looked up in the read model. */
export function viewPosition(model: Directory, position: Position): PositionView {
  const clinic = model.clinicsById.get(position.clinic_id);
  const list = model.priceListsById.get(position.price_list_id);
  return {
    position_id: position.position_id,
    raw_name: position.raw_name,
    name_norm: position.name_norm,
    status: position.status,
    confidence: position.confidence,
    clinic_id: position.clinic_id,
    clinic_name: clinic?.name ?? position.clinic_id,
    city: clinic?.city ?? null,
    section: position.section,
    code: position.code,
    unit: position.unit,
    price: position.price,
    price_nonresident: position.price_nonresident,
    price_nonresident_far: position.price_nonresident_far,
    price_list_id: position.price_list_id,
    file_name: list?.file_name ?? null,
    effective_date: list?.effective_date ?? null,
    trace: position.trace ?? null,
    kind: position.kind,
    package_id: position.package_id,
  };
}

/**
 * The position's candidates, best first, one per service, with categories; candidates naming a service
 * the dictionary no longer has are dropped (they could not be chosen).
 */
export function viewCandidates(model: Directory, candidates: readonly MatchCandidate[]): CandidateView[] {
  const seen = new Set<string>();
  const result: CandidateView[] = [];
  for (const candidate of candidates) {
    const service = model.servicesById.get(candidate.service_id);
    if (!service || seen.has(candidate.service_id)) continue;
    seen.add(candidate.service_id);
    result.push({
      service_id: service.service_id,
      name: service.name,
      category: service.category,
      score: candidate.score,
      method: candidate.method,
    });
  }
  return result;
}
