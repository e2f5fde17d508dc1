/**
 * The shapes the matcher's stages share (the cascade, the ranked stage, the embedding stage): what a row asks,
 * what a stage answers. A module of types only, below the stages, so no stage imports another to name them.
 *
 * @module
 */
import type { MatchCandidate, MatchMethod } from '../storage/records.js';
import type { LegacyStage } from './ranker/features.js';
import type { PositionTerms } from './scorers/term-coverage.js';
import type { MatchTrace } from './trace.js';

/** What the cascade is asked to match: one priced row. */
export interface MatchInput {
  readonly raw_name: string;
  readonly code: string | null;
  readonly section: string | null;
}

/** The cascade's decision for one row, before the concentrated-group rule (see concentrated-groups.ts). */
export interface MatchOutcome {
  readonly name_norm: string;
  readonly service_id: string | null;
  readonly confidence: number;
  readonly method: MatchMethod | null;
  readonly status: 'normalized' | 'queued' | 'unrecognized';
  readonly candidates: readonly MatchCandidate[];
  /** Why (trace.ts). */
  readonly trace?: MatchTrace;
}

/** Score limits of the fuzzy stage. */
export interface MatchThresholds {
  /** At or above: normalized automatically (rule 1 may still withdraw it below 0.72). @default 0.7 */
  readonly accept: number;
  /** At or above (and below `accept`): queued for verification with candidates; below: unrecognized. @default 0.35 */
  readonly queue: number;
}

/** The hand rules' outcome, the stage that decided it, and whether they found the best two too close. */
export interface RuleOutcome {
  readonly outcome: MatchOutcome;
  readonly stage: LegacyStage | null;
  readonly ambiguous: boolean;
}

/** What the scorer reads of a row: its name's terms, its section's, and the name's first sentence alone. */
export interface RowTerms {
  readonly full: PositionTerms;
  /**
   * The name's first sentence, with and without brackets: `Осмотр невролога. Медицинский осмотр` → `Осмотр
   * невролога` (later sentences often name a programme, brackets an extra scope or the variant: `вирус простого
   * герпеса (II тип)`); those differing from the whole name.
   */
  readonly heads: readonly PositionTerms[];
  /** True for an allergen-specific IgE test (allergen-tests.ts), read as that test whatever its name says. */
  readonly allergen: boolean;
}
