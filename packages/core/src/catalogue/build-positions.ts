/**
 * Rows of one price list → matched positions.
 */
import type { PriceRow } from '../extract/price-row.js';
import { kindPricesOf } from '../model/price-kinds.js';
import type { Matcher, MatchOutcome } from '../match/cascade.js';
import { withdrawConcentratedGroups } from '../match/concentrated-groups.js';
import type { DecisionMemory } from '../match/decision-memory.js';
import type { MatchTrace } from '../match/trace.js';
import { isCodeMnemonic } from '../match/code-mnemonic.js';
import type { Position, PositionStatus } from '../storage/records.js';
import { newId } from './ids.js';

export interface PositionOwner {
  readonly price_list_id: string;
  readonly clinic_id: string;
}

/** Confidence of a row decided by its clinic's earlier decision of the same wording (decision-memory.ts). */
export const CARRIED_CONFIDENCE = 0.97;
/** Confidence of a row decided by a wording that analysts of two or more clinics decided alike. */
export const ALIAS_CONFIDENCE = 0.95;

/**
 * Matches every row, applies what the analysts' decisions teach (their earlier answer for the clinic's same
 * row, cross-clinic aliases, rejected suggestions), then the concentrated-group rule over the list (DESIGN §4
 * rule 1).
 */
export async function buildPositions(
  rows: readonly PriceRow[],
  owner: PositionOwner,
  matcher: Matcher,
  warn: (message: string) => void = () => undefined,
  memory?: DecisionMemory,
): Promise<Position[]> {
  const matched = await matcher.matchAll(
    rows.map((row) => ({ raw_name: row.name, code: row.code, section: row.section })),
    { warn },
  );
  const outcomes = withdrawConcentratedGroups(memory ? matched.map((o, i) => withLessons(o, owner.clinic_id, memory, rows[i]!.name)) : matched);
  const ids = rows.map(() => newId('pos'));
  const idBySource = new Map(rows.map((row, i) => [sourceKey(row.source), ids[i]!]));
  return rows.map((row, i) => {
    const outcome = outcomes[i]!;
    const packageId = row.kind === 'component' && row.partOf ? (idBySource.get(sourceKey(row.partOf)) ?? null) : null;
    return {
      position_id: ids[i]!,
      price_list_id: owner.price_list_id,
      clinic_id: owner.clinic_id,
      raw_name: row.name,
      name_norm: outcome.name_norm,
      code: row.code,
      section: row.section,
      unit: row.unit,
      ...kindPricesOf(row.prices),
      prices_raw: row.prices,
      service_id: outcome.service_id,
      confidence: outcome.confidence,
      method: outcome.method,
      status: outcome.status,
      candidates: outcome.candidates,
      ...(outcome.trace && { trace: outcome.trace }),
      warnings: row.warnings,
      source: row.source,
      // A part whose package is not among the rows (it cannot be: both come from one table) stays a service.
      kind: row.kind === 'component' ? (packageId === null ? 'service' : 'component') : (row.kind ?? 'service'),
      package_id: packageId,
    };
  });
}

// ---- internal helpers ----

function sourceKey(source: PriceRow['source']): string {
  return `${source.table}\u0000${source.row}`;
}

type LearnedOutcome = Omit<MatchOutcome, 'status'> & { readonly status: PositionStatus };

/**
 * An outcome corrected by the decisions: an exact-name synonym stands (it is a decision already); else the clinic's
 * earlier decision of the same wording (or a cross-clinic alias) decides — a skip carries over as a skip —; else a
 * rejected suggestion is neither the automatic match nor among the suggestions.
 */
function withLessons(outcome: MatchOutcome, clinicId: string, memory: DecisionMemory, rawName: string): LearnedOutcome {
  // An analyst's synonym of the very name stands: it is a decision already.
  if (outcome.method === 'synonym' || outcome.name_norm === '') return outcome;
  const recalled = memory.recall(clinicId, outcome.name_norm);
  if (recalled?.exact && recalled.service_id === null) {
    const trace: MatchTrace = { stage: 'decision', decision: `skip:${recalled.decision_id}` };
    return { ...outcome, service_id: null, method: null, confidence: 0, status: 'skipped', trace };
  }
  if (recalled?.exact && recalled.service_id !== null) {
    const confidence = recalled.scope === 'clinic' ? CARRIED_CONFIDENCE : ALIAS_CONFIDENCE;
    const trace: MatchTrace = { stage: 'decision', decision: `${recalled.scope}:${recalled.decision_id}` };
    return { ...outcome, service_id: recalled.service_id, method: 'synonym', confidence, status: 'normalized', trace };
  }
  const rejected = memory.rejectedFor(outcome.name_norm);
  let candidates = rejected.size === 0 ? outcome.candidates : outcome.candidates.filter((c) => !rejected.has(c.service_id));
  let { status, service_id: serviceId, method } = outcome;
  let trace = outcome.trace;
  if (serviceId !== null && rejected.has(serviceId)) {
    serviceId = null;
    method = null;
    status = 'queued';
    trace = { ...outcome.trace, stage: 'decision', decision: 'rejected' } as MatchTrace;
  }
  // A row decided with the same dictionary words but other words besides (another doctor, or another brand the
  // dictionary lacks): the earlier answer leads the suggestions, and an analyst confirms it.
  const suggested = recalled?.service_id ? candidates.find((c) => c.service_id === recalled.service_id) : undefined;
  if (recalled && suggested && serviceId !== recalled.service_id) {
    candidates = [suggested, ...candidates.filter((c) => c !== suggested)];
    serviceId = null;
    method = null;
    status = 'queued';
    trace = { stage: 'decision', decision: `suggested:${recalled.decision_id}` };
  }
  if (candidates === outcome.candidates && serviceId === outcome.service_id) return outcome;
  // A row left with no candidate has nothing to confirm; a code mnemonic is never queued (DESIGN §4 rule 2).
  if (status === 'queued' && (candidates.length === 0 || isCodeMnemonic(rawName))) status = 'unrecognized';
  return { ...outcome, candidates, service_id: serviceId, method, status, ...(trace && { trace }) };
}
