/**
 * How the PostgreSQL store writes and undoes a decision of the verification queue: under row locks, checked
 * against what the analyst saw, so a decision on a position decided meanwhile (on any server) is refused.
 *
 * @module
 */
import type { PoolClient } from 'pg';
import { PricecatError } from '../errors.js';
import { DECISIONS, LEARNED_SYNONYMS, POSITIONS, SKIPPED_ITEMS, append, latestByKey, selectSql, stripNul, toJsonParam, updateSql, upsert, upsertSql } from './postgres-tables.js';
import type { Decision, Position } from './records.js';
import type { DecisionWrite } from './storage.js';
import { detail } from '../messages/message-catalogue.js';
import { describePositionState } from './position-state.js';

/**
 * Writes a decision after checking, under row locks, that each position is still as the decider saw it
 * (`decision.previous`): same status, service and method. Another decision on the same rows, from this
 * server or another, either committed first (then this one is refused) or waits for this one.
 */
export async function saveDecision(client: PoolClient, write: DecisionWrite): Promise<void> {
  const { decision } = write;
  const ids = decision.previous.map((p) => p.position_id);
  const { rows } = await client.query<DecisionState & { position_id: string; raw_name: string }>(
    'SELECT position_id, raw_name, status, service_id, method FROM positions WHERE position_id = ANY($1) ORDER BY position_id FOR UPDATE',
    [ids],
  );
  const stored = new Map(rows.map((row) => [row.position_id, row]));
  for (const seen of decision.previous) {
    const now = stored.get(seen.position_id);
    if (now && !sameState(now, seen)) {
      throw new PricecatError(
        'CONFLICT',
        detail('POSITION_CHANGED', { id: seen.position_id, name: now.raw_name, state: describePositionState(now) }),
      );
    }
  }
  for (const batch of latestByKey(write.positions, (p) => p.position_id)) await client.query(updateSql(POSITIONS), [toJsonParam(batch)]);
  if (decision.synonym) await upsert(client, LEARNED_SYNONYMS, [decision.synonym]);
  await append(client, SKIPPED_ITEMS, decision.skipped_items);
  await client.query(upsertSql(DECISIONS), [toJsonParam([decision])]);
}

/** The undo of storage.ts `revertDecision`, with the rules of decisions.ts `withoutDecision`. */
export async function revertDecision(client: PoolClient, decisionId: string): Promise<void> {
  const { rows } = await client.query<Decision>(`${selectSql(DECISIONS, 'decision_id = $1')} FOR UPDATE`, [decisionId]);
  const decision = rows[0];
  if (!decision) return;

  const ids = decision.previous.map((p) => p.position_id);
  const { rows: current } = await client.query<DecisionState & { position_id: string }>(
    'SELECT position_id, status, service_id, method FROM positions WHERE position_id = ANY($1) ORDER BY position_id FOR UPDATE',
    [ids],
  );
  const asDecided = new Set(current.filter((row) => isAsDecided(row, decision)).map((row) => row.position_id));
  const restorable = decision.previous.filter((p) => asDecided.has(p.position_id));
  if (restorable.length > 0) await client.query(updateSql(POSITIONS), [toJsonParam(restorable)]);

  const synonym = decision.synonym;
  if (synonym) {
    const removed = await client.query(
      'DELETE FROM learned_synonyms WHERE name_norm = $1 AND service_id = $2 AND created_at = $3::timestamptz',
      [stripNul(synonym.name_norm), synonym.service_id, synonym.created_at],
    );
    if ((removed.rowCount ?? 0) > 0 && decision.replaced_synonym) await upsert(client, LEARNED_SYNONYMS, [decision.replaced_synonym]);
  }
  for (const item of decision.skipped_items) {
    await client.query('DELETE FROM skipped_items WHERE position_id = $1 AND created_at = $2::timestamptz', [item.position_id, item.created_at]);
  }
  await client.query('DELETE FROM decisions WHERE decision_id = $1', [decisionId]);
}

interface DecisionState {
  readonly status: Position['status'];
  readonly service_id: string | null;
  readonly method: Position['method'];
}

function sameState(a: DecisionState, b: DecisionState): boolean {
  return a.status === b.status && a.service_id === b.service_id && a.method === b.method;
}

function isAsDecided(position: DecisionState, decision: Decision): boolean {
  if (decision.action === 'skip') return position.status === 'skipped';
  return position.status === 'normalized' && position.method === 'manual' && position.service_id === decision.service_id;
}


