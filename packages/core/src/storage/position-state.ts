/**
 * A position's state in words, for the message of a decision refused because someone else changed the
 * position meanwhile («теперь она сопоставлена с услугой …»).
 *
 * @module
 */
import { renderMessage } from '../messages/message-catalogue.js';
import type { Position } from './records.js';

/** `сопоставлена с услугой s-1 (способ: вручную)`, or the status's Russian name. */
export function describePositionState(state: Pick<Position, 'status' | 'service_id' | 'method'>): string {
  if (state.status === 'normalized') return `сопоставлена с услугой ${state.service_id ?? '?'} (способ: ${renderMessage(`method.${state.method ?? 'manual'}`)})`;
  return renderMessage(`status.${state.status}`);
}
