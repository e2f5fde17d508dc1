/**
 * The position's `trace` in words for the analyst: why the matcher matched or suggested as it did (the stage, the hand
 * rule that agreed, the signals above one half, the guards that fired, the decision it came from).
 */
import type { MatchTrace } from '@pricecat/core/contract';
import { formatShare } from '../format/format.js';
import { messages } from '../i18n/messages.js';

const t = messages.queue;

/** One line of Russian, or null when there is no trace. */
export function traceText(trace: MatchTrace | null | undefined): string | null {
  if (!trace) return null;
  const kind = trace.stage === 'decision' ? (trace.decision ?? '').split(':')[0]! : '';
  const parts = [t.reasons[kind === 'clinic' || kind === '' ? trace.stage : kind] ?? t.reasons[trace.stage] ?? trace.stage];
  if (trace.rule) parts.push(t.rules[trace.rule] ?? trace.rule);
  for (const [name, value] of Object.entries(trace.signals ?? {})) {
    const label = t.signals[name];
    if (label) parts.push(`${label} ${formatShare(Math.max(0, Math.min(1, value)))}`);
  }
  for (const guard of trace.guards ?? []) parts.push(t.guards[guard] ?? guard);
  return parts.join('; ');
}
