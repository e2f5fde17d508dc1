/**
 * The embedded store's decision log on disk, `decisions.jsonl`: one JSON object per line, only ever appended.
 * A line is a decision (`{"decision": …, "set": …}`) or the undo of one (`{"undo": "<decision id>", "set": …}`),
 * with the positions it changed: `set` holds the four fields a decision changes of each position
 * (`[position_id, service_id, method, confidence, status]`), `whole` the positions something else of changed too,
 * as compact list records. A line is committed once it is whole, newline included: a crash mid-append leaves at
 * most a torn last line, which is cut off at start (kept beside the log); a damaged line before it stops the start.
 * Node only.
 *
 * @module
 */
import { open, type FileHandle } from 'node:fs/promises';
import type { ListFile, StoredDecision } from './compact-records.js';
import type { Position } from './records.js';

/** The log's name in the data directory. */
export const DECISION_LOG_FILE_NAME = 'decisions.jsonl';

/** The fields a decision (or its undo) sets of a position, by id. */
export type DecidedFields = readonly [
  position_id: string,
  service_id: string | null,
  method: Position['method'],
  confidence: number,
  status: Position['status'],
];

/** A logged decision and what it changed. */
export interface DecisionLine {
  readonly decision: StoredDecision;
  readonly set: readonly DecidedFields[];
  readonly whole?: readonly ListFile[];
}

/** The undo of a logged decision and the positions it put back. */
export interface UndoLine {
  readonly undo: string;
  readonly set: readonly DecidedFields[];
  readonly whole?: readonly ListFile[];
}

export type LogLine = DecisionLine | UndoLine;

export function decidedFields(position: Position): DecidedFields {
  return [position.position_id, position.service_id, position.method, position.confidence, position.status];
}

/** `position` with the decided fields of `fields`. */
export function withDecidedFields(position: Position, fields: DecidedFields): Position {
  return { ...position, service_id: fields[1], method: fields[2], confidence: fields[3], status: fields[4] };
}

/** True when `next` differs from `stored` in the decided fields only (so `set` can carry it). */
export function differsInDecidedFieldsOnly(stored: Position, next: Position): boolean {
  const keys = new Set([...Object.keys(stored), ...Object.keys(next)]);
  for (const key of keys) {
    if (key === 'service_id' || key === 'method' || key === 'confidence' || key === 'status') continue;
    if (!sameJson((stored as unknown as Record<string, unknown>)[key], (next as unknown as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** One line as written (newline included). */
export function logLineText(line: LogLine): string {
  return `${JSON.stringify(line)}\n`;
}

/** The line's JSON checked for the shape this version writes; throws a Russian reason otherwise. */
export function parseLogLine(text: string): LogLine {
  const value = JSON.parse(text) as Record<string, unknown>;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('строка не объект JSON');
  if (!Array.isArray(value.set) || !value.set.every(isDecidedFields)) throw new Error('нет поля «set» с изменёнными позициями');
  if (value.whole !== undefined && !Array.isArray(value.whole)) throw new Error('поле «whole» не список');
  if (typeof value.undo === 'string') return value as unknown as UndoLine;
  const decision = value.decision as Record<string, unknown> | undefined;
  if (
    typeof decision !== 'object' ||
    decision === null ||
    typeof decision.decision_id !== 'string' ||
    (decision.action !== 'match' && decision.action !== 'skip') ||
    !Array.isArray(decision.previous) ||
    !Array.isArray(decision.skipped_items)
  ) {
    throw new Error('это не решение и не отмена решения');
  }
  return value as unknown as DecisionLine;
}

/** A line of the file as read: its bytes' place, and whether its newline was written. */
export interface RawLine {
  readonly text: string;
  /** 1-based line number. */
  readonly number: number;
  readonly start: number;
  /** Offset past the line's newline (or past its last byte when torn). */
  readonly end: number;
  readonly terminated: boolean;
}

/**
 * The file's lines, read in chunks (memory bounded by the longest line, not the file). The last one comes with
 * `terminated: false` when the file does not end with a newline.
 */
export async function* readLines(handle: FileHandle, chunkSize = 1 << 20): AsyncGenerator<RawLine> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let position = 0;
  let lineStart = 0;
  let number = 0;
  const buffer = Buffer.allocUnsafe(chunkSize);
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, chunkSize, position);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    let from = 0;
    for (let newline = chunk.indexOf(10, from); newline !== -1; newline = chunk.indexOf(10, from)) {
      const piece = chunk.subarray(from, newline);
      const bytes = pendingLength === 0 ? piece : Buffer.concat([...pending, piece], pendingLength + piece.length);
      const end = position + newline + 1;
      yield { text: bytes.toString('utf-8'), number: ++number, start: lineStart, end, terminated: true };
      pending = [];
      pendingLength = 0;
      lineStart = end;
      from = newline + 1;
    }
    if (from < bytesRead) {
      // Copied: the buffer is reused for the next chunk.
      pending.push(Buffer.from(chunk.subarray(from)));
      pendingLength += bytesRead - from;
    }
    position += bytesRead;
  }
  if (pendingLength > 0) {
    yield { text: Buffer.concat(pending, pendingLength).toString('utf-8'), number: ++number, start: lineStart, end: position, terminated: false };
  }
}

/** The bytes `[start, end)` of the file at `path`. */
export async function readRange(path: string, start: number, end: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(end - start);
    await handle.read(buffer, 0, buffer.length, start);
    return buffer;
  } finally {
    await handle.close();
  }
}

// ---- internal helpers ----

function isDecidedFields(value: unknown): value is DecidedFields {
  return Array.isArray(value) && value.length === 5 && typeof value[0] === 'string' && typeof value[3] === 'number' && typeof value[4] === 'string';
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => sameJson(item, other[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x).filter((k) => x[k] !== undefined);
  if (keys.length !== Object.keys(y).filter((k) => y[k] !== undefined).length) return false;
  return keys.every((k) => sameJson(x[k], y[k]));
}
