/**
 * The reconciliation use case (W3C Reconciliation API, served by @pricecat/http): the matcher exactly
 * as ingest runs it, answering "which dictionary services could this name be, and how sure are we?".
 * It deliberately stops before the per-clinic concentrated-group rule (DESIGN §4 rule 1): that rule
 * needs a whole price list, and a reconciliation query is one name on its own.
 */
import { PricecatError } from '../errors.js';
import type { MatchOutcome } from '../match/cascade.js';
import type { Service } from '../storage/records.js';
import type { ReconcileCandidate, ReconcileQuery } from '../model/catalogue-types.js';
import type { CatalogueContext } from './context.js';
import { detail } from '../messages/message-catalogue.js';

/** Candidates per query when the query names no `limit`. */
export const RECONCILE_DEFAULT_LIMIT = 5;
/** The most candidates one query can ask for; larger limits are capped, not refused. */
export const RECONCILE_MAX_LIMIT = 25;
/** The most queries one batch may hold (OpenRefine sends 10 per batch by default). */
export const RECONCILE_MAX_QUERIES = 100;

/**
 * Matches each query's name (with its code and section as extra evidence) and returns its candidates,
 * best first. When ingest would pick a service, that service comes first with `score` = the confidence
 * ingest records and `match` = whether ingest would normalize automatically; the matcher's other
 * candidates follow with `match: false`. Throws `INVALID_INPUT` for an empty name, a bad `limit` or more
 * than {@link RECONCILE_MAX_QUERIES} queries.
 */
export async function reconcile(context: CatalogueContext, queries: readonly ReconcileQuery[]): Promise<ReconcileCandidate[][]> {
  validateQueries(queries);
  if (queries.length === 0) return [];
  const matcher = await context.matcher();
  const outcomes = await matcher.matchAll(
    queries.map((q) => ({ raw_name: q.query, code: blankToNull(q.code), section: blankToNull(q.section) })),
  );
  const services = new Map((await context.storage.listServices()).map((s) => [s.service_id, s]));
  return outcomes.map((outcome, i) => toCandidates(outcome, services, limitOf(queries[i]!)));
}

// ---- internal helpers ----

function validateQueries(queries: readonly ReconcileQuery[]): void {
  if (queries.length > RECONCILE_MAX_QUERIES) {
    throw new PricecatError(
      'INVALID_INPUT',
      detail('RECONCILE_TOO_MANY', { max: RECONCILE_MAX_QUERIES, count: queries.length }),
    );
  }
  queries.forEach((query, i) => {
    if (typeof query.query !== 'string' || query.query.trim() === '') {
      throw new PricecatError('INVALID_INPUT', detail('RECONCILE_EMPTY_NAME', { number: i + 1 }));
    }
    const limit = query.limit;
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 1)) {
      throw new PricecatError('INVALID_INPUT', detail('RECONCILE_LIMIT_INVALID', { number: i + 1, got: String(limit) }));
    }
  });
}

function limitOf(query: ReconcileQuery): number {
  return Math.min(query.limit ?? RECONCILE_DEFAULT_LIMIT, RECONCILE_MAX_LIMIT);
}

function blankToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

function toCandidates(outcome: MatchOutcome, services: ReadonlyMap<string, Service>, limit: number): ReconcileCandidate[] {
  const result: ReconcileCandidate[] = [];
  const seen = new Set<string>();
  const add = (serviceId: string, fallbackName: string, score: number, match: boolean): void => {
    if (seen.has(serviceId)) return;
    seen.add(serviceId);
    const service = services.get(serviceId);
    result.push({ id: serviceId, name: service?.name ?? fallbackName, category: service?.category ?? '', score, match });
  };
  if (outcome.service_id) {
    const chosen = services.get(outcome.service_id);
    add(outcome.service_id, chosen?.name ?? outcome.service_id, outcome.confidence, outcome.status === 'normalized');
  }
  // The candidates are already best first; the chosen service may be among them (fuzzy) and is skipped.
  for (const candidate of outcome.candidates) add(candidate.service_id, candidate.name, candidate.score, false);
  return result.slice(0, limit);
}
