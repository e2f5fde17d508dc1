/**
 * Why a position was matched as it was: a small serialisable object kept with the match (stored per position, so
 * it stays under ~150 bytes as JSON): the stage, the hand rule that chose the same entry, a few signals with their
 * values, the guards that fired, and for a learned synonym the decision it came from.
 */
import type { TRACE_STAGES } from '../contract/limits.js';

/** The stage of the hand rules that decided a row (the ranker's input; match/ranker/features.ts). */
export type LegacyStage = 'code' | 'exact' | 'rule' | 'fuzzy';

export interface MatchTrace {
  /**
   * `synonym`: an analyst's decision of the same name; `decision`: what the decision log teaches — the clinic's decision
   * of the same row in an earlier list, a wording decided alike in two clinics, or a rejected suggestion
   * (match/decision-memory.ts); `ranker`: the fitted ranker; `rules`: the hand-rule cascade alone; `embedding`:
   * the embedding stage (its cosine is not a calibrated probability).
   */
  readonly stage: (typeof TRACE_STAGES)[number];
  /** The hand rule that chose the same entry, when one did. */
  readonly rule?: LegacyStage;
  /** A few signals, rounded: the ranker's log-odds, term score, n-gram cosine, margin to the runner-up. */
  readonly signals?: Readonly<Record<string, number>>;
  /** Guards that fired for the chosen entry (`combination`, `ambiguous`). */
  readonly guards?: readonly string[];
  /**
   * For a learned synonym: the clinic and day of the decision (`clinic_id@YYYY-MM-DD`, `*` for none); for stage
   * `decision`: what it carried (`clinic`, `alias`, `skip`, `rejected`, or `suggested` when the earlier answer only leads the
   * suggestions because the row has other words besides) and the decision's id (`clinic:dec_…`).
   */
  readonly decision?: string;
}
