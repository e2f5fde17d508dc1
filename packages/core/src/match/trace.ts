/**
 * Why a position was matched as it was: a small serialisable object kept with the match (stored per position, so
 * it stays under ~150 bytes as JSON): the stage, the hand rule that chose the same entry, a few signals with their
 * values, the guards that fired, and for a learned synonym the decision it came from.
 */
import type { LegacyStage } from './ranker/features.js';

export interface MatchTrace {
  /**
   * `synonym`: an analyst's decision; `ranker`: the fitted ranker; `rules`: the hand-rule cascade alone; `embedding`:
   * the embedding stage (its cosine is not a calibrated probability).
   */
  readonly stage: 'synonym' | 'ranker' | 'rules' | 'embedding';
  /** The hand rule that chose the same entry, when one did. */
  readonly rule?: LegacyStage;
  /** A few signals, rounded: the ranker's log-odds, term score, n-gram cosine, margin to the runner-up. */
  readonly signals?: Readonly<Record<string, number>>;
  /** Guards that fired for the chosen entry (`combination`, `ambiguous`). */
  readonly guards?: readonly string[];
  /** For a learned synonym: the clinic and day of the decision (`clinic_id@YYYY-MM-DD`, `*` for none). */
  readonly decision?: string;
}
