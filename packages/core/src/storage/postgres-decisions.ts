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
  const seen = new Map(decision.previous.map((p) => [p.position_id, p]));
  for (const batch of latestByKey(write.positions, (p) => p.position_id)) {
    // A match or a skip changes four columns of each position (and of every twin it decides): those alone are
    // sent, not every twin's whole record as JSON to parse and write back.
    if (batch.every((p) => onlyDecisionChanged(seen.get(p.position_id), p))) {
      await client.query(
        `UPDATE positions AS t SET status = x.status, service_id = x.service_id, method = x.method, confidence = x.confidence, version = t.version + 1
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[]) AS x(position_id, status, service_id, method, confidence)
         WHERE t.position_id = x.position_id`,
        [
          batch.map((p) => stripNul(p.position_id)),
          batch.map((p) => p.status),
          batch.map((p) => (p.service_id === null ? null : stripNul(p.service_id))),
          batch.map((p) => p.method),
          batch.map((p) => p.confidence),
        ],
      );
    } else {
      await client.query(updateSql(POSITIONS), [toJsonParam(batch)]);
    }
  }
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

/** The columns a decision sets (decide.ts: a match or a skip). */
const DECISION_FIELDS: ReadonlySet<string> = new Set(['status', 'service_id', 'method', 'confidence']);

/**
 * True when `after` is `before` but for the decision's columns: every other field the very same value (the
 * catalogue spreads the position it read, so nested fields are the same objects). Anything else is written whole.
 */
function onlyDecisionChanged(before: Position | undefined, after: Position): boolean {
  if (before === undefined) return false;
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const field of fields) {
    if (!DECISION_FIELDS.has(field) && (before as unknown as Record<string, unknown>)[field] !== (after as unknown as Record<string, unknown>)[field]) {
      return false;
    }
  }
  return true;
}

function sameState(a: DecisionState, b: DecisionState): boolean {
  return a.status === b.status && a.service_id === b.service_id && a.method === b.method;
}

function isAsDecided(position: DecisionState, decision: Decision): boolean {
  if (decision.action === 'skip') return position.status === 'skipped';
  return position.status === 'normalized' && position.method === 'manual' && position.service_id === decision.service_id;
}


