/**
 * Where a position sits in its price list, for an analyst deciding it: its section, the rows extracted just
 * before and after it (with how each was matched), and its place in the source file (sheet or page, row).
 */
import { PricecatError } from '../errors.js';
import { viewPosition, type PositionView } from './position-view.js';
import type { MatchMethod, PositionStatus } from '../storage/records.js';
import type { QueryPort } from '../storage/query-port.js';
import { detail } from '../messages/message-catalogue.js';

/** Rows shown on each side of the position. @default 3 */
export const CONTEXT_ROWS = 3;

/** A neighbouring row of the same list. */
export interface NeighbourRow {
  readonly position_id: string;
  readonly raw_name: string;
  readonly section: string | null;
  readonly price: number | null;
  readonly status: PositionStatus;
  readonly method: MatchMethod | null;
  /** The service it is normalized to (name), or null. */
  readonly service_name: string | null;
  /** The table (sheet name, or the page of a PDF/scan) and row in the source file. */
  readonly source: { readonly table: string; readonly row: number };
  /** True for the position asked about. */
  readonly current: boolean;
}

/** The position's context. */
export interface PositionContext {
  readonly position: PositionView;
  readonly source: { readonly table: string; readonly row: number };
  readonly format: string | null;
  /** The rows around it in list order, itself included (`current`). */
  readonly rows: readonly NeighbourRow[];
}

/** The context of one position; NOT_FOUND for an unknown id. */
export async function positionContext(queries: QueryPort, positionId: string, around = CONTEXT_ROWS): Promise<PositionContext> {
  const position = await queries.getPosition(positionId);
  if (!position) throw new PricecatError('NOT_FOUND', detail('POSITION_NOT_FOUND', { id: positionId }));
  const model = await queries.directory();
  const { items } = await queries.findPositions({ price_list_id: position.price_list_id });
  const index = items.findIndex((p) => p.position_id === positionId);
  const window = index < 0 ? [position] : items.slice(Math.max(0, index - around), index + around + 1);
  return {
    position: viewPosition(model, position),
    source: position.source,
    format: model.priceListsById.get(position.price_list_id)?.format ?? null,
    rows: window.map((p) => ({
      position_id: p.position_id,
      raw_name: p.raw_name,
      section: p.section,
      price: p.price ?? p.price_nonresident,
      status: p.status,
      method: p.method,
      service_name: p.status === 'normalized' && p.service_id ? (model.servicesById.get(p.service_id)?.name ?? null) : null,
      source: p.source,
      current: p.position_id === positionId,
    })),
  };
}
