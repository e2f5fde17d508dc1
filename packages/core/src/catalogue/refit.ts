/**
 * The refit of the ranker from the analysts' decisions: every decided row (the row the analyst decided, not the
 * identical names the decision was applied to; the latest decision per clinic and name) becomes a labelled row —
 * the service chosen, or none for a skip — beside the bundled training rows, and the ranker with its calibration
 * is fitted again (match/ranker/refit.ts). Nothing is written here: the caller keeps the model or not.
 */
import type { RankerModel } from '../match/ranker/ranker.js';
import { refitRanker, type LabelledRow, type RefitResult } from '../match/ranker/refit.js';
import type { Decision } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';

export interface RefitFromDecisionsResult extends RefitResult {
  /** Labelled rows taken from the decision log. */
  readonly decided_rows: number;
  /** Labelled rows of the bundled training set. */
  readonly training_rows: number;
}

export async function refitFromDecisions(
  storage: Storage,
  options: { readonly current: RankerModel; readonly training: readonly LabelledRow[]; readonly targetPrecision?: number },
): Promise<RefitFromDecisionsResult> {
  const [services, decisions] = await Promise.all([storage.listServices(), storage.listDecisions()]);
  const decided = decidedRows(decisions);
  const result = refitRanker({
    services,
    rows: [...options.training, ...decided],
    current: options.current,
    ...(options.targetPrecision !== undefined && { targetPrecision: options.targetPrecision }),
  });
  return { ...result, decided_rows: decided.length, training_rows: options.training.length };
}

/** The decided rows of the log, the latest decision of each clinic's name winning; rows that name nothing left out. */
export function decidedRows(decisions: readonly Decision[]): LabelledRow[] {
  const latest = new Map<string, LabelledRow>();
  for (const decision of decisions) {
    const position = decision.previous[0];
    if (!position || position.name_norm === '') continue;
    latest.set(`${position.clinic_id}\u0000${position.name_norm}`, {
      raw_name: position.raw_name,
      code: position.code,
      section: position.section,
      group: position.clinic_id,
      service_id: decision.action === 'match' ? decision.service_id : null,
    });
  }
  return [...latest.values()];
}
