/**
 * The decision log read as lessons for the matcher (match/decision-memory.ts): every decided wording, and every
 * suggestion an analyst turned down. Derived from the log rather than stored apart, so an undo takes its lessons
 * back with it.
 */
import type { DecidedName, RejectedSuggestion } from '../match/decision-memory.js';
import type { Decision, Position } from '../storage/records.js';

export interface DecisionLessons {
  readonly decided: DecidedName[];
  readonly rejected: RejectedSuggestion[];
}

/**
 * For each decision: the positions it decided (the requested one first) with the service chosen (null for a
 * skip), and, for each of them, the answer the machine had given — the automatic match, or else the first
 * suggestion — when the analyst's answer differs from it.
 */
export function lessonsOf(decisions: readonly Decision[]): DecisionLessons {
  const decided: DecidedName[] = [];
  const rejected: RejectedSuggestion[] = [];
  for (const decision of decisions) {
    decision.previous.forEach((position, i) => {
      if (position.name_norm === '') return;
      decided.push({
        clinic_id: position.clinic_id,
        name_norm: position.name_norm,
        service_id: decision.service_id,
        decision_id: decision.decision_id,
        primary: i === 0,
      });
      const machine = machineAnswerOf(position);
      if (machine !== null && machine !== decision.service_id) {
        rejected.push({ name_norm: position.name_norm, service_id: machine, decision_id: decision.decision_id });
      }
    });
  }
  return { decided, rejected };
}

// ---- internal helpers ----

/** What the machine offered before the analyst decided: its automatic match, else its first suggestion. */
function machineAnswerOf(position: Position): string | null {
  if (position.status === 'normalized' && position.method !== 'manual') return position.service_id;
  if (position.status === 'normalized') return null;
  return position.candidates[0]?.service_id ?? null;
}
